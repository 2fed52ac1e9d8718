-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

-- Likes (spec §4 "Like"): signed-in users only, never on one's own chisme, once per user,
-- unlike removes it; chismes.likes follows exactly and never goes below 0. The author is
-- notified once per liker and chisme, ever. RLS shows a like only to the liker (anonymity).
create table public.likes (
  chisme_id uuid not null references public.chismes (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (chisme_id, user_id)
);
alter table public.likes enable row level security;
revoke all on table public.likes from public, anon, authenticated, service_role;
grant all on table public.likes to service_role;
grant select on table public.likes to authenticated;
comment on table public.likes is 'Who liked which chisme; RLS shows a row only to the liker (liked_by_me).';

create index likes_user_id_idx on public.likes (user_id);

create policy likes_select_authenticated on public.likes
  for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy likes_select_authenticated on public.likes is 'A user sees only their own likes.';

create policy likes_insert_authenticated on public.likes
  for insert to authenticated
  with check (user_id = (select auth.uid()));
comment on policy likes_insert_authenticated on public.likes is 'A user likes only as themselves.';

create policy likes_delete_authenticated on public.likes
  for delete to authenticated
  using (user_id = (select auth.uid()));
comment on policy likes_delete_authenticated on public.likes is 'A user removes only their own like.';

-- Remembers every (chisme, liker) pair ever notified, so unlike + like never notifies twice
-- even after the notification itself was deleted. Private: no API role can read it.
create table private.notified_likes (
  chisme_id uuid not null references public.chismes (id) on delete cascade,
  liker_id uuid not null references auth.users (id) on delete cascade,
  primary key (chisme_id, liker_id)
);
revoke all on table private.notified_likes from public, anon, authenticated, service_role;
comment on table private.notified_likes is 'Like notifications already sent (once per liker and chisme, ever). No API access.';

create index notified_likes_liker_id_idx on private.notified_likes (liker_id);

-- ---------------------------------------------------------------------------------------------
-- The write pipeline: everything a like and an unlike do, in the order they run
-- ---------------------------------------------------------------------------------------------
-- One trigger per timing and operation; its function calls the steps in the order listed here
-- (docs/database.md, "Write pipelines"). like_chisme inserts the row and unlike_chisme deletes
-- it (at the end of this file); a step that refuses raises its key and undoes the write.
--
-- A like, before the row is stored (private.check_like_write):
--   1. a chisme hidden by moderation is not found (chisme_not_found), except for its author
--      and moderators (private.guard_hidden_chisme, 20-chismes.sql);
--   2. a chisme whose author the caller blocked takes no like from them
--      (chisme_author_blocked: private.guard_blocked_author, 18-blocks.sql; an unlike of their
--      own earlier like stays possible);
--   3. a suspended account likes nothing (user_suspended: private.guard_suspended_user,
--      16-suspensions.sql);
--   4. the like is the caller's own, now (private.own_client_row, 05-helpers.sql), of a
--      chisme that exists, not their own, not liked before (chisme_not_found,
--      like_own_chisme, like_already_exists: private.check_like_rules, below);
--   5. the like rate limit, likes and unlikes together (rate_limited:
--      private.enforce_rate_limit, 12-rate-limits.sql);
--   6. new accounts' per-chisme cap (new_account_limited:
--      private.limit_new_accounts_per_target, 14-new-accounts.sql).
-- A like, once stored (private.apply_like_write):
--   1. the author's notification, once per liker and chisme ever (private.notify_like, below;
--      private.notify in 60-notifications.sql collapses it into the author's unread row, within
--      the liker's budget, and the notifications pipeline broadcasts it);
--   2. the chisme's like count (private.count_like, below), whose update runs the chismes
--      pipeline after update: updated_at, the trending copy, the realtime outbox (20-chismes.sql).
--   Lock order, decided here: the notification comes before the count, so every like takes the
--   author's collapsed notification row before the chisme's row, on either path of count_like:
--   no cycle between two likes, no deadlock.
-- An unlike, before the row is deleted: steps 1, 2 and 4 above; once deleted: the count. A like
-- deleted by anyone but its liker (with its chisme: private.remove_chisme) skips the checks.
--
-- Security definer: the steps are private functions no API role may execute, whoever writes.
create or replace function private.check_like_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- each step's value is dropped: a call as an expression, not a PERFORM query (docs/database.md,
  -- "Write pipelines")
  v_step text;
  v_own record;
