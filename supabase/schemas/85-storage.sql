-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

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
    -- a "Chisme eliminado" placeholder takes no image (20-chismes.sql)
    update public.chismes set file_exist = true where id = new.name::uuid and cotilleo and deleted_at is null;
    get diagnostics v_found = row_count;
    if not v_found then
      raise exception 'chisme_not_found' using errcode = 'P0001';
    end if;
  end if;
  return null;
end;
$$;
revoke all on function private.sync_chisme_file_exist() from public, anon, authenticated, service_role;
comment on function private.sync_chisme_file_exist() is 'Trigger: a chisme''s file_exist follows its object in the chismes bucket (set on insert, cleared on delete); objects that are no cotilleo chisme''s (or a deleted chisme''s placeholder''s) are refused.';

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
revoke all on function private.refuse_chisme_image_replacement() from public, anon, authenticated, service_role;
comment on function private.refuse_chisme_image_replacement() is 'Trigger: an object of the chismes bucket is never overwritten by another version.';

create trigger objects_before_update_keep_chisme_image
  before update on storage.objects
  for each row execute function private.refuse_chisme_image_replacement();

-- The objects the purge must delete: their chisme is older than the 20-minute window, or gone,
-- or deleted by its author and kept as a "Chisme eliminado" placeholder for others' comments
-- (20-chismes.sql): the placeholder is committed with the deletion, so a process that dies
-- between the delete and the purge leaves the object listed.
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
    and (c.id is null or c.deleted_at is not null or c.created_at < now() - interval '20 minutes')
  order by o.created_at
  limit least(greatest(coalesce(p_limit, 100), 1), 1000);
$$;
revoke all on function public.list_expired_chisme_images(integer) from public, anon, authenticated, service_role;
grant execute on function public.list_expired_chisme_images(integer) to service_role;
comment on function public.list_expired_chisme_images(int) is 'Service role only: names of chismes-bucket objects whose viewing window has closed or whose chisme is gone or a placeholder, for the purge.';

-- The image of a chisme is stored by the chisme-image function with the service role, so the
-- caller is not the writer here: the chisme's author is looked up instead. Security definer:
-- chisme_authors and private.suspensions are not readable by the storage service's role.
create or replace function private.block_suspended_image_author()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_until timestamptz;
begin
  if new.bucket_id = 'chismes'
     and new.name ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select s.suspended_until into v_until
    from public.chisme_authors a
    join private.suspensions s on s.user_id = a.user_id
    where a.chisme_id = new.name::uuid and s.suspended_until > now();
    if v_until is not null then
      raise exception 'user_suspended' using errcode = 'P0001',
        detail = jsonb_build_object('until', v_until)::text;
    end if;
  end if;
  return new;
end;
$$;
revoke all on function private.block_suspended_image_author() from public, anon, authenticated, service_role;
comment on function private.block_suspended_image_author() is 'Trigger: no image is stored for a chisme whose author is suspended (user_suspended).';

create trigger objects_before_insert_block_suspended_author
  before insert on storage.objects for each row execute function private.block_suspended_image_author();
