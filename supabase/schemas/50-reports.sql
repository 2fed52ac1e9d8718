-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

-- The reasons a report may give (docs/decisions/0035-notice-and-action.md): a short Spanish list,
-- data that moderators edit (moderate_set_report_reason, 70-moderation.sql). Each names the rule
-- of Chismes it stands for and, for illegal content, the legal ground; statements of reasons
-- quote both (74-statements.sql). A reason is retired (active = false), never deleted, so every
-- past report and statement keeps its meaning.
create table public.report_reasons (
  code text primary key check (code ~ '^[a-z_]{1,40}$'),
  label text not null check (char_length(label) between 1 and 80),
  rule text not null check (char_length(rule) between 1 and 500),
  legal_ground text check (char_length(legal_ground) between 1 and 500),
  illegal boolean not null default false,
  position int not null default 100,
  active boolean not null default true
);
alter table public.report_reasons enable row level security;
comment on table public.report_reasons is 'The list of report reasons (code, Spanish label, the rule of Chismes it stands for, the legal ground of illegal content). Public; moderators edit it.';
revoke all on table public.report_reasons from public, anon, authenticated, service_role;
grant all on table public.report_reasons to service_role;
grant select on table public.report_reasons to anon;
grant select on table public.report_reasons to authenticated;

create policy report_reasons_select_anon on public.report_reasons
  for select to anon
  using (true);
comment on policy report_reasons_select_anon on public.report_reasons is 'Signed-out visitors read the reason list (the terms, the transparency report).';

create policy report_reasons_select_authenticated on public.report_reasons
  for select to authenticated
  using (true);
comment on policy report_reasons_select_authenticated on public.report_reasons is 'Signed-in people read the reason list (the report dialog).';

-- Reports (spec §5 "Report"; docs/decisions/0035-notice-and-action.md): one per user per target
-- (a repeat gets its own key, which the UI treats as success), never on one's own chisme,
-- silently ignored on one's own comment; a reason from the list and an optional explanation;
-- each report adds 1 to the target's `report` counter while it stands (withdraw_report takes it
-- back). Reporters are visible only to themselves. A decision sets handled_at and decision
-- (removed: the content was taken down; dismissed: it stays), and the reporter is told.
create table public.reports (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  chisme_id uuid references public.chismes (id) on delete cascade,
  comment_id uuid references public.comments (id) on delete cascade,
  -- a code of report_reasons (checked by the rule step; reasons are retired, never deleted)
  reason text not null check (reason ~ '^[a-z_]{1,40}$'),
  explanation text check (char_length(explanation) between 1 and 2000),
  created_at timestamptz not null default now(),
  check (num_nonnulls(chisme_id, comment_id) = 1),
  constraint reports_user_id_chisme_id_key unique (user_id, chisme_id),
  constraint reports_user_id_comment_id_key unique (user_id, comment_id),
  handled_at timestamptz,
  decision text check (decision in ('removed', 'dismissed')),
  counts boolean not null default true
);
alter table public.reports enable row level security;
comment on table public.reports is 'Reports of chismes or comments; RLS shows a report only to its reporter.';
comment on column public.reports.handled_at is 'Set when a moderator decided on the target; handled reports no longer count towards hiding.';
comment on column public.reports.decision is 'The decision the reporter is told: removed (the content was taken down) or dismissed (it stays).';
comment on column public.reports.counts is 'False when the reporter''s reports were muted for misuse when it was made: it never counts towards automatic hiding (docs/decisions/0035-notice-and-action.md).';
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
--   2. automatic hiding at the threshold, with the author's statement of reasons, and the
--      moderators' live ping (private.hide_reported_content, below);
--   3. the transparency ledger's row (private.log_report, 74-statements.sql).
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
  v_step := private.log_report(new);
  return null;