begin
  if tg_op = 'DELETE' then
    -- an unlike is the caller's own; others' likes removed with their chisme (by its author or
    -- an account deletion: 20-chismes.sql, private.remove_chisme) are not the remover's unlikes
    if old.user_id is distinct from (select auth.uid()) then
      return old;
    end if;
    v_step := private.guard_hidden_chisme(old.chisme_id);
    v_step := private.guard_suspended_user();
    v_step := private.enforce_rate_limit('like');
    -- a BEFORE DELETE trigger that returns null would skip the delete silently
    return old;
  end if;
  v_step := private.guard_hidden_chisme(new.chisme_id);
  v_step := private.guard_blocked_author(new.chisme_id, null);
  v_step := private.guard_suspended_user();
  v_own := private.own_client_row(new.user_id, new.created_at);
  new.user_id := v_own.o_user_id;
  new.created_at := v_own.o_created_at;
  v_step := private.check_like_rules(new.chisme_id, new.user_id);
  v_step := private.enforce_rate_limit('like');
  v_step := private.limit_new_accounts_per_target('like', new.chisme_id);
  return new;
end;
$$;
revoke all on function private.check_like_write() from public, anon, authenticated, service_role;
comment on function private.check_like_write() is 'Trigger: the checks of a like or an unlike in order (hidden chisme, blocked author, suspension, own rules, rate limit, new-account cap).';

create or replace function private.apply_like_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- each step's value is dropped: a call as an expression, not a PERFORM query (docs/database.md,
  -- "Write pipelines")
  v_step text;
begin
  if tg_op = 'DELETE' then
    v_step := private.count_like(old.chisme_id, -1);
    return null;
  end if;
  v_step := private.notify_like(new.chisme_id, new.user_id);
  v_step := private.count_like(new.chisme_id, 1);
  return null;
end;
$$;
revoke all on function private.apply_like_write() from public, anon, authenticated, service_role;
comment on function private.apply_like_write() is 'Trigger: the effects of a like (notification, then count) or an unlike (count), in that lock order.';

create trigger likes_before_insert_check_rules
  before insert on public.likes
  for each row execute function private.check_like_write();

create trigger likes_before_delete_check_rules
  before delete on public.likes
  for each row execute function private.check_like_write();

create trigger likes_after_insert_apply_effects
  after insert on public.likes
  for each row execute function private.apply_like_write();

create trigger likes_after_delete_apply_effects
  after delete on public.likes
  for each row execute function private.apply_like_write();

-- ---------------------------------------------------------------------------------------------
-- The steps of this table
-- ---------------------------------------------------------------------------------------------

-- A like of a chisme that exists, not the liker's own, not liked before. The RPCs run as their
-- owner, so the liker is compared explicitly (RLS decides nothing here).
create or replace function private.check_like_rules(p_chisme_id uuid, p_user_id uuid)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if not exists (select 1 from public.chismes c where c.id = p_chisme_id) then
    raise exception 'chisme_not_found' using errcode = 'P0001';
  end if;
  if exists (
    select 1 from public.chisme_authors a
    where a.chisme_id = p_chisme_id and a.user_id = p_user_id
  ) then
    raise exception 'like_own_chisme' using errcode = 'P0001';
  end if;
  if exists (
    select 1 from public.likes l
    where l.chisme_id = p_chisme_id and l.user_id = p_user_id
  ) then
    raise exception 'like_already_exists' using errcode = 'P0001';
  end if;
end;
$$;
revoke all on function private.check_like_rules(uuid,uuid) from public, anon, authenticated, service_role;
comment on function private.check_like_rules(uuid, uuid) is 'Write step: a like needs an existing chisme, not the liker''s own, and no earlier like.';

