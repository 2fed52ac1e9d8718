-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

-- New-account rules against throw-away (sybil) accounts (docs/decisions/0003-new-account-rules.md): 30 accounts made a minute
-- ago could like and report one chisme in 0.3 s, and their reports hid it. Per-user limits
-- cannot see that; the account's age can, and it lives in the database (auth.users).
--
-- Rules, with the values in private.new_account_settings (one row, changed by the operator):
--   * new account = created less than `min_age` ago, 1 day: throw-away accounts are made
--     minutes before an attack, while a real newcomer loses little by a gentler first day;
--   * a new account's reports never count towards automatic hiding (they are stored and
--     moderators see them in the queue): hiding is the one effect a crowd of fresh accounts
--     could force on someone else's post. Counted per report: one made when its account was
--     already a day old counts, so sleeping a day does not make today's reports count later;
--   * new accounts get `limit_percent` = 50 % of every rate limit (rounded up, at least 1):
--     2 chismes a minute instead of 3, 30 likes a minute instead of 60 — still more than a
--     person newly arrived uses;
--   * per target, at most 10 new accounts may like one chisme and at most 3 may report one
--     chisme or comment within an hour (`target_window_seconds`); past that,
--     `new_account_limited` with `{"action","retry_after"}`. Ten fresh accounts liking one
--     post within the same hour is already a coordination signal at this product's scale;
--     three reports are enough for a moderator to look. The caps count distinct accounts, not
--     likes: one new account toggling a like again and again spends one place, not the
--     others' (private.count_in_window with the account as member, 12-rate-limits.sql).
-- Accounts with a rate-limit override (private.rate_limit_overrides: load tests, operator
-- tools) are vouched for by the operator and are not new. The service role, the seed and
-- migrations are not limited (same test as the rate limits: the session's role).
-- Counting: fixed windows of the one counter, upserted under the row lock like the rate
-- limits, so 30 concurrent likes cannot slip past the cap; a refused write rolls back its count.
create table private.new_account_settings (
  id boolean primary key default true check (id),
  min_age interval not null default interval '1 day' check (min_age >= interval '0'),
  limit_percent int not null default 50 check (limit_percent between 1 and 100),
  target_window_seconds int not null default 3600 check (target_window_seconds between 1 and 604800),
  target_max_likes int not null default 10 check (target_max_likes >= 1),
  target_max_reports int not null default 3 check (target_max_reports >= 1)
);
revoke all on table private.new_account_settings from public, anon, authenticated, service_role;
comment on table private.new_account_settings is 'One row: when an account is new, the share of each rate limit it gets, and the per-target caps on new accounts'' likes and reports. No API access.';

-- Security definer: auth.users and the counters are private. The last check of the like and
-- report pipelines (private.check_like_write, private.check_report_write), after the rules and
-- the rate limit, so a write refused for another reason does not use the target's budget.
create or replace function private.limit_new_accounts_per_target(p_action text, p_target uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_settings private.new_account_settings;
  v_retry_after int;
begin
  -- not private.is_client_write(), written out as in enforce_rate_limit (every like runs it)
  if current_setting('role') not in ('anon', 'authenticated') or p_target is null
     or not private.is_new_account(auth.uid()) then
    return;
  end if;
  select * into v_settings from private.new_account_settings;
  v_retry_after := private.count_in_window(
    'new_account_' || p_action, p_target, array[v_settings.target_window_seconds],
    array[case when p_action = 'like' then v_settings.target_max_likes else v_settings.target_max_reports end::bigint],
    clock_timestamp(), auth.uid());
  if v_retry_after is not null then
    raise exception 'new_account_limited' using errcode = 'P0001',
      detail = jsonb_build_object('action', p_action, 'retry_after', v_retry_after)::text;
  end if;
end;
$$;
revoke all on function private.limit_new_accounts_per_target(text,uuid) from public, anon, authenticated, service_role;
comment on function private.limit_new_accounts_per_target(text, uuid) is 'Write step: caps the new accounts that like or report (the action) one target per window, each counted once; new_account_limited past the cap (security definer: auth.users, counters).';

-- The like path, cheaper in PostgreSQL (docs/decisions/0016-performance-budgets.md: >= 300 likes/s with every trigger).
--
-- 1. Helpers called once or more per write are plpgsql. A `language sql` function with a
--    `set search_path` clause is never inlined, and called from plpgsql it is parsed and
--    planned again on every call; plpgsql keeps each statement's plan for the session.
--    is_new_account ran three times per like (rate limit, new-account cap), snippet twice.
-- 2. like_chisme inserts with `on conflict do nothing` rather than catching unique_violation
--    in its own exception block around the insert and every trigger it fires. check_like_rules
--    refuses a repeat; the conflict clause only settles two identical likes racing, and the
--    loser gets the same key.
-- 3. notify_like takes the snippet once.
create or replace function private.is_new_account(p_user_id uuid)
returns boolean
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  return exists (
    select 1 from auth.users u
    where u.id = p_user_id
      and u.created_at > now() - coalesce((select s.min_age from private.new_account_settings s), interval '1 day')
  ) and not exists (select 1 from private.rate_limit_overrides o where o.user_id = p_user_id);
end;
$$;
revoke all on function private.is_new_account(uuid) from public, anon, authenticated, service_role;
comment on function private.is_new_account(uuid) is 'True for an account younger than new_account_settings.min_age that the operator has not vouched for (no rate-limit override).';
