-- Supabase platform bootstrap, part 17: the image's event trigger that opens pg_net to the API
-- roles when a project creates it (supabase/postgres migrations/db/migrations/
-- 20220713082019_pg_cron-pg_net-temp-perms-fix.sql, 20250220051611_pg_net_perms_fix.sql: the
-- `net` schema's USAGE for supabase_functions_admin, postgres and the API roles; pg_net 0.12 and
-- later need nothing else). pg_net itself is the stack's stand-in (postgres/extensions/).
create function extensions.grant_pg_net_access() returns event_trigger
language plpgsql set search_path = '' as $$
begin
  if exists (
    select 1 from pg_catalog.pg_event_trigger_ddl_commands() ev
    join pg_catalog.pg_extension ext on ev.objid = ext.oid
    where ext.extname = 'pg_net'
  ) then
    grant usage on schema net to supabase_functions_admin, postgres, anon, authenticated, service_role;
  end if;
end;
$$;
create event trigger issue_pg_net_access on ddl_command_end when tag in ('CREATE EXTENSION')
  execute function extensions.grant_pg_net_access();