-- Security definer: the author is hidden from the liker, and notified_likes is private.
create or replace function private.notify_like(p_chisme_id uuid, p_liker_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_author_id uuid;
  v_snippet text;
begin
  insert into private.notified_likes (chisme_id, liker_id)
  values (p_chisme_id, p_liker_id)
  on conflict do nothing;
  if not found then
    return;
  end if;
  select a.user_id, private.snippet(c.content) into v_author_id, v_snippet
  from public.chismes c
  join public.chisme_authors a on a.chisme_id = c.id
  where c.id = p_chisme_id;
  if v_author_id is null or v_author_id = p_liker_id then
    return;
  end if;
  perform private.notify(
    v_author_id,
    'like_on_chisme',
    format('A alguien le gustó tu chisme: "%s"', v_snippet),
    jsonb_build_object('chismeId', p_chisme_id, 'snippet', v_snippet),
    'like:' || encode(extensions.digest(p_chisme_id::text || ':' || p_liker_id::text, 'sha256'), 'hex')
  );
end;
$$;
revoke all on function private.notify_like(uuid,uuid) from public, anon, authenticated, service_role;
comment on function private.notify_like(uuid, uuid) is 'Write step: notifies the chisme''s author of a like, once per liker and chisme ever (security definer: the author is hidden from the liker).';

-- A viral chisme holds (bench section hot-row, bench/README.md): the like counter does not
-- make concurrent likers of one chisme queue behind each other.
--
-- Updating the chisme's row at once on every like and unlike holds that row lock until the
-- transaction ends: through the triggers after it and PostgREST's COMMIT round trip, which on
-- a loaded machine includes waiting for a CPU. Measured that way, 32 writers on one chisme did
-- markedly less than on 32 chismes (bench/README.md, "Hot row").
--
-- So count_like asks without waiting whether another like or unlike of that chisme is in
-- flight (a transaction-level advisory lock per chisme). None (always, when nobody else is
-- liking that chisme): it counts at once, so a transaction sees its
-- own like counted (pgTAP 030-likes, 025-feed-trending-table and every counter test run unchanged). One: the change is
-- written to private.like_count_deltas, and a deferred constraint trigger applies it at
-- commit (private.fold_like_count_delta), where the row lock is held only for that update and
-- the commit itself. Each transaction folds its own delta before it commits, so no committed
-- delta ever exists: chismes.likes is exact at every commit and every read path (feeds,
-- trending, cursors, the counts the realtime flush sends) reads it directly. (The lock order
-- with the notification is decided in private.apply_like_write, above.)
create table private.like_count_deltas (
  id bigint generated always as identity primary key,
  chisme_id uuid not null references public.chismes (id) on delete cascade,
  delta int not null check (delta in (-1, 1))
);
revoke all on table private.like_count_deltas from public, anon, authenticated, service_role;
revoke all on sequence private.like_count_deltas_id_seq from public, anon, authenticated, service_role;
comment on table private.like_count_deltas is 'A like or unlike not yet counted in chismes.likes because another like of that chisme was in flight: applied at its own commit by private.fold_like_count_delta, so empty at every commit. Private (no API access, like the other private tables): only the security definer write steps touch it.';

create index like_count_deltas_chisme_id_idx on private.like_count_deltas (chisme_id);

-- Security definer: clients cannot write counters.
create or replace function private.count_like(p_chisme_id uuid, p_delta int)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- this transaction's changes left for commit, by chisme: like_chisme / unlike_chisme add them to their answer
  v_uncounted jsonb := coalesce(nullif(current_setting('chismes.uncounted_likes', true), '')::jsonb, '{}');
begin
  -- "Is another liker on this chisme?" as a transaction-level advisory lock, not a row lock:
  -- it costs no WAL write (the row lock before the update did, measurably, on every like
  -- uncontended: docs/database-history.md, "Schema comments").
  -- A hash collision between two chismes only sends a like down the commit-time path.
  if pg_try_advisory_xact_lock(hashtextextended('chismes.likes:' || p_chisme_id::text, 0)) then
    update public.chismes set likes = greatest(likes + p_delta, 0) where id = p_chisme_id;
  elsif exists (select 1 from public.chismes c where c.id = p_chisme_id) then
    -- another transaction holds the row: count at commit (it does not exist when this
    -- transaction deleted the chisme itself, e.g. moderation deleting it with its likes)
    insert into private.like_count_deltas (chisme_id, delta) values (p_chisme_id, p_delta);
    perform set_config('chismes.uncounted_likes', (v_uncounted || jsonb_build_object(p_chisme_id,
      coalesce((v_uncounted ->> p_chisme_id::text)::int, 0) + p_delta))::text, true);
  end if;
end;
$$;
revoke all on function private.count_like(uuid,integer) from public, anon, authenticated, service_role;
comment on function private.count_like(uuid, int) is 'Write step: keeps chismes.likes equal to the number of likes, never below 0: at once when no other like of the chisme is in flight, else at commit through private.like_count_deltas (security definer: clients cannot write counters).';

create or replace function private.fold_like_count_delta()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uncounted jsonb := coalesce(nullif(current_setting('chismes.uncounted_likes', true), '')::jsonb, '{}');
begin
  delete from private.like_count_deltas d where d.id = new.id;
  if found then
    update public.chismes set likes = greatest(likes + new.delta, 0) where id = new.chisme_id;
    -- counted in chismes.likes: like_chisme / unlike_chisme must not add it to their answer
    perform set_config('chismes.uncounted_likes', (v_uncounted || jsonb_build_object(new.chisme_id,
      coalesce((v_uncounted ->> new.chisme_id::text)::int, 0) - new.delta))::text, true);
  end if;
  return null;
end;
$$;
revoke all on function private.fold_like_count_delta() from public, anon, authenticated, service_role;
comment on function private.fold_like_count_delta() is 'Deferred trigger: at commit, applies this transaction''s like delta to chismes.likes, waiting for the row only for that update (security definer: clients cannot write counters).';

create constraint trigger like_count_deltas_after_insert_fold
  after insert on private.like_count_deltas
  deferrable initially deferred
  for each row execute function private.fold_like_count_delta();

-- The count a like or unlike answers with: chismes.likes plus this transaction's own change
-- when count_like left it for commit. count_like notes that change in the transaction-local
-- setting chismes.uncounted_likes, a JSON object by chisme id (the RPCs are security invoker and may not read the private
-- delta table; a client cannot set it, and it only ever changes the caller's own answer).
-- A client write: runs as its owner (security definer), because clients hold no write
-- privilege on the tables; every rule stays in the table's write pipeline, which reads the
-- request's role with private.is_client_write() (05-helpers.sql).
--
-- A refused like or unlike counts towards the like limit: over the API its key is answered
-- (400, PostgREST's error body) instead of raised, so the count commits
-- (private.answer_refused_write, docs/decisions/0024-refused-writes-count.md). The block
-- costs a subtransaction per call; measured on the like path in that decision.
create or replace function public.like_chisme(p_chisme_id text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_chisme_id uuid;
  v_user_id uuid;
  v_likes int;
  v_message text;
  v_detail text;
  v_hint text;
begin
  v_chisme_id := private.uuid_arg(p_chisme_id, 'chisme_not_found');
  v_user_id := private.require_user();
  insert into public.likes (chisme_id, user_id) values (v_chisme_id, v_user_id)
  on conflict (chisme_id, user_id) do nothing;
  if not found then
    raise exception 'like_already_exists' using errcode = 'P0001';
  end if;
  select c.likes + coalesce((nullif(current_setting('chismes.uncounted_likes', true), '')::jsonb ->> v_chisme_id::text)::int, 0)
  into v_likes from public.chismes c where c.id = v_chisme_id;
  return to_json(v_likes);
exception when sqlstate 'P0001' then
  get stacked diagnostics v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
  return private.answer_refused_write('like', v_message, v_detail, v_hint);
end;
$$;
revoke all on function public.like_chisme(text) from public, anon, authenticated, service_role;
grant execute on function public.like_chisme(text) to authenticated;
grant execute on function public.like_chisme(text) to service_role;
comment on function public.like_chisme(text) is 'Likes a chisme as the caller; returns the new like count (a JSON number). Over the API a refusal is answered (400, the key) and counts towards the like rate limit.';

-- A client write: runs as its owner (security definer), as like_chisme, and answers its
-- refusals the same way.
create or replace function public.unlike_chisme(p_chisme_id text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user_id uuid;
  v_chisme_id uuid;
  v_likes int;
  v_message text;
  v_detail text;
  v_hint text;
begin
  v_user_id := private.require_user();
  v_chisme_id := private.uuid_arg(p_chisme_id, 'chisme_not_found');
  if not exists (select 1 from public.chismes c where c.id = v_chisme_id) then
    raise exception 'chisme_not_found' using errcode = 'P0001';
  end if;
  delete from public.likes l where l.chisme_id = v_chisme_id and l.user_id = v_user_id;
  if not found then
    raise exception 'like_not_found' using errcode = 'P0001';
  end if;
  select greatest(c.likes + coalesce((nullif(current_setting('chismes.uncounted_likes', true), '')::jsonb ->> v_chisme_id::text)::int, 0), 0)
  into v_likes from public.chismes c where c.id = v_chisme_id;
  return to_json(v_likes);
exception when sqlstate 'P0001' then
  get stacked diagnostics v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
  return private.answer_refused_write('like', v_message, v_detail, v_hint);
end;
$$;
revoke all on function public.unlike_chisme(text) from public, anon, authenticated, service_role;
grant execute on function public.unlike_chisme(text) to authenticated;
grant execute on function public.unlike_chisme(text) to service_role;
comment on function public.unlike_chisme(text) is 'Removes the caller''s like; returns the new like count (a JSON number). Over the API a refusal is answered (400, the key) and counts towards the like rate limit.';
