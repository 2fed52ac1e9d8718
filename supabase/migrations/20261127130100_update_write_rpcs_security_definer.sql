-- Every client write RPC runs as its owner (security definer, search_path ''), because
-- clients no longer hold any write privilege on the tables (previous migration). This file
-- runs after every other branch's migrations, so the `alter function` below applies to the
-- final bodies whoever wrote them; a loop by name covers every overload, so a changed
-- signature is covered too (pgTAP 200 lists the functions a client may execute).
--
-- What changes when a write runs as the owner, and how each rule keeps holding:
--   * RLS no longer filters what the RPC and the security invoker rule triggers read. Rules
--     that relied on it become explicit triggers here (every path, whoever writes):
--       - a reply to a comment hidden by moderation: comment_parent_not_found (RLS used to
--         hide the parent from anyone but its author and moderators);
--       - a report of a hidden chisme or comment (or a comment of a hidden chisme):
--         report_target_not_found;
--       - an unlike on a hidden chisme: chisme_not_found (likes and comments already have
--         guard_hidden_chisme, a security definer trigger that never relied on RLS).
--     The rule triggers' own checks compare with the caller's id explicitly (own like, own
--     report, own chisme), and the notification and profile RPCs filter by the caller's id
--     and by the same 30-day window as the notifications read policy (redefined below).
--   * `current_user` is the owner inside. Rules that must know whether a client is writing
--     read the request's role instead (`private.is_client_write()`): PostgREST sets it from
--     the verified JWT, a client cannot choose it, and a security definer function does not
--     change it. The rate limits and new-account rules already do. The rule triggers whose
--     `current_user in ('anon', 'authenticated')` branch now stays off for RPC writes only
--     forced server-chosen columns (ids, counters, timestamps, the author); the RPCs never
--     pass those, so the column defaults (auth.uid(), now(), 0) give the same values.

-- The request's role as PostgREST set it (from the verified JWT): anon or authenticated for a
-- client, whether or not a security definer function is running.
create or replace function private.is_client_write()
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(current_setting('role', true), 'none') in ('anon', 'authenticated');
$$;
comment on function private.is_client_write() is 'Whether the request''s role (set by PostgREST from the verified JWT, unchanged by security definer) is a client''s.';
revoke execute on function private.is_client_write() from public, anon, authenticated, service_role;

do $$
declare
  v_function regprocedure;
begin
  for v_function in
    select p.oid::regprocedure
    from pg_proc p
    where p.pronamespace = 'public'::regnamespace
      and p.proname in (
        'create_chisme', 'add_comment', 'like_chisme', 'unlike_chisme', 'report_chisme', 'report_comment',
        'mark_notification_read', 'mark_all_notifications_read', 'delete_notification', 'update_my_profile',
        'log_country'
      )
  loop
    execute format('alter function %s security definer', v_function);
    execute format('alter function %s set search_path = %L', v_function, '');
  end loop;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Notifications: the caller's own, within the 30 days the read policy shows
-- ---------------------------------------------------------------------------------------------