end;
$$;
revoke all on function private.apply_report_write() from public, anon, authenticated, service_role;
comment on function private.apply_report_write() is 'Trigger: the effects of a new report in order (counter, automatic hiding with its statement and the moderators'' ping, the transparency ledger).';

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
create or replace function private.submit_report(p_chisme_id text, p_comment_id text, p_reason text, p_explanation text)
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
  insert into public.reports (chisme_id, comment_id, reason, explanation)
  values (private.uuid_arg(p_chisme_id, 'report_target_not_found'), private.uuid_arg(p_comment_id, 'report_target_not_found'),
    private.capped_arg(p_reason), p_explanation);
  return null;
exception
  when unique_violation then
    return private.answer_refused_write('report', 'report_already_exists', null, null);
  when sqlstate 'P0001' then
    get stacked diagnostics v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
    return private.answer_refused_write('report', v_message, v_detail, v_hint);
end;
$$;
revoke all on function private.submit_report(text,text,text,text) from public, anon, authenticated, service_role;
comment on function private.submit_report(text, text, text, text) is 'Reports a chisme or a comment as the caller; over the API a refusal is answered and counted (docs/decisions/0024-refused-writes-count.md). Called by report_chisme and report_comment.';

-- Client writes: run as their owner (security definer), because clients hold no write
-- privilege on the tables; every rule stays in the table's write pipeline, which reads the
-- request's role with private.is_client_write() (05-helpers.sql).
create function public.report_chisme(p_chisme_id text, p_reason text default null, p_explanation text default null)
returns json
language sql
volatile
security definer
set search_path = ''
as $$
  select private.submit_report(p_chisme_id, null, p_reason, p_explanation);
$$;
revoke all on function public.report_chisme(text,text,text) from public, anon, authenticated, service_role;
grant execute on function public.report_chisme(text,text,text) to authenticated;
grant execute on function public.report_chisme(text,text,text) to service_role;
comment on function public.report_chisme(text, text, text) is 'Reports a chisme as the caller with a reason code from report_reasons and an optional explanation (null). Over the API a refusal is answered (400, the key) and counts towards the report rate limit.';

create function public.report_comment(p_comment_id text, p_reason text default null, p_explanation text default null)
returns json
language sql
volatile
security definer
set search_path = ''
as $$
  select private.submit_report(null, p_comment_id, p_reason, p_explanation);
$$;
revoke all on function public.report_comment(text,text,text) from public, anon, authenticated, service_role;
grant execute on function public.report_comment(text,text,text) to authenticated;
grant execute on function public.report_comment(text,text,text) to service_role;
comment on function public.report_comment(text, text, text) is 'Reports a comment as the caller with a reason code from report_reasons and an optional explanation (null; one''s own comment: no effect). Over the API a refusal is answered (400, the key) and counts towards the report rate limit.';

-- Automatic hiding (70-moderation.sql) counting only reports made by accounts at least min_age
-- old at the time and not muted for misuse (reports.counts); the moderators' live ping still
-- carries every pending report. The hiding is an automated decision: its statement of reasons
-- (74-statements.sql) says so, with the reports' leading reason as its ground.
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
  select count(*)::int, count(*) filter (where r.counts and r.created_at >= u.created_at + v_min_age)::int
  into v_pending, v_counting
  from public.reports r join auth.users u on u.id = r.user_id
  where (r.chisme_id = p_chisme_id or r.comment_id = p_comment_id) and r.handled_at is null;
  if p_chisme_id is not null then
    if v_counting >= v_threshold then
      update public.chismes set hidden_at = now()
      where id = p_chisme_id and hidden_at is null
      returning * into v_chisme;
      if v_chisme.id is not null then
        select a.user_id into v_author from public.chisme_authors a where a.chisme_id = v_chisme.id;
        perform private.write_statement(v_author, 'hidden', 'chisme', v_chisme.id, null, v_chisme.content, null,
          'reports', v_pending, true, private.leading_reason(v_chisme.id, null), null,
          private.seconds_since_first_report(v_chisme.id, null));
      end if;
    end if;
    perform realtime.send(jsonb_build_object('kind', 'chisme', 'id', p_chisme_id, 'pending', v_pending),
      'report_created', 'moderation', true);
  else
    if v_counting >= v_threshold then
      update public.comments set hidden_at = now()
      where id = p_comment_id and hidden_at is null
      returning * into v_comment;
      if v_comment.id is not null then
        select a.user_id into v_author from public.comment_authors a where a.comment_id = v_comment.id;
        perform private.write_statement(v_author, 'hidden', 'comment', v_comment.chisme_id, v_comment.id, v_comment.content, null,
          'reports', v_pending, true, private.leading_reason(null, v_comment.id), null,
          private.seconds_since_first_report(null, v_comment.id));
      end if;
    end if;
    perform realtime.send(jsonb_build_object('kind', 'comment', 'id', p_comment_id, 'pending', v_pending),
      'report_created', 'moderation', true);
  end if;
