-- Cotilleo images private by construction (docs/decisions/0011-private-cotilleo-images.md).
--
-- 1. Clients can no longer read or sign objects of the `chismes` bucket themselves: the read
--    policy goes, so a client-made signed URL is refused. The `chisme-image-url` function
--    decides (cotilleo, has an image, inside the 20 minutes) and signs with the service role
--    for at most 60 s and at most the rest of the window.
-- 2. `file_exist` follows the stored object itself: a trigger on storage.objects sets it in
--    the transaction that inserts the object's row and clears it in the one that deletes it,
--    so no crash of the uploading function can leave an object without its mark or a mark
--    without its object. An object whose name is no chisme's is refused at insert, and an
--    object is never replaced by another version (racing uploads store exactly one).
-- 3. Purge: `list_expired_chisme_images` names the objects past the window (service role
--    only); the `chisme-image-purge` function deletes them through the Storage API (hosted
--    Supabase forbids deleting storage rows with SQL, and the bytes live outside the
--    database). It is run every minute by pg_cron + pg_net where pg_net exists (hosted), and
--    by the function's own timer in the long-lived local function process (see its README).

drop policy objects_select_authenticated on storage.objects;

-- Security definer: the trigger runs as whoever writes storage.objects (the storage service's
-- role), which may not update public.chismes.
create or replace function private.sync_chisme_file_exist()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uuid_pattern constant text := '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
  v_found boolean;
begin
  if tg_op in ('DELETE', 'UPDATE') and old.bucket_id = 'chismes' and old.name ~* v_uuid_pattern then
    update public.chismes set file_exist = false where id = old.name::uuid and file_exist;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.bucket_id = 'chismes' then
    if new.name !~* v_uuid_pattern then
      raise exception 'chisme_not_found' using errcode = 'P0001';
    end if;
    update public.chismes set file_exist = true where id = new.name::uuid and cotilleo;
    get diagnostics v_found = row_count;
    if not v_found then
      raise exception 'chisme_not_found' using errcode = 'P0001';
    end if;
  end if;
  return null;
end;
$$;
comment on function private.sync_chisme_file_exist() is 'Trigger: a chisme''s file_exist follows its object in the chismes bucket (set on insert, cleared on delete); objects that are no cotilleo chisme''s are refused.';
revoke execute on function private.sync_chisme_file_exist() from public, anon, authenticated, service_role;

create trigger objects_after_write_sync_chisme_file
  after insert or delete or update of name, bucket_id on storage.objects
  for each row execute function private.sync_chisme_file_exist();

-- An image is never replaced: a write that changes the stored version of a chismes object (an
-- upsert, or a second upload racing the first into an "insert … on conflict do update") is
-- refused, so racing uploads of one chisme end with exactly the first one stored. Updates that
-- keep the version (metadata, last access) pass.
create or replace function private.refuse_chisme_image_replacement()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if old.bucket_id = 'chismes' and new.version is distinct from old.version then
    raise exception 'chisme_image_exists' using errcode = 'P0001';
  end if;
  return new;
end;
$$;
comment on function private.refuse_chisme_image_replacement() is 'Trigger: an object of the chismes bucket is never overwritten by another version.';
revoke execute on function private.refuse_chisme_image_replacement() from public, anon, authenticated, service_role;

create trigger objects_before_update_keep_chisme_image
  before update on storage.objects
  for each row execute function private.refuse_chisme_image_replacement();

-- The objects the purge must delete: their chisme is older than the 20-minute window, or gone.
-- Security invoker: only the service role may execute it, and it reads both tables itself.
create or replace function public.list_expired_chisme_images(p_limit int default 100)
returns setof text
language sql
stable
security invoker
set search_path = ''
as $$
  select o.name
  from storage.objects o
  left join public.chismes c
    on c.id = (case when o.name ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then o.name::uuid end)
  where o.bucket_id = 'chismes'
    and (c.id is null or c.created_at < now() - interval '20 minutes')
  order by o.created_at
  limit least(greatest(coalesce(p_limit, 100), 1), 1000);
$$;
comment on function public.list_expired_chisme_images(int) is 'Service role only: names of chismes-bucket objects whose viewing window has closed, for the purge.';
revoke execute on function public.list_expired_chisme_images(int) from public, anon, authenticated;
grant execute on function public.list_expired_chisme_images(int) to service_role;

-- Hosted schedule: every minute, pg_net calls the purge function with the service key kept in
-- Vault (secrets `project_url` and `service_role_key`, created by the operator). Where pg_net
-- or pg_cron is missing (the local stack), the purge function's own timer does the work.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_net')
    and exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
    create extension if not exists pg_net;
    perform cron.schedule(
      'purge-chisme-images',
      '* * * * *',
      $job$
        select net.http_post(
          url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
            || '/functions/v1/chisme-image-purge',
          headers := jsonb_build_object(
            'Content-Type', 'application/json',
            'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
          ),
          body := '{}'::jsonb
        )
      $job$
    );
  else
    raise notice 'pg_net unavailable: chisme images are purged by the chisme-image-purge function''s own timer';
  end if;
end;
$$;
