-- Daily notification retention with pg_cron where the extension exists (Supabase provides
-- it). Without it the 30-day rule still holds: inserts trim and reads hide older rows.

do $$
begin
  create extension if not exists pg_cron with schema pg_catalog;
  perform cron.schedule(
    'delete-expired-notifications',
    '17 3 * * *',
    'select private.delete_expired_notifications()'
  );
exception when others then
  raise notice 'pg_cron unavailable (%), notification retention runs on insert only', sqlerrm;
end;
$$;
