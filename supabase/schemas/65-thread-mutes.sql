-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

-- Muting a thread: the author of a chisme, or anyone who commented in it, stops (and may
-- restart) its notifications. A muted thread produces no notification rows for that person:
-- private.notify returns before the budget, the row and the broadcast, for the kinds a thread
-- makes (comment, reply, like); a moderation decision still reaches its author.
-- The RPCs take the chisme id, never a user id, and return nothing that names anyone.
create table private.thread_mutes (
  user_id uuid not null references auth.users (id) on delete cascade,
  chisme_id uuid not null references public.chismes (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, chisme_id)
);
revoke all on table private.thread_mutes from public, anon, authenticated, service_role;
comment on table private.thread_mutes is 'Threads (chismes) whose notifications a person muted. No API access.';

create index thread_mutes_chisme_id_idx on private.thread_mutes (chisme_id);

-- Whether the caller may mute p_chisme_id: they wrote it or commented in it, and can see it.
create or replace function private.can_mute_thread(p_chisme_id uuid)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select exists (
    select 1 from public.chismes c
    where c.id = p_chisme_id and (c.hidden_at is null or private.can_see_hidden_chisme(c.id))
  ) and (
    exists (select 1 from public.chisme_authors a where a.chisme_id = p_chisme_id and a.user_id = (select auth.uid()))
    or exists (
      select 1 from public.comment_authors a join public.comments m on m.id = a.comment_id
      where a.user_id = (select auth.uid()) and m.chisme_id = p_chisme_id)
  );
$$;
revoke all on function private.can_mute_thread(uuid) from public, anon, authenticated, service_role;
comment on function private.can_mute_thread(uuid) is 'True when the caller wrote the chisme or commented in it (and can see it).';

-- Security definer: reads the author tables (RLS shows them to their owner only) and writes
-- private.thread_mutes; the caller is checked here.
create or replace function public.mute_thread(p_chisme_id text, p_muted text default 'true')
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
  v_chisme_id uuid := private.uuid_arg(p_chisme_id, 'mute_target_not_found');
  v_muted boolean := coalesce(private.boolean_arg(p_muted, 'mute_target_not_found'), true);
begin
  if not private.can_mute_thread(v_chisme_id) then
    raise exception 'mute_target_not_found' using errcode = 'P0001';
  end if;
  if v_muted then
    insert into private.thread_mutes (user_id, chisme_id) values (v_user_id, v_chisme_id)
    on conflict do nothing;
  else
    delete from private.thread_mutes m where m.user_id = v_user_id and m.chisme_id = v_chisme_id;
  end if;
  return v_muted;
end;
$$;
revoke all on function public.mute_thread(text,text) from public, anon, authenticated, service_role;
grant execute on function public.mute_thread(text,text) to service_role;
grant execute on function public.mute_thread(text,text) to authenticated;
comment on function public.mute_thread(text, text) is 'Mutes (p_muted true) or unmutes a thread''s notifications for its author or a commenter; returns the new state. Key: mute_target_not_found (unknown, hidden, malformed, or not theirs to mute).';

-- Security definer: as above. Null when the caller may not mute the thread.
create or replace function public.get_thread_mute(p_chisme_id text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
  v_chisme_id uuid := private.uuid_arg(p_chisme_id, 'mute_target_not_found');
begin
  if not private.can_mute_thread(v_chisme_id) then
    return null;
  end if;
  return exists (select 1 from private.thread_mutes m where m.user_id = v_user_id and m.chisme_id = v_chisme_id);
end;
$$;
revoke all on function public.get_thread_mute(text) from public, anon, authenticated, service_role;
grant execute on function public.get_thread_mute(text) to service_role;
grant execute on function public.get_thread_mute(text) to authenticated;
comment on function public.get_thread_mute(text) is 'Whether the caller muted a thread; null when it is not theirs to mute (neither its author nor a commenter).';