create or replace function public.mark_notification_read(p_id text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
begin
  update public.notifications n set is_read = true
  where n.id = private.uuid_arg(p_id, 'notification_not_found')
    and n.user_id = v_user_id
    and n.created_at > now() - interval '30 days';
  return found;
end;
$$;
comment on function public.mark_notification_read(text) is 'Marks one of the caller''s notifications read; false when there is no such notification. Security definer: clients hold no write privilege; the caller and the read window are explicit.';

create or replace function public.mark_all_notifications_read()
returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
  v_count int;
begin
  update public.notifications n set is_read = true
  where n.user_id = v_user_id and not n.is_read and n.created_at > now() - interval '30 days';
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
comment on function public.mark_all_notifications_read() is 'Marks every unread notification of the caller read; returns how many changed. Security definer: the caller and the read window are explicit.';

create or replace function public.delete_notification(p_id text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
begin
  delete from public.notifications n
  where n.id = private.uuid_arg(p_id, 'notification_not_found')
    and n.user_id = v_user_id
    and n.created_at > now() - interval '30 days';
  return found;
end;
$$;
comment on function public.delete_notification(text) is 'Deletes one of the caller''s notifications; false when there is no such notification. Security definer: the caller and the read window are explicit.';

-- ---------------------------------------------------------------------------------------------
-- Hidden content stays "not found" for others, now that RLS does not filter inside the RPCs
-- ---------------------------------------------------------------------------------------------

-- Whether the caller may see this comment: not hidden, or theirs, or they moderate; and its
-- chisme is visible to them (the comments read policy, written out).
create or replace function private.can_see_comment(p_comment_id uuid)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select exists (
    select 1
    from public.comments cm
    join public.chismes ch on ch.id = cm.chisme_id
    where cm.id = p_comment_id
      and (cm.hidden_at is null or private.is_moderator()
           or exists (select 1 from public.comment_authors a where a.comment_id = cm.id and a.user_id = (select auth.uid())))
      and (ch.hidden_at is null or private.can_see_hidden_chisme(ch.id))
  );
$$;
comment on function private.can_see_comment(uuid) is 'Whether the caller sees the comment (the comments read policy written out, for code that runs as the owner).';
revoke execute on function private.can_see_comment(uuid) from public, anon, authenticated, service_role;

-- Security definer: reads hidden_at and the authorship whatever the caller.
create or replace function private.guard_hidden_parent_comment()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is not null and new.parent_id is not null
     and exists (select 1 from public.comments p where p.id = new.parent_id)
     and not private.can_see_comment(new.parent_id) then
    raise exception 'comment_parent_not_found' using errcode = 'P0001';
  end if;
  return new;
end;
$$;
comment on function private.guard_hidden_parent_comment() is 'Trigger: a reply to a comment the caller cannot see (hidden by moderation) is comment_parent_not_found.';
revoke execute on function private.guard_hidden_parent_comment() from public, anon, authenticated, service_role;

create trigger comments_before_insert_block_hidden_parent
  before insert on public.comments for each row execute function private.guard_hidden_parent_comment();

-- Security definer: reads hidden_at and the authorship whatever the caller.
create or replace function private.guard_hidden_report_target()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    return new;
  end if;
  if new.chisme_id is not null
     and exists (select 1 from public.chismes c where c.id = new.chisme_id and c.hidden_at is not null)
     and not private.can_see_hidden_chisme(new.chisme_id) then
    raise exception 'report_target_not_found' using errcode = 'P0001';
  end if;
  if new.comment_id is not null
     and exists (select 1 from public.comments c where c.id = new.comment_id)
     and not private.can_see_comment(new.comment_id) then
    raise exception 'report_target_not_found' using errcode = 'P0001';
  end if;
  return new;
end;
$$;
comment on function private.guard_hidden_report_target() is 'Trigger: a report of content the caller cannot see (hidden by moderation) is report_target_not_found.';
revoke execute on function private.guard_hidden_report_target() from public, anon, authenticated, service_role;

create trigger reports_before_insert_block_hidden_target
  before insert on public.reports for each row execute function private.guard_hidden_report_target();

-- Security definer: reads hidden_at whatever the caller.
create or replace function private.guard_hidden_chisme_unlike()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is not null
     and exists (select 1 from public.chismes c where c.id = old.chisme_id and c.hidden_at is not null)
     and not private.can_see_hidden_chisme(old.chisme_id) then
    raise exception 'chisme_not_found' using errcode = 'P0001';
  end if;
  return old;
end;
$$;
comment on function private.guard_hidden_chisme_unlike() is 'Trigger: an unlike on a chisme hidden from the caller is chisme_not_found, like a like.';
revoke execute on function private.guard_hidden_chisme_unlike() from public, anon, authenticated, service_role;

create trigger likes_before_delete_block_hidden
  before delete on public.likes for each row execute function private.guard_hidden_chisme_unlike();