end;
$$;
revoke all on function private.hide_reported_content(uuid,uuid) from public, anon, authenticated, service_role;
comment on function private.hide_reported_content(uuid, uuid) is 'Write step: hides a chisme or comment when its pending distinct counting reports by accounts past their first day reach the threshold (the chismes pipeline tells its own topic and the head topics), writes the author''s statement of reasons (automated), and pings the moderators'' topic (security definer).';

-- Withdrawing one's own report while no decision was taken: the report goes and its count with
-- it (content it had hidden stays hidden until a moderator decides: the hiding was a decision).
-- Security definer: clients hold no delete privilege on reports.
create or replace function public.withdraw_report(p_kind text, p_id text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
  v_id uuid := private.uuid_arg(p_id, 'report_not_found');
  v_report public.reports;
begin
  if p_kind = 'chisme' then
    delete from public.reports r where r.user_id = v_user_id and r.chisme_id = v_id and r.handled_at is null returning * into v_report;
  elsif p_kind = 'comment' then
    delete from public.reports r where r.user_id = v_user_id and r.comment_id = v_id and r.handled_at is null returning * into v_report;
  else
    raise exception 'report_not_found' using errcode = 'P0001';
  end if;
  if v_report.id is null then
    raise exception 'report_not_found' using errcode = 'P0001';
  end if;
  if v_report.chisme_id is not null then
    update public.chismes set report = greatest(report - 1, 0) where id = v_report.chisme_id;
  else
    update public.comments set report = greatest(report - 1, 0) where id = v_report.comment_id;
  end if;
  return true;
end;
$$;
revoke all on function public.withdraw_report(text,text) from public, anon, authenticated, service_role;
grant execute on function public.withdraw_report(text,text) to authenticated;
grant execute on function public.withdraw_report(text,text) to service_role;
comment on function public.withdraw_report(text, text) is 'The caller withdraws their own report of a chisme or comment not yet decided (true); report_not_found otherwise.';

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
  -- an optional explanation, normalised first (its size cap refuses a huge one before any work)
  p_report.explanation := nullif(private.strip_markup(private.normalize_text(p_report.explanation)), '');
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
  -- a reason from the list, by its code (any case)
  p_report.reason := lower(btrim(coalesce(p_report.reason, '')));
  if not exists (select 1 from public.report_reasons rr where rr.code = p_report.reason and rr.active) then
    raise exception 'report_reason_invalid' using errcode = 'P0001',
      detail = jsonb_build_object('allowed', (select jsonb_agg(rr.code order by rr.position, rr.code) from public.report_reasons rr where rr.active))::text;
  end if;
  p_report.handled_at := null;
  p_report.decision := null;
  -- a reporter muted for manifestly unfounded reports still reports, without counting
  p_report.counts := not exists (
    select 1 from private.report_mutes m where m.user_id = p_report.user_id and m.muted_until > p_report.created_at);
  if char_length(p_report.explanation) > 2000 then
    raise exception 'report_explanation_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 2000)::text;
  end if;
  return p_report;
end;
$$;
revoke all on function private.check_report_rules(public.reports) from public, anon, authenticated, service_role;
comment on function private.check_report_rules(public.reports) is 'Write step: one report per user and target, not on one''s own chisme, own comment ignored; a reason from the active list (report_reason_invalid), a normalised explanation of at most 2000 characters; a muted reporter''s report does not count. A client''s report is the caller''s own.';

