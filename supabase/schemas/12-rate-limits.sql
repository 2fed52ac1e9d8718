-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

-- Every limit counted over time, in one counter (private.count_in_window): per-user rate
-- limits for every write a user makes, new accounts' per-target caps (14-new-accounts.sql),
-- the notification sender budget (60-notifications.sql) and the sign-in lookups of a client
-- (10-profiles.sql). Enforced in the database so they hold for every client (our web app, a
-- script with the anon key, curl).
--
-- Fixed windows counted in a private table: one row per (subject, action, window length,
-- window start), incremented with an upsert. The upsert takes the row lock, so 20 concurrent
-- requests of one subject are counted one after another and none slips past the limit; a
-- refused or failed write rolls its increment back with its transaction, so only writes that
-- happened count. The subject is whose budget it is: the writer for a rate limit, the target
-- for a new-account cap, the sender and recipient for the budget, the client address for
-- sign-in lookups.
--
-- A limit shared by several people counts people, not events: a count with a member (a new
-- account on a target, an e-mail address looked up from one client) counts each member once
-- per window, so one account toggling a like, or a person checking their own address again,
-- cannot spend what others share. The limits of one person (rate limits, the budget) count
-- events: nobody else spends them.
--
-- Over a rate limit: `rate_limited` with `{"action", "retry_after"}` (seconds until the window
-- that refused ends) in detail.
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
--   block    10 / minute, 30 / hour, 100 / day — blocks, unblocks and reading the block count
--            together: a person blocks now and then; each block changes what its blocker sees,
--            so the limit bounds how fast blocking can link anonymous posts
--            (docs/decisions/0029-block-linkability.md);
--   notification 5 / hour per sender AND recipient — what one person's comments, replies and
--            likes may notify one other person; past it the write still happens, silently
--            (applied in private.notify, 60-notifications.sql);
--   sign_in_lookup 10 / minute, 50 / hour distinct e-mail addresses per client address — what
--            people signing in from one address need, far below an enumeration
--            (public.get_sign_in_methods, 10-profiles.sql);
--   notice_client 5 / hour, 20 / day per client address; notice_target 10 / hour, 30 / day per
--            reported id; notice_address 1 / 10 minutes, 5 / day per inbox — signed-out notices,
--            each of which mails one confirmation (52-notices.sql).
create table private.rate_limit_settings (
  action text not null check (action in ('chisme', 'comment', 'like', 'report', 'country', 'block', 'notification', 'sign_in_lookup',
    'notice_client', 'notice_target', 'notice_address')),
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

-- No foreign key: a subject is a user, a target, a pair or a client address. A deleted
-- account's rows are deleted with it (public.delete_account); the others end with their window.
create table private.rate_limit_counters (
  subject_id uuid not null,
  action text not null,
  window_seconds int not null,
  window_start timestamptz not null,
  events int not null default 0,
  primary key (subject_id, action, window_seconds, window_start)
);
revoke all on table private.rate_limit_counters from public, anon, authenticated, service_role;
comment on table private.rate_limit_counters is 'Events per subject (user, target, sender and recipient, client address), action and fixed window. Ended windows are purged daily. No API access.';

create table private.rate_limit_members (
  subject_id uuid not null,
  action text not null,
  window_seconds int not null,
  window_start timestamptz not null,
  member_id uuid not null,
  primary key (subject_id, action, window_seconds, window_start, member_id)
);
revoke all on table private.rate_limit_members from public, anon, authenticated, service_role;
-- No index on member_id: deleting an account scans the table, which holds at most a day of
-- windows (new accounts' likes and reports, sign-in lookups; purged daily).
comment on table private.rate_limit_members is 'Who was counted in a window of a count of distinct members (new accounts per target, e-mail addresses per client), so each counts once. Purged with the counters. No API access.';

-- The one windowed counter. Counts one event of p_action for p_subject_id at p_at in each
-- window given (lengths and limits in the same order), and answers the seconds until the
-- first window the event took past its limit ends, or null when every window holds it; the
-- caller raises its own key (or, for the budget, stays silent). Past a limit it stops counting
-- the later windows: the caller's refusal undoes the write, and its count, anyway. With
-- p_member_id, a window counts each member once: a repeat passes without counting.
create or replace function private.count_in_window(
  p_action text, p_subject_id uuid, p_windows int[], p_limits bigint[], p_at timestamptz, p_member_id uuid default null
)
returns int
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_window_start timestamptz;
  v_events int;
begin
  for i in 1 .. coalesce(cardinality(p_windows), 0) loop
    v_window_start := to_timestamp(floor(extract(epoch from p_at) / p_windows[i]) * p_windows[i]);
    if p_member_id is not null then
      insert into private.rate_limit_members (subject_id, action, window_seconds, window_start, member_id)
      values (p_subject_id, p_action, p_windows[i], v_window_start, p_member_id)
      on conflict do nothing;
      continue when not found;
    end if;
    insert into private.rate_limit_counters as c (subject_id, action, window_seconds, window_start, events)
    values (p_subject_id, p_action, p_windows[i], v_window_start, 1)
    on conflict (subject_id, action, window_seconds, window_start) do update set events = c.events + 1
    returning c.events into v_events;
    if v_events > p_limits[i] then
      -- p_at lies inside the window, so at least 1 (ceil, never rounded down)
      return ceil(extract(epoch from v_window_start + make_interval(secs => p_windows[i]) - p_at))::int;
    end if;
  end loop;
  return null;
end;
$$;
revoke all on function private.count_in_window(text,uuid,integer[],bigint[],timestamp with time zone,uuid) from public, anon, authenticated, service_role;
comment on function private.count_in_window(text, uuid, int[], bigint[], timestamptz, uuid) is 'The one windowed counter: counts an event (or a new member) of an action for a subject in each window given and returns the seconds until the first window over its limit ends, or null.';

-- A limit on something other than a signed-in user's writes (a client address, an inbox, a
-- target): the action's windows counted for md5(action:subject), with a member when what is
-- limited is how many distinct ones; rate_limited past any, told as p_told_action.
create or replace function private.count_limited_subject(p_action text, p_subject text, p_member uuid default null, p_told_action text default null)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_windows int[];
  v_limits bigint[];
  v_retry_after int;
begin
  select array_agg(s.window_seconds order by s.window_seconds), array_agg(s.max_events::bigint order by s.window_seconds)
  into v_windows, v_limits
  from private.rate_limit_settings s
  where s.action = p_action;
  v_retry_after := private.count_in_window(p_action, md5(p_action || ':' || p_subject)::uuid, v_windows, v_limits, clock_timestamp(), p_member);
  if v_retry_after is not null then
    raise exception 'rate_limited' using errcode = 'P0001',
      detail = jsonb_build_object('action', coalesce(p_told_action, p_action), 'retry_after', v_retry_after)::text;
  end if;
end;
$$;
revoke all on function private.count_limited_subject(text,text,uuid,text) from public, anon, authenticated, service_role;
comment on function private.count_limited_subject(text, text, uuid, text) is 'Counts one event (or a new member) of an action for a subject that is not a signed-in user''s writes and raises rate_limited past any window (told as p_told_action, default the action).';

-- A user's write of an action against every window of its rate limit (new accounts get
-- limit_percent of each, 14-new-accounts.sql; an override multiplies it): rate_limited with
-- the exact seconds until the refusing window ends.
create or replace function private.count_rate_limited_write(p_user_id uuid, p_action text, p_at timestamptz default clock_timestamp())
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_factor int := coalesce((select o.factor from private.rate_limit_overrides o where o.user_id = p_user_id), 1);
  v_percent int := case when private.is_new_account(p_user_id)
    then coalesce((select s.limit_percent from private.new_account_settings s), 50) else 100 end;
  v_windows int[];
  v_limits bigint[];
  v_retry_after int;
