-- Per-user rate limits for every write a user makes, enforced in the database so they hold
-- for every client (our web app, a script with the anon key, curl).
--
-- Fixed windows counted in a private table: one row per (user, action, window length, window
-- start), incremented with an upsert. The upsert takes the row lock, so 20 concurrent
-- requests of one user are counted one after another and none slips past the limit; a refused
-- or failed write rolls its increment back with its transaction, so only writes that happened
-- count. Over a limit: `rate_limited` with `{"action", "retry_after"}` (seconds until the
-- window that refused ends) in detail.
--
-- Defaults (private.rate_limit_settings, one row per action and window), chosen so that a
-- person typing never meets them and a script is stopped within seconds:
--   chisme   3 / minute, 20 / hour, 50 / day  — a post takes a person a minute to write; Jodel
--            and Yik Yak allow a handful per hour to regulars;
--   comment  10 / minute, 120 / hour, 500 / day — a lively conversation is a comment every
--            few seconds for a short while, never 300 in a minute;
--   like     60 / minute, 600 / hour — likes and unlikes together, so like/unlike toggling
--            cannot flood the author's notifications or the counters;
--   report   5 / minute, 30 / hour, 100 / day — reporting is rare; a burst of reports is abuse;
--   country  20 / hour, 50 / day — the app logs the country once per visit (the 24-hour
--            rule stores repeats once); far more is a script forging logs.
--   notification 5 / hour per sender AND recipient — what one person's comments, replies and
--            likes may notify one other person; past it the write still happens, silently
--            (applied in private.notify, see the notification flood migration).

create table private.rate_limit_settings (
  action text not null check (action in ('chisme', 'comment', 'like', 'report', 'country', 'notification')),
  window_seconds int not null check (window_seconds between 1 and 604800),
  max_events int not null check (max_events >= 1),
  primary key (action, window_seconds)
);
comment on table private.rate_limit_settings is 'Rate limits per action and window (seconds → max writes). Changed only by the operator. No API access.';

insert into private.rate_limit_settings (action, window_seconds, max_events) values
  ('chisme', 60, 3), ('chisme', 3600, 20), ('chisme', 86400, 50),
  ('comment', 60, 10), ('comment', 3600, 120), ('comment', 86400, 500),
  ('like', 60, 60), ('like', 3600, 600),
  ('report', 60, 5), ('report', 3600, 30), ('report', 86400, 100),
  ('country', 3600, 20), ('country', 86400, 50),
  ('notification', 3600, 5);

-- Per-user multipliers of every limit, for accounts that legitimately write faster than a
-- person (load tests, operator tools). The checks still run for them.
create table private.rate_limit_overrides (
  user_id uuid primary key references auth.users (id) on delete cascade,
  factor int not null check (factor between 1 and 1000000)
);
comment on table private.rate_limit_overrides is 'Per-user multipliers of the rate limits (e.g. the benchmark''s writers). No API access.';

create table private.rate_limit_counters (
  user_id uuid not null references auth.users (id) on delete cascade,
  action text not null,
  window_seconds int not null,
  window_start timestamptz not null,
  events int not null default 0,
  primary key (user_id, action, window_seconds, window_start)
);
comment on table private.rate_limit_counters is 'Writes per user, action and fixed window. Old windows are purged daily. No API access.';
-- No index on window_start: only the daily purge reads by it, and a sequential scan of a
-- table of live windows once a day costs less than maintaining an index on every write.

revoke all on table private.rate_limit_settings, private.rate_limit_counters from public, anon, authenticated;

-- Counts one write of a user for an action; raises rate_limited past any window's limit.
-- Runs only inside the security definer trigger below (no API role may execute it).
create or replace function private.count_rate_limited_write(p_user_id uuid, p_action text)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_setting record;
  v_window_start timestamptz;
  v_events int;
  v_factor int := coalesce((select o.factor from private.rate_limit_overrides o where o.user_id = p_user_id), 1);
