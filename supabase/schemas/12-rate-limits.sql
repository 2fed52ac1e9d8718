-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

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
--            (applied in private.notify, 60-notifications.sql).
create table private.rate_limit_settings (
  action text not null check (action in ('chisme', 'comment', 'like', 'report', 'country', 'notification')),
  window_seconds int not null check (window_seconds between 1 and 604800),
  max_events int not null check (max_events >= 1),
  primary key (action, window_seconds)
);
revoke all on table private.rate_limit_settings from public, anon, authenticated, service_role;
comment on table private.rate_limit_settings is 'Rate limits per action and window (seconds → max writes). Changed only by the operator. No API access.';

-- Per-user multipliers of every limit, for accounts that legitimately write faster than a
-- person (load tests, operator tools). The checks still run for them.
create table private.rate_limit_overrides (
  user_id uuid primary key references auth.users (id) on delete cascade,
  factor int not null check (factor between 1 and 1000000)
);
revoke all on table private.rate_limit_overrides from public, anon, authenticated, service_role;
comment on table private.rate_limit_overrides is 'Per-user multipliers of the rate limits (e.g. the benchmark''s writers). No API access.';

create table private.rate_limit_counters (
  user_id uuid not null references auth.users (id) on delete cascade,
  action text not null,
  window_seconds int not null,
  window_start timestamptz not null,
  events int not null default 0,
  primary key (user_id, action, window_seconds, window_start)
);
revoke all on table private.rate_limit_counters from public, anon, authenticated, service_role;
comment on table private.rate_limit_counters is 'Writes per user, action and fixed window. Old windows are purged daily. No API access.';

-- Security definer: the counters and auth.users are private to the database. Only writes of
-- signed-in clients are limited (the session's role is anon or authenticated); the service role,
-- migrations and the seed are not. It also refuses a deleted user's still-valid token with
-- not_authenticated, where its writes would otherwise fail on a foreign key with a raw 23503.
-- A step of the write pipelines (chismes, comments, likes, reports, country logs), after the
-- table's own rules, so a write refused for another reason is not counted twice.
create or replace function private.enforce_rate_limit(p_action text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
begin
  -- The caller's role: a security definer function changes current_user, not the role setting.
  -- private.is_client_write() written out: this step runs on every like and unlike, where the
  -- extra call measured (docs/database-history.md, "The like path").
  if current_setting('role') in ('anon', 'authenticated') then
    if v_user_id is null or not exists (select 1 from auth.users u where u.id = v_user_id) then
      raise exception 'not_authenticated' using errcode = 'P0001';
    end if;
    perform private.count_rate_limited_write(v_user_id, p_action);
  end if;
end;
$$;
revoke all on function private.enforce_rate_limit(text) from public, anon, authenticated, service_role;
comment on function private.enforce_rate_limit(text) is 'Write step: applies the rate limit of the action to signed-in clients'' writes; refuses deleted users'' tokens (security definer: private counters, auth.users).';

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
revoke all on function private.delete_expired_rate_limit_counters() from public, anon, authenticated, service_role;
comment on function private.delete_expired_rate_limit_counters() is 'Deletes rate-limit windows that have ended; run daily by pg_cron.';

create function private.count_rate_limited_write(p_user_id uuid, p_action text, p_at timestamptz default clock_timestamp())
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
  v_percent int := case when private.is_new_account(p_user_id)
    then coalesce((select s.limit_percent from private.new_account_settings s), 50) else 100 end;
  v_limit bigint;
begin
  for v_setting in
    select s.window_seconds, s.max_events
    from private.rate_limit_settings s
    where s.action = p_action
    order by s.window_seconds
  loop
    v_window_start := to_timestamp(floor(extract(epoch from p_at) / v_setting.window_seconds) * v_setting.window_seconds);
    v_limit := case when v_percent = 100 then v_setting.max_events::bigint * v_factor
      else greatest(1, ceil(v_setting.max_events * v_percent / 100.0)::int) end;
    insert into private.rate_limit_counters as r (user_id, action, window_seconds, window_start, events)
    values (p_user_id, p_action, v_setting.window_seconds, v_window_start, 1)
    on conflict (user_id, action, window_seconds, window_start)
    do update set events = r.events + 1
    returning r.events into v_events;
    if v_events > v_limit then
      raise exception 'rate_limited' using errcode = 'P0001',
        detail = jsonb_build_object(
          'action', p_action,
          'retry_after', ceil(extract(epoch from v_window_start + make_interval(secs => v_setting.window_seconds) - p_at))::int
        )::text;
    end if;
  end loop;
end;
$$;
revoke all on function private.count_rate_limited_write(uuid,text,timestamp with time zone) from public, anon, authenticated, service_role;
comment on function private.count_rate_limited_write(uuid, text, timestamptz) is 'Counts one write of a user for an action at an instant and raises rate_limited past any window''s limit (new accounts get limit_percent of it), with the exact seconds until that window ends.';

-- Counts a refused client write as one write of p_action and answers it as PostgREST answers
-- a raised P0001: status 400 and {"code","details","hint","message"}. The count is the stored
-- write's own (count_rate_limited_write); past the limit its rate_limited is not raised again
-- (the refusal is already being answered) and its increment is undone, so a window holds at
-- most its limit, as with stored writes. A caller without a live account (not_authenticated, a
-- deleted user's token) has nothing to count. Called from SQL (no PostgREST request: pgTAP,
-- the operator) it raises the refusal again, key, detail and hint, so SQL callers see the
-- error the write raised.
--
-- Each write RPC that answers its refusals is one block around its write, and its handler
-- hands the refusal here (docs/decisions/0024-refused-writes-count.md):
--   begin <the write>; return <its answer>;
--   exception when sqlstate 'P0001' then
--     get stacked diagnostics v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
--     return private.answer_refused_write('<action>', v_message, v_detail, v_hint);
--   end;
-- (a called function cannot read its caller's stacked diagnostics, hence the three values).
create or replace function private.answer_refused_write(p_action text, p_message text, p_detail text, p_hint text)
returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
begin
  if not private.is_api_request() then
    -- RAISE refuses a null option; a missing detail or hint reads '' from stacked diagnostics
    raise exception using errcode = 'P0001', message = p_message,
      detail = coalesce(p_detail, ''), hint = coalesce(p_hint, '');
  end if;
  if private.is_client_write() and v_user_id is not null
     and exists (select 1 from auth.users u where u.id = v_user_id) then
    begin
      perform private.count_rate_limited_write(v_user_id, p_action);
    exception when sqlstate 'P0001' then
      null; -- over the limit: this refusal's own answer stands
    end;
  end if;
  perform set_config('response.status', '400', true);
  return json_build_object(
    'code', 'P0001',
    'details', nullif(p_detail, ''),
    'hint', nullif(p_hint, ''),
    'message', p_message
  );
end;
$$;
comment on function private.answer_refused_write(text, text, text, text) is 'Over the API, counts a refused client write towards the rate limit of its action and answers it with status 400 and PostgREST''s error body; from SQL, raises the refusal again (docs/decisions/0024-refused-writes-count.md).';
revoke all on function private.answer_refused_write(text,text,text,text) from public, anon, authenticated, service_role;
