-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

-- Reports (spec §5 "Report"): one per user per target (a repeat gets its own key, which the UI
-- treats as success), never on one's own chisme, silently ignored on one's own comment; each
-- report adds 1 to the target's `report` counter. Reporters are visible only to themselves.
create table public.reports (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  chisme_id uuid references public.chismes (id) on delete cascade,
  comment_id uuid references public.comments (id) on delete cascade,
  reason text not null default 'Sin especificar' check (char_length(reason) between 1 and 200),
  created_at timestamptz not null default now(),
  check (num_nonnulls(chisme_id, comment_id) = 1),
  constraint reports_user_id_chisme_id_key unique (user_id, chisme_id),
  constraint reports_user_id_comment_id_key unique (user_id, comment_id),
  handled_at timestamptz
);
alter table public.reports enable row level security;
comment on table public.reports is 'Reports of chismes or comments; RLS shows a report only to its reporter.';
comment on column public.reports.handled_at is 'Set when a moderator restored the target; handled reports no longer count towards hiding.';
revoke all on table public.reports from public, anon, authenticated, service_role;
grant all on table public.reports to service_role;
grant select on table public.reports to authenticated;

create index reports_chisme_id_idx on public.reports (chisme_id);

create index reports_comment_id_idx on public.reports (comment_id);

create policy reports_select_authenticated on public.reports
  for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy reports_select_authenticated on public.reports is 'A reporter sees only their own reports.';

create policy reports_insert_authenticated on public.reports
  for insert to authenticated
  with check (user_id = (select auth.uid()));
comment on policy reports_insert_authenticated on public.reports is 'A user reports only as themselves.';

-- ---------------------------------------------------------------------------------------------
-- The write pipeline: what a report goes through, in the order it runs
-- ---------------------------------------------------------------------------------------------
-- One trigger per timing; its function calls the steps in the order listed here
-- (docs/database.md, "Write pipelines"). A step that refuses raises its key and undoes the write.
--
-- Before insert (private.check_report_write):
--   1. content the caller cannot see (hidden by moderation) is report_target_not_found
--      (private.guard_hidden_report_target, below);
--   2. a suspended account reports nothing (private.guard_suspended_user, 16-suspensions.sql);
--   3. the report's own rules: the caller's own, now; one per person and target; not of one's
--      own chisme; of one's own comment it is skipped silently, and nothing below runs
--      (private.check_report_rules, below);
--   4. the rate limit (private.enforce_rate_limit, 12-rate-limits.sql);
--   5. new accounts' per-target cap (private.limit_new_accounts_per_target, 14-new-accounts.sql).
-- After insert (private.apply_report_write):
--   1. the target's report counter (private.count_report, below), whose update runs the
--      chismes pipeline (the trending copy);
--   2. automatic hiding at the threshold, with the author's notification, and the moderators'
--      live ping (private.hide_reported_content, below).
--
-- Security definer: the steps are private functions no API role may execute, whoever writes.
create or replace function private.check_report_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- each step's value is dropped: a call as an expression, not a PERFORM query (docs/database.md,
  -- "Write pipelines")
  v_step text;
  v_report public.reports;
begin
  v_step := private.guard_hidden_report_target(new.chisme_id, new.comment_id);
  v_step := private.guard_suspended_user();
  v_report := private.check_report_rules(new);
  if v_report.id is null then
    return null; -- one's own comment: the report is skipped silently
  end if;
  new := v_report;
  v_step := private.enforce_rate_limit('report');
  v_step := private.limit_new_accounts_per_target('report', coalesce(new.chisme_id, new.comment_id));
  return new;
end;
$$;
revoke all on function private.check_report_write() from public, anon, authenticated, service_role;
comment on function private.check_report_write() is 'Trigger: the checks of a new report in order (hidden target, suspension, rules, rate limit, new-account cap).';

create or replace function private.apply_report_write()
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
  v_step := private.count_report(new.chisme_id, new.comment_id);
  v_step := private.hide_reported_content(new.chisme_id, new.comment_id);
  return null;
end;
$$;
revoke all on function private.apply_report_write() from public, anon, authenticated, service_role;
comment on function private.apply_report_write() is 'Trigger: the effects of a new report in order (counter, then automatic hiding and the moderators'' ping).';

create trigger reports_before_insert_check_rules
  before insert on public.reports
  for each row execute function private.check_report_write();

create trigger reports_after_insert_apply_effects
  after insert on public.reports
  for each row execute function private.apply_report_write();

-- ---------------------------------------------------------------------------------------------
-- The steps of this table
-- ---------------------------------------------------------------------------------------------