begin
  for v_setting in
    select s.window_seconds, s.max_events
    from private.rate_limit_settings s
    where s.action = p_action
    order by s.window_seconds
  loop
    v_window_start := to_timestamp(
      floor(extract(epoch from clock_timestamp()) / v_setting.window_seconds) * v_setting.window_seconds
    );
    insert into private.rate_limit_counters as r (user_id, action, window_seconds, window_start, events)
    values (p_user_id, p_action, v_setting.window_seconds, v_window_start, 1)
    on conflict (user_id, action, window_seconds, window_start)
    do update set events = r.events + 1
    returning r.events into v_events;
    if v_events > v_setting.max_events * v_factor then
      raise exception 'rate_limited' using errcode = 'P0001',
        detail = jsonb_build_object(
          'action', p_action,
          'retry_after', greatest(1, ceil(extract(epoch from
            v_window_start + make_interval(secs => v_setting.window_seconds) - clock_timestamp())))::int
        )::text;
    end if;
  end loop;
end;
$$;
comment on function private.count_rate_limited_write(uuid, text) is 'Counts one write of a user for an action and raises rate_limited past any window''s limit.';

-- Security definer: the counters and auth.users are private to the database. Only writes of
-- signed-in clients are limited (the session's role is anon or authenticated); the service role,
-- migrations and the seed are not. It also refuses a deleted user's still-valid token with
-- not_authenticated: that token's writes used to fail on a foreign key with a raw 23503.
-- The action is the trigger's argument.
create or replace function private.enforce_rate_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
begin
  -- The caller's role: a security definer function changes current_user, not the role setting.
  if current_setting('role') in ('anon', 'authenticated') then
    if v_user_id is null or not exists (select 1 from auth.users u where u.id = v_user_id) then
      raise exception 'not_authenticated' using errcode = 'P0001';
    end if;
    perform private.count_rate_limited_write(v_user_id, tg_argv[0]);
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
comment on function private.enforce_rate_limit() is 'Trigger: applies the rate limit named by its argument to signed-in clients'' writes; refuses deleted users'' tokens (security definer: private counters, auth.users).';

-- Named to fire after each table's check_rules trigger and before the others (triggers fire
-- in name order), so writes the rules refuse do not use up the budget, and the deleted-user
-- check runs before any trigger writes a row that references the user.
create trigger chismes_before_insert_enforce_rate_limit
  before insert on public.chismes
  for each row execute function private.enforce_rate_limit('chisme');
create trigger comments_before_insert_enforce_rate_limit
  before insert on public.comments
  for each row execute function private.enforce_rate_limit('comment');
create trigger likes_before_insert_enforce_rate_limit
  before insert on public.likes
  for each row execute function private.enforce_rate_limit('like');
create trigger likes_before_delete_enforce_rate_limit
  before delete on public.likes
  for each row execute function private.enforce_rate_limit('like');
create trigger reports_before_insert_enforce_rate_limit
  before insert on public.reports
  for each row execute function private.enforce_rate_limit('report');
-- Fires before the 24-hour repeat skip, so repeats count too: the limits leave room for
-- the one log per visit the app sends.
create trigger country_logs_before_insert_enforce_rate_limit
  before insert on public.country_logs
  for each row execute function private.enforce_rate_limit('country');

-- Old windows are useless once over; a daily purge keeps the table small.
create or replace function private.delete_expired_rate_limit_counters()
returns int
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_count int;
begin
  delete from private.rate_limit_counters r
  where r.window_start + make_interval(secs => r.window_seconds) < now();
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
comment on function private.delete_expired_rate_limit_counters() is 'Deletes rate-limit windows that have ended; run daily by pg_cron.';
revoke execute on function private.delete_expired_rate_limit_counters() from public, anon, authenticated;

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('delete-expired-rate-limit-counters', '17 4 * * *',
      'select private.delete_expired_rate_limit_counters()');
  end if;
end;
$$;

-- Revoke-by-default for this migration's private functions (see 20261122021700).
revoke execute on function private.count_rate_limited_write(uuid, text) from public, anon, authenticated, service_role;
revoke execute on function private.enforce_rate_limit() from public, anon, authenticated, service_role;
revoke execute on function private.delete_expired_rate_limit_counters() from public, anon, authenticated, service_role;
