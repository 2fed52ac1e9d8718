-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

-- Moderation (docs/decisions/0009-moderator-role-and-decisions.md, docs/decisions/0010-automatic-hiding.md): a moderator role carried by the JWT (`app_metadata.role =
-- 'moderator'`, writable only by the service role), automatic hiding of content reported by
-- N distinct users (N in private.moderation_settings, 5 by default), a review queue and its
-- decisions (restore, delete, suspend the author by content id), suspensions that block every
-- write of a user, an append-only audit table, moderator management of the offensive-word
-- list, decision notifications and a private realtime topic `moderation` for moderators.
-- Anonymity: nothing here ever returns an author's or a reporter's id to a client.
--
-- Where the hide condition lives: for comments in RLS (every thread read inherits it); for
-- chismes in the read RPCs (get_feed, get_chisme: 25-feed.sql; get_comments: 40-comments.sql) and in a
-- write guard, not in RLS: any non-trivial policy on chismes makes PostgreSQL refuse the
-- non-leakproof `tags && …` as an index condition, so the GIN tag index could never serve a
-- signed-in feed again (measured: docs/decisions/0010-automatic-hiding.md).
-- The suspension check and the hidden-chisme guard are steps of each table's write pipeline.

-- ---------------------------------------------------------------------------------------------
-- Role
-- ---------------------------------------------------------------------------------------------
create or replace function private.is_moderator()
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') = 'moderator';
$$;
revoke all on function private.is_moderator() from public, anon, authenticated, service_role;
grant execute on function private.is_moderator() to public;
grant execute on function private.is_moderator() to authenticated;
grant execute on function private.is_moderator() to service_role;
comment on function private.is_moderator() is 'Whether the caller''s JWT carries app_metadata.role = moderator (only the service role can set it).';

create or replace function private.require_moderator()
returns uuid
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
begin
  if not private.is_moderator() then
    raise exception 'moderator_required' using errcode = 'P0001';
  end if;
  return v_user_id;
end;
$$;
revoke all on function private.require_moderator() from public, anon, authenticated, service_role;
grant execute on function private.require_moderator() to public;
grant execute on function private.require_moderator() to authenticated;
grant execute on function private.require_moderator() to service_role;
comment on function private.require_moderator() is 'The caller''s id when they are a moderator; moderator_required otherwise.';

-- Security definer: auth.users is not writable by clients nor by the API's service role.
-- Callable by the service role (and the database owner: scripts/moderator.ts, the seed).
create or replace function public.set_moderator(p_email text, p_moderator boolean)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  update auth.users u
  set raw_app_meta_data = case
      when p_moderator then coalesce(u.raw_app_meta_data, '{}'::jsonb) || '{"role":"moderator"}'::jsonb
      else coalesce(u.raw_app_meta_data, '{}'::jsonb) - 'role'
    end,
    updated_at = now()
  where lower(u.email) = lower(btrim(p_email));
  return found;
end;
$$;
revoke all on function public.set_moderator(text,boolean) from public, anon, authenticated, service_role;
grant execute on function public.set_moderator(text,boolean) to service_role;
comment on function public.set_moderator(text, boolean) is 'Service role: grants (true) or revokes (false) the moderator role of the account with this e-mail; true when it exists. Takes effect at the next token refresh.';

-- ---------------------------------------------------------------------------------------------
-- Settings, columns, indexes
-- ---------------------------------------------------------------------------------------------
create table private.moderation_settings (
  id boolean primary key default true check (id),
  hide_threshold int not null default 5 check (hide_threshold between 1 and 1000)
);
revoke all on table private.moderation_settings from public, anon, authenticated, service_role;
comment on table private.moderation_settings is 'One row: distinct reports that hide a chisme or comment until a moderator decides.';

-- ---------------------------------------------------------------------------------------------
-- Suspensions
-- ---------------------------------------------------------------------------------------------
create table private.suspensions (
  user_id uuid primary key references auth.users (id) on delete cascade,
  suspended_until timestamptz not null,
  created_at timestamptz not null default now()
);
revoke all on table private.suspensions from public, anon, authenticated, service_role;
comment on table private.suspensions is 'Users who may read but not post, comment, like or report until suspended_until.';

-- Security definer: the caller's own suspension, for the web to show before a write.
create or replace function public.get_my_suspension()
returns timestamptz
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
begin
  return (select s.suspended_until from private.suspensions s
          where s.user_id = v_user_id and s.suspended_until > now());
end;
$$;
revoke all on function public.get_my_suspension() from public, anon, authenticated, service_role;
grant execute on function public.get_my_suspension() to authenticated;
grant execute on function public.get_my_suspension() to service_role;
comment on function public.get_my_suspension() is 'When the caller''s suspension ends; null when they are not suspended.';

-- A suspended account changes nothing another person sees: besides posts, comments, likes and
-- reports (70-moderation.sql), its unlikes (a public counter moves) and an image stored for its
-- chisme (through the chisme-image function, which stores with the service role) are refused
-- with user_suspended. The checks live in the tables' write pipelines (the second step of
-- private.check_chisme_write, check_comment_write, check_like_write, check_report_write), so
-- every path is covered, whichever RPC or function writes.
--
-- Security definer: private.suspensions is not readable by the writers' roles.
create or replace function private.guard_suspended_user()
returns void
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
end;
$$;
revoke all on function private.guard_suspended_user() from public, anon, authenticated, service_role;
comment on function private.guard_suspended_user() is 'Write step: a suspended caller writes nothing (user_suspended with the end date).';

-- Suspends a person for a time (a moderator's decision, 70-moderation.sql, or the misuse
-- measure, 74-statements.sql): a longer running suspension stands; returns the end.
create or replace function private.suspend_user(p_user_id uuid, p_for interval)
returns timestamptz
language sql
security definer
set search_path = ''
as $$
  insert into private.suspensions as s (user_id, suspended_until)
  values (p_user_id, now() + p_for)
  on conflict (user_id) do update
    set suspended_until = greatest(
      case when s.suspended_until > now() then s.suspended_until else now() end,
      excluded.suspended_until),
      created_at = now()
  returning s.suspended_until;
$$;
revoke all on function private.suspend_user(uuid,interval) from public, anon, authenticated, service_role;
comment on function private.suspend_user(uuid, interval) is 'Suspends a person for a time (a longer running suspension stands); returns when it ends (security definer).';