-- Security definer: counters are not writable by clients.
create or replace function private.count_report(p_chisme_id uuid, p_comment_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_chisme_id is not null then
    update public.chismes set report = report + 1 where id = p_chisme_id;
  else
    update public.comments set report = report + 1 where id = p_comment_id;
  end if;
end;
$$;
revoke all on function private.count_report(uuid,uuid) from public, anon, authenticated, service_role;
comment on function private.count_report(uuid, uuid) is 'Write step: adds 1 to the reported chisme''s or comment''s report counter (security definer).';

-- A report as the caller, of a chisme or of a comment (the other id null): the body of
-- report_chisme and report_comment, run as their owner. Over the API a refusal is answered
-- (400, PostgREST's error body) instead of raised, so it counts towards the report limit
-- (private.answer_refused_write, docs/decisions/0024-refused-writes-count.md); a raced repeat
-- that meets the unique constraint is report_already_exists like one the rule step sees. A
-- stored report answers null (PostgREST sends null; the web reads only the error).
create or replace function private.submit_report(p_chisme_id text, p_comment_id text, p_reason text)
returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_message text;
  v_detail text;
  v_hint text;
begin
  perform private.require_user();
  insert into public.reports (chisme_id, comment_id, reason)
  values (private.uuid_arg(p_chisme_id, 'report_target_not_found'), private.uuid_arg(p_comment_id, 'report_target_not_found'), p_reason);
  return null;
exception
  when unique_violation then
    return private.answer_refused_write('report', 'report_already_exists', null, null);
  when sqlstate 'P0001' then
    get stacked diagnostics v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
    return private.answer_refused_write('report', v_message, v_detail, v_hint);
end;
$$;
revoke all on function private.submit_report(text,text,text) from public, anon, authenticated, service_role;
comment on function private.submit_report(text, text, text) is 'Reports a chisme or a comment as the caller; over the API a refusal is answered and counted (docs/decisions/0024-refused-writes-count.md). Called by report_chisme and report_comment.';

-- Client writes: run as their owner (security definer), because clients hold no write
-- privilege on the tables; every rule stays in the table's write pipeline, which reads the
-- request's role with private.is_client_write() (05-helpers.sql).
create function public.report_chisme(p_chisme_id text, p_reason text default 'Sin especificar')
returns json
language sql
volatile
security definer
set search_path = ''
as $$
  select private.submit_report(p_chisme_id, null, p_reason);
$$;
revoke all on function public.report_chisme(text,text) from public, anon, authenticated, service_role;
grant execute on function public.report_chisme(text,text) to authenticated;
grant execute on function public.report_chisme(text,text) to service_role;
comment on function public.report_chisme(text, text) is 'Reports a chisme as the caller (null). Over the API a refusal is answered (400, the key) and counts towards the report rate limit.';

create function public.report_comment(p_comment_id text, p_reason text default 'Sin especificar')
returns json
language sql
volatile
security definer
set search_path = ''
as $$
  select private.submit_report(null, p_comment_id, p_reason);
$$;
revoke all on function public.report_comment(text,text) from public, anon, authenticated, service_role;
grant execute on function public.report_comment(text,text) to authenticated;
grant execute on function public.report_comment(text,text) to service_role;
comment on function public.report_comment(text, text) is 'Reports a comment as the caller (null; one''s own comment: no effect). Over the API a refusal is answered (400, the key) and counts towards the report rate limit.';

-- Automatic hiding (70-moderation.sql) counting only reports made by accounts at least min_age
-- old at the time; the moderators' live ping still carries every pending report.
create or replace function private.hide_reported_content(p_chisme_id uuid, p_comment_id uuid)
returns void
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
  if p_chisme_id is not null then
    select count(*)::int, count(*) filter (where r.created_at >= u.created_at + v_min_age)::int
    into v_pending, v_counting
    from public.reports r join auth.users u on u.id = r.user_id
    where r.chisme_id = p_chisme_id and r.handled_at is null;
    if v_counting >= v_threshold then
      update public.chismes set hidden_at = now()
      where id = p_chisme_id and hidden_at is null
      returning * into v_chisme;
      if v_chisme.id is not null then
        select a.user_id into v_author from public.chisme_authors a where a.chisme_id = v_chisme.id;
        if v_author is not null then
          perform private.notify(v_author, 'moderation_decision',
            'Tu chisme ha sido ocultado por varias denuncias mientras un moderador lo revisa.',
            jsonb_build_object('decision', 'hidden', 'chismeId', v_chisme.id),
            'moderation:hidden:' || v_chisme.id::text || ':' || extract(epoch from v_chisme.hidden_at)::text);
        end if;
      end if;
    end if;
    perform realtime.send(jsonb_build_object('kind', 'chisme', 'id', p_chisme_id, 'pending', v_pending),
      'report_created', 'moderation', true);
  else
    select count(*)::int, count(*) filter (where r.created_at >= u.created_at + v_min_age)::int
    into v_pending, v_counting
    from public.reports r join auth.users u on u.id = r.user_id
    where r.comment_id = p_comment_id and r.handled_at is null;
    if v_counting >= v_threshold then
      update public.comments set hidden_at = now()
      where id = p_comment_id and hidden_at is null
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
    perform realtime.send(jsonb_build_object('kind', 'comment', 'id', p_comment_id, 'pending', v_pending),
      'report_created', 'moderation', true);
  end if;
end;
$$;
revoke all on function private.hide_reported_content(uuid,uuid) from public, anon, authenticated, service_role;
comment on function private.hide_reported_content(uuid, uuid) is 'Write step: hides a chisme or comment when its pending distinct reports by accounts past their first day reach the threshold (the chismes pipeline tells its group topic), notifies the author, and pings the moderators'' topic (security definer).';

-- Security definer: reads hidden_at and the authorship whatever the caller.
create or replace function private.guard_hidden_report_target(p_chisme_id uuid, p_comment_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    return;
  end if;
  -- a deleted chisme's "Chisme eliminado" placeholder has nothing to report (20-chismes.sql)
  if p_chisme_id is not null
     and exists (select 1 from public.chismes c where c.id = p_chisme_id
       and (c.deleted_at is not null or (c.hidden_at is not null and not private.can_see_hidden_chisme(c.id)))) then
    raise exception 'report_target_not_found' using errcode = 'P0001';
  end if;
  if p_comment_id is not null
     and exists (select 1 from public.comments c where c.id = p_comment_id)
     and not private.can_see_comment(p_comment_id) then
    raise exception 'report_target_not_found' using errcode = 'P0001';
  end if;
end;
$$;
revoke all on function private.guard_hidden_report_target(uuid,uuid) from public, anon, authenticated, service_role;
comment on function private.guard_hidden_report_target(uuid, uuid) is 'Write step: a report of content the caller cannot see (hidden by moderation) is report_target_not_found.';

create or replace function private.check_report_rules(p_report public.reports)
returns public.reports
language plpgsql
security invoker
set search_path = ''
as $$
begin
  select o.o_user_id, o.o_created_at into p_report.user_id, p_report.created_at
  from private.own_client_row(p_report.user_id, p_report.created_at) o;
  p_report.reason := coalesce(nullif(private.strip_markup(private.normalize_text(p_report.reason)), ''), 'Sin especificar');


  if num_nonnulls(p_report.chisme_id, p_report.comment_id) > 1 then
    raise exception 'report_target_invalid' using errcode = 'P0001';
  end if;
  if p_report.chisme_id is not null then
    if not exists (select 1 from public.chismes c where c.id = p_report.chisme_id) then
      raise exception 'report_target_not_found' using errcode = 'P0001';
    end if;
    if exists (
      select 1 from public.chisme_authors a where a.chisme_id = p_report.chisme_id and a.user_id = p_report.user_id
    ) then
      raise exception 'report_own_chisme' using errcode = 'P0001';
    end if;
    if exists (
      select 1 from public.reports r where r.chisme_id = p_report.chisme_id and r.user_id = p_report.user_id
    ) then
      raise exception 'report_already_exists' using errcode = 'P0001';
    end if;
  elsif p_report.comment_id is not null then
    if not exists (select 1 from public.comments c where c.id = p_report.comment_id) then
      raise exception 'report_target_not_found' using errcode = 'P0001';
    end if;
    if exists (
      select 1 from public.comment_authors a where a.comment_id = p_report.comment_id and a.user_id = p_report.user_id
    ) then
      return null; -- spec: reporting one's own comment is silently ignored (the pipeline skips it)
    end if;
    if exists (
      select 1 from public.reports r where r.comment_id = p_report.comment_id and r.user_id = p_report.user_id
    ) then
      raise exception 'report_already_exists' using errcode = 'P0001';
    end if;
  else
    raise exception 'report_target_not_found' using errcode = 'P0001';
  end if;
  if char_length(p_report.reason) > 200 then
    raise exception 'report_reason_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 200)::text;
  end if;
  return p_report;
end;
$$;
revoke all on function private.check_report_rules(public.reports) from public, anon, authenticated, service_role;
comment on function private.check_report_rules(public.reports) is 'Write step: one report per user and target, not on one''s own chisme, own comment ignored; normalised reason ≤ 200. A client''s report is the caller''s own.';

