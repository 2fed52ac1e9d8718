-- The read policy on storage.objects compared `chismes.id::text = name`, which no index can
-- serve: every signed URL scanned the chismes table. Compare uuids instead so the primary key
-- answers; a name that is not a uuid (no chisme's) matches nothing and never raises a cast
-- error (CASE evaluates the cast only for well-formed names). Same rule as before.

drop policy objects_select_authenticated on storage.objects;

create policy objects_select_authenticated on storage.objects
  for select to authenticated
  using (
    bucket_id = 'chismes'
    and exists (
      select 1 from public.chismes c
      where c.id = (
          case when name ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then name::uuid end
        )
        and c.cotilleo
        and c.created_at >= now() - interval '20 minutes'
    )
  );
comment on policy objects_select_authenticated on storage.objects is 'A cotilleo image is viewable by signed-in users for 20 minutes after its chisme was posted.';
