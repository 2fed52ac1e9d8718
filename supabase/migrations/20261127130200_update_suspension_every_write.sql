-- A suspended account changes nothing another person sees: besides posts, comments, likes and
-- reports (20261123140000), its unlikes (a public counter moves) and an image stored for its
-- chisme (through the chisme-image function, which stores with the service role) are refused
-- with user_suspended. The checks live on the tables, so every path is covered, whichever RPC
-- or function writes.

-- Now also for deletes (an unlike): a BEFORE DELETE trigger must return the old row, or the
-- delete would be skipped silently instead of refused.
create or replace function private.block_suspended_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_until timestamptz;
begin
  if (select auth.uid()) is not null then
    select s.suspended_until into v_until from private.suspensions s
    where s.user_id = (select auth.uid()) and s.suspended_until > now();
    if v_until is not null then
      raise exception 'user_suspended' using errcode = 'P0001',
        detail = jsonb_build_object('until', v_until)::text;
    end if;
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
comment on function private.block_suspended_user() is 'Trigger: a suspended caller cannot write (user_suspended with the end date); inserts and deletes.';
revoke execute on function private.block_suspended_user() from public, anon, authenticated, service_role;

create trigger likes_before_delete_block_suspended
  before delete on public.likes for each row execute function private.block_suspended_user();

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
comment on function private.block_suspended_image_author() is 'Trigger: no image is stored for a chisme whose author is suspended (user_suspended).';
revoke execute on function private.block_suspended_image_author() from public, anon, authenticated, service_role;

create trigger objects_before_insert_block_suspended_author
  before insert on storage.objects for each row execute function private.block_suspended_image_author();
