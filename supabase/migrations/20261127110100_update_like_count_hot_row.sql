-- A viral chisme holds (bench section hot-row, bench/README.md): the like counter no longer
-- makes concurrent likers of one chisme queue behind each other.
--
-- Before: every like and unlike updated its chisme's row at once and held that row lock until
-- its transaction ended: through the triggers after it and PostgREST's COMMIT round trip,
-- which on a loaded machine includes waiting for a CPU. 32 writers on one chisme did 0.63 of
-- what they did on 32 chismes (bench/README.md, "Hot row").
--
-- Now count_like asks without waiting whether another like or unlike of that chisme is in
-- flight (a transaction-level advisory lock per chisme). None (always, when nobody else is
-- liking that chisme): it counts at once, exactly as before, so a transaction sees its
-- own like counted (pgTAP 030, 163 and every counter test run unchanged). One: the change is
-- written to private.like_count_deltas, and a deferred constraint trigger applies it at
-- commit (private.fold_like_count_delta), where the row lock is held only for that update and
-- the commit itself. Each transaction folds its own delta before it commits, so no committed
-- delta ever exists: chismes.likes is exact at every commit and every read path (feeds,
-- trending, cursors, the counts the realtime flush sends) reads it as before.
--
-- Lock order: the count now runs after the like notification (trigger renamed to sort after
-- likes_after_insert_notify), so every like takes the author's collapsed notification row
-- (private.notify) before the chisme's row, on either path: no cycle, no deadlock.

create table private.like_count_deltas (
  id bigint generated always as identity primary key,
  chisme_id uuid not null references public.chismes (id) on delete cascade,
  delta int not null check (delta in (-1, 1))
);
create index like_count_deltas_chisme_id_idx on private.like_count_deltas (chisme_id);
revoke all on table private.like_count_deltas from public, anon, authenticated;
comment on table private.like_count_deltas is 'A like or unlike not yet counted in chismes.likes because another like of that chisme was in flight: applied at its own commit by private.fold_like_count_delta, so empty at every commit. Private (no API access, like the other private tables): only the security definer triggers touch it.';

-- Security definer: clients cannot write counters.
create or replace function private.count_like()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_chisme_id uuid := case when tg_op = 'INSERT' then new.chisme_id else old.chisme_id end;
  v_delta int := case when tg_op = 'INSERT' then 1 else -1 end;
  -- this transaction's changes left for commit, by chisme: like_chisme / unlike_chisme add them to their answer
  v_uncounted jsonb := coalesce(nullif(current_setting('chismes.uncounted_likes', true), '')::jsonb, '{}');
begin
  -- "Is another liker on this chisme?" as a transaction-level advisory lock, not a row lock:
  -- it costs no WAL write (the row lock before the update did, +0.1 ms per like uncontended).
  -- A hash collision between two chismes only sends a like down the commit-time path.
  if pg_try_advisory_xact_lock(hashtextextended('chismes.likes:' || v_chisme_id::text, 0)) then
    update public.chismes set likes = greatest(likes + v_delta, 0) where id = v_chisme_id;
  elsif exists (select 1 from public.chismes c where c.id = v_chisme_id) then
    -- another transaction holds the row: count at commit (it does not exist when this
    -- transaction deleted the chisme itself, e.g. moderation deleting it with its likes)
    insert into private.like_count_deltas (chisme_id, delta) values (v_chisme_id, v_delta);
    perform set_config('chismes.uncounted_likes', (v_uncounted || jsonb_build_object(v_chisme_id,
      coalesce((v_uncounted ->> v_chisme_id::text)::int, 0) + v_delta))::text, true);
  end if;
  return null;
end;
$$;
comment on function private.count_like() is 'Trigger: keeps chismes.likes equal to the number of likes, never below 0: at once when no other like of the chisme is in flight, else at commit through private.like_count_deltas (security definer: clients cannot write counters).';

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
    -- counted now: no longer added to the answers of like_chisme / unlike_chisme
    perform set_config('chismes.uncounted_likes', (v_uncounted || jsonb_build_object(new.chisme_id,
      coalesce((v_uncounted ->> new.chisme_id::text)::int, 0) - new.delta))::text, true);
  end if;
  return null;
end;
$$;
comment on function private.fold_like_count_delta() is 'Deferred trigger: at commit, applies this transaction''s like delta to chismes.likes, waiting for the row only for that update (security definer: clients cannot write counters).';
revoke execute on function private.fold_like_count_delta() from public;

create constraint trigger like_count_deltas_after_insert_fold
  after insert on private.like_count_deltas
  deferrable initially deferred
  for each row execute function private.fold_like_count_delta();

drop trigger likes_after_insert_count on public.likes;
drop trigger likes_after_delete_count on public.likes;
create trigger likes_after_insert_update_count
  after insert on public.likes
  for each row execute function private.count_like();
create trigger likes_after_delete_update_count
  after delete on public.likes
  for each row execute function private.count_like();

-- The count a like or unlike answers with: chismes.likes plus this transaction's own change
-- when count_like left it for commit. count_like notes that change in the transaction-local
-- setting chismes.uncounted_likes, a JSON object by chisme id (the RPCs are security invoker and may not read the private
-- delta table; a client cannot set it, and it only ever changes the caller's own answer).
create or replace function public.like_chisme(p_chisme_id text)
returns int
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_chisme_id uuid := private.uuid_arg(p_chisme_id, 'chisme_not_found');
  v_likes int;
begin
  perform private.require_user();
  insert into public.likes (chisme_id) values (v_chisme_id)
  on conflict (chisme_id, user_id) do nothing;
  if not found then
    raise exception 'like_already_exists' using errcode = 'P0001';
  end if;
  select c.likes + coalesce((nullif(current_setting('chismes.uncounted_likes', true), '')::jsonb ->> v_chisme_id::text)::int, 0)
  into v_likes from public.chismes c where c.id = v_chisme_id;
  return v_likes;
end;
$$;

create or replace function public.unlike_chisme(p_chisme_id text)
returns int
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
  v_chisme_id uuid := private.uuid_arg(p_chisme_id, 'chisme_not_found');
  v_likes int;
begin
  if not exists (select 1 from public.chismes c where c.id = v_chisme_id) then
    raise exception 'chisme_not_found' using errcode = 'P0001';
  end if;
  delete from public.likes l where l.chisme_id = v_chisme_id and l.user_id = v_user_id;
  if not found then
    raise exception 'like_not_found' using errcode = 'P0001';
  end if;
  select greatest(c.likes + coalesce((nullif(current_setting('chismes.uncounted_likes', true), '')::jsonb ->> v_chisme_id::text)::int, 0), 0)
  into v_likes from public.chismes c where c.id = v_chisme_id;
  return v_likes;
end;
$$;
