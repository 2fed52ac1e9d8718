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
--   * per target, new accounts together may like one chisme at most 10 times and report one
--     chisme or comment at most 3 times within an hour (`target_window_seconds`); past that,
--     `new_account_limited` with `{"action","retry_after"}`. Ten fresh accounts liking one
--     post within the same hour is already a coordination signal at this product's scale;
--     three reports are enough for a moderator to look.
-- Accounts with a rate-limit override (private.rate_limit_overrides: load tests, operator
-- tools) are vouched for by the operator and are not new. The service role, the seed and
-- migrations are not limited (same test as the rate limits: the session's role).
-- Counting: fixed windows in a private table, upserted under the row lock like the rate
-- limits, so 30 concurrent likes cannot slip past the cap; a refused write rolls back its count.

create table private.new_account_settings (
  id boolean primary key default true check (id),
  min_age interval not null default interval '1 day' check (min_age >= interval '0'),
  limit_percent int not null default 50 check (limit_percent between 1 and 100),
  target_window_seconds int not null default 3600 check (target_window_seconds between 1 and 604800),
  target_max_likes int not null default 10 check (target_max_likes >= 1),
  target_max_reports int not null default 3 check (target_max_reports >= 1)
);
comment on table private.new_account_settings is 'One row: when an account is new, the share of each rate limit it gets, and the per-target caps on new accounts'' likes and reports. No API access.';
insert into private.new_account_settings default values;

create table private.new_account_target_counters (
  target_id uuid not null,
  action text not null check (action in ('like', 'report')),
  window_start timestamptz not null,
  events int not null default 0,
  primary key (target_id, action, window_start)
);
comment on table private.new_account_target_counters is 'Likes and reports by new accounts per target (chisme or comment) and fixed window. Purged daily. No API access.';

revoke all on table private.new_account_settings, private.new_account_target_counters from public, anon, authenticated;

-- Called only inside the security definer triggers and checks below (auth.users is private).
create or replace function private.is_new_account(p_user_id uuid)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select exists (
    select 1 from auth.users u
    where u.id = p_user_id
      and u.created_at > now() - coalesce((select s.min_age from private.new_account_settings s), interval '1 day')
  ) and not exists (select 1 from private.rate_limit_overrides o where o.user_id = p_user_id);
$$;
comment on function private.is_new_account(uuid) is 'True for an account younger than new_account_settings.min_age that the operator has not vouched for (no rate-limit override).';

-- The rate limits, as in 20261123120000, with a new account's share of each limit.
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
    v_window_start := to_timestamp(
      floor(extract(epoch from clock_timestamp()) / v_setting.window_seconds) * v_setting.window_seconds
    );
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
          'retry_after', greatest(1, ceil(extract(epoch from
            v_window_start + make_interval(secs => v_setting.window_seconds) - clock_timestamp())))::int
        )::text;
    end if;
  end loop;
end;
$$;
comment on function private.count_rate_limited_write(uuid, text) is 'Counts one write of a user for an action and raises rate_limited past any window''s limit (new accounts get limit_percent of it).';

-- Security definer: auth.users and the counters are private. Runs after the rules and the
-- rate limit (trigger names sort after check_rules and enforce_rate_limit), so a write refused
-- for another reason does not use the target's budget.
create or replace function private.limit_new_accounts_per_target()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_settings private.new_account_settings;
  v_target uuid;
  v_window_start timestamptz;
  v_events int;
  v_cap int;
begin
  -- Separate statements: likes have no comment_id (each is prepared only when it runs).
  if tg_argv[0] = 'like' then
    v_target := new.chisme_id;
  else
    v_target := coalesce(new.chisme_id, new.comment_id);
  end if;
  if current_setting('role') not in ('anon', 'authenticated') or v_target is null
     or not private.is_new_account(auth.uid()) then
    return new;
  end if;
  select * into v_settings from private.new_account_settings;
  v_window_start := to_timestamp(
    floor(extract(epoch from clock_timestamp()) / v_settings.target_window_seconds) * v_settings.target_window_seconds
  );
  insert into private.new_account_target_counters as c (target_id, action, window_start, events)
  values (v_target, tg_argv[0], v_window_start, 1)
  on conflict (target_id, action, window_start) do update set events = c.events + 1
  returning c.events into v_events;
  v_cap := case when tg_argv[0] = 'like' then v_settings.target_max_likes else v_settings.target_max_reports end;
  if v_events > v_cap then
    raise exception 'new_account_limited' using errcode = 'P0001',
      detail = jsonb_build_object(
        'action', tg_argv[0],
        'retry_after', greatest(1, ceil(extract(epoch from
          v_window_start + make_interval(secs => v_settings.target_window_seconds) - clock_timestamp())))::int
      )::text;
  end if;
  return new;