begin
  select array_agg(s.window_seconds order by s.window_seconds),
         array_agg(case when v_percent = 100 then s.max_events::bigint * v_factor
                        else greatest(1, ceil(s.max_events * v_percent / 100.0)::int) end order by s.window_seconds)
  into v_windows, v_limits
  from private.rate_limit_settings s
  where s.action = p_action;
  v_retry_after := private.count_in_window(p_action, p_user_id, v_windows, v_limits, p_at);
  if v_retry_after is not null then
    raise exception 'rate_limited' using errcode = 'P0001',
      detail = jsonb_build_object('action', p_action, 'retry_after', v_retry_after)::text;
  end if;
end;
$$;
revoke all on function private.count_rate_limited_write(uuid,text,timestamp with time zone) from public, anon, authenticated, service_role;
comment on function private.count_rate_limited_write(uuid, text, timestamptz) is 'Counts one write of a user for an action at an instant and raises rate_limited past any window''s limit (new accounts get limit_percent of it), with the exact seconds until that window ends.';

-- Security definer: the counters are private to the database. Only writes of signed-in
-- clients are limited (the session's role is anon or authenticated); the service role,
-- migrations and the seed are not. A step of the write pipelines (chismes, comments, likes,
-- reports, country logs), after the table's own rules, so a write refused for another reason
-- is not counted twice. The RPCs refused a deleted account's token before writing
-- (private.require_user).
create or replace function private.enforce_rate_limit(p_action text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- The caller's role: a security definer function changes current_user, not the role setting.
  -- private.is_client_write() written out: this step runs on every like and unlike, where the
  -- extra call measured (docs/database-history.md, "The like path").
  if current_setting('role') in ('anon', 'authenticated') then
    perform private.count_rate_limited_write(auth.uid(), p_action);
  end if;
end;
$$;
revoke all on function private.enforce_rate_limit(text) from public, anon, authenticated, service_role;
comment on function private.enforce_rate_limit(text) is 'Write step: applies the rate limit of the action to signed-in clients'' writes (security definer: private counters).';

-- The one purge of rows that expire, run daily by pg_cron: notifications past their 30-day
-- retention (60-notifications.sql; reads and inserts already leave them out) and the windows
-- of every count that have ended, with their members. Returns how many rows it deleted.
create or replace function private.delete_expired_rows(p_table regclass)
returns int
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_members int := 0;
  v_count int;
begin
  if p_table = 'public.notifications'::regclass then
    delete from public.notifications n where n.created_at <= now() - interval '30 days';
  elsif p_table = 'private.rate_limit_counters'::regclass then
    delete from private.rate_limit_members m where m.window_start + make_interval(secs => m.window_seconds) < now();
    get diagnostics v_members = row_count;
    delete from private.rate_limit_counters r where r.window_start + make_interval(secs => r.window_seconds) < now();
  elsif p_table = 'private.removed_content'::regclass then
    -- a removal is purged as its author's deletion would be, not by a row delete (76-removals.sql)
    return private.purge_expired_removals();
  else
    raise exception 'no expiry rule for %', p_table;
  end if;
  get diagnostics v_count = row_count;
  return v_count + v_members;
end;
$$;
revoke all on function private.delete_expired_rows(regclass) from public, anon, authenticated, service_role;
comment on function private.delete_expired_rows(regclass) is 'The one purge: deletes the rows of a table that have expired (notifications after 30 days, ended count windows and their members, removed content whose complaint window closed); returns how many.';

-- The names the daily pg_cron jobs call (supabase/migrations/20261127200100_insert_reference_data.sql).
-- The budgets and the new-account counts are count windows like the rate limits since one
-- counter holds them all, so their jobs purge the same windows.
create or replace function private.delete_expired_rate_limit_counters()
returns int
language sql
security invoker
set search_path = ''
as $$
  select private.delete_expired_rows('private.rate_limit_counters');
$$;
revoke all on function private.delete_expired_rate_limit_counters() from public, anon, authenticated, service_role;
comment on function private.delete_expired_rate_limit_counters() is 'Daily job: deletes ended count windows (private.delete_expired_rows).';

create or replace function private.delete_expired_new_account_counters()
returns int
language sql
security invoker
set search_path = ''
as $$
  select private.delete_expired_rows('private.rate_limit_counters');
$$;
revoke all on function private.delete_expired_new_account_counters() from public, anon, authenticated, service_role;
comment on function private.delete_expired_new_account_counters() is 'Daily job of the new-account caps, which are count windows now: deletes ended count windows (private.delete_expired_rows).';

create or replace function private.delete_expired_notification_budgets()
returns int
language sql
security invoker
set search_path = ''
as $$
  select private.delete_expired_rows('private.rate_limit_counters');
$$;
revoke all on function private.delete_expired_notification_budgets() from public, anon, authenticated, service_role;
comment on function private.delete_expired_notification_budgets() is 'Daily job of the notification budgets, which are count windows now: deletes ended count windows (private.delete_expired_rows).';

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
  -- a word-filter refusal is a figure of the transparency report (78-transparency.sql)
  if p_message = 'content_offensive' then
    perform private.log_moderation_event('word_refusal', p_action, null, true, null);
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