end;
$$;
comment on function private.limit_new_accounts_per_target() is 'Trigger: caps likes or reports (argument) by new accounts per target and window; new_account_limited past the cap (security definer: auth.users, counters).';

create trigger likes_before_insert_limit_new_accounts
  before insert on public.likes
  for each row execute function private.limit_new_accounts_per_target('like');
create trigger reports_before_insert_limit_new_accounts
  before insert on public.reports
  for each row execute function private.limit_new_accounts_per_target('report');

-- Automatic hiding (20261123140000) counting only reports made by accounts at least min_age
-- old at the time; the moderators' live ping still carries every pending report.
create or replace function private.hide_reported_content()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_threshold int := coalesce((select s.hide_threshold from private.moderation_settings s), 5);
  v_min_age interval := coalesce((select s.min_age from private.new_account_settings s), interval '1 day');
  v_pending int;
  v_counting int;
  v_chisme public.chismes;
  v_comment public.comments;
  v_author uuid;
begin
  if new.chisme_id is not null then
    select count(*)::int, count(*) filter (where r.created_at >= u.created_at + v_min_age)::int
    into v_pending, v_counting
    from public.reports r join auth.users u on u.id = r.user_id
    where r.chisme_id = new.chisme_id and r.handled_at is null;
    if v_counting >= v_threshold then
      update public.chismes set hidden_at = now()
      where id = new.chisme_id and hidden_at is null
      returning * into v_chisme;
      if v_chisme.id is not null then
        perform realtime.send(jsonb_build_object('id', v_chisme.id), 'chisme_hidden',
          case when v_chisme.cotilleo then 'feed:cotilleo' else 'feed:casual' end, true);
        select a.user_id into v_author from public.chisme_authors a where a.chisme_id = v_chisme.id;
        if v_author is not null then
          perform private.notify(v_author, 'moderation_decision',
            'Tu chisme ha sido ocultado por varias denuncias mientras un moderador lo revisa.',
            jsonb_build_object('decision', 'hidden', 'chismeId', v_chisme.id),
            'moderation:hidden:' || v_chisme.id::text || ':' || extract(epoch from v_chisme.hidden_at)::text);
        end if;
      end if;
    end if;
    perform realtime.send(jsonb_build_object('kind', 'chisme', 'id', new.chisme_id, 'pending', v_pending),
      'report_created', 'moderation', true);
  else
    select count(*)::int, count(*) filter (where r.created_at >= u.created_at + v_min_age)::int
    into v_pending, v_counting
    from public.reports r join auth.users u on u.id = r.user_id
    where r.comment_id = new.comment_id and r.handled_at is null;
    if v_counting >= v_threshold then
      update public.comments set hidden_at = now()
      where id = new.comment_id and hidden_at is null
      returning * into v_comment;
      if v_comment.id is not null then
        select a.user_id into v_author from public.comment_authors a where a.comment_id = v_comment.id;
        if v_author is not null then
          perform private.notify(v_author, 'moderation_decision',
            'Tu comentario ha sido ocultado por varias denuncias mientras un moderador lo revisa.',
            jsonb_build_object('decision', 'hidden', 'chismeId', v_comment.chisme_id, 'commentId', v_comment.id),
            'moderation:hidden:' || v_comment.id::text || ':' || extract(epoch from v_comment.hidden_at)::text);
        end if;
      end if;
    end if;
    perform realtime.send(jsonb_build_object('kind', 'comment', 'id', new.comment_id, 'pending', v_pending),
      'report_created', 'moderation', true);
  end if;
  return null;
end;
$$;
comment on function private.hide_reported_content() is 'Trigger: hides a chisme or comment when its pending distinct reports by accounts past their first day reach the threshold, tells open feeds and the author, and pings the moderators'' topic (security definer).';

create or replace function private.delete_expired_new_account_counters()
returns int
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_count int;
begin
  delete from private.new_account_target_counters c
  where c.window_start + make_interval(secs => coalesce((select s.target_window_seconds from private.new_account_settings s), 3600)) < now();
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
comment on function private.delete_expired_new_account_counters() is 'Deletes per-target windows of new accounts that have ended; run daily by pg_cron.';

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('delete-expired-new-account-counters', '23 4 * * *',
      'select private.delete_expired_new_account_counters()');
  end if;
end;
$$;

-- Revoke-by-default for this migration's private functions (see 20261122021700).
revoke execute on function private.is_new_account(uuid) from public, anon, authenticated, service_role;
revoke execute on function private.count_rate_limited_write(uuid, text) from public, anon, authenticated, service_role;
revoke execute on function private.limit_new_accounts_per_target() from public, anon, authenticated, service_role;
revoke execute on function private.hide_reported_content() from public, anon, authenticated, service_role;
revoke execute on function private.delete_expired_new_account_counters() from public, anon, authenticated, service_role;
