-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

-- Statements of reasons, complaints and measures against misuse
-- (docs/decisions/0036-statements-and-complaints.md). Every restriction of a person's content
-- or account — a chisme or comment hidden (automatically by reports, or by a moderator),
-- deleted, an account suspended — writes exactly one statement, through
-- private.write_statement, which also tells the person. The statement says what was
-- restricted (with a snippet), the facts (reports received, own initiative, or repeated
-- illegal content), whether automated means decided, the rule broken (and the legal ground of
-- illegal content), the thresholds of the misuse measures, and until when a complaint can be
-- filed. It never holds a reporter's id nor anything that would single one out (a count, not
-- who). The affected person complains about a statement, and a reporter about a dismissal of
-- their report, within the complaint window (6 months by default); a moderator, and only a
-- moderator, decides; a reversal restores what the decision took.

-- ---------------------------------------------------------------------------------------------
-- Settings
-- ---------------------------------------------------------------------------------------------
create table private.misuse_settings (
  id boolean primary key default true check (id),
  complaint_window_days int not null default 183 check (complaint_window_days between 183 and 3650),
  misuse_window_days int not null default 183 check (misuse_window_days between 1 and 3650),
  illegal_warn_after int not null default 2 check (illegal_warn_after >= 1),
  illegal_suspend_after int not null default 3 check (illegal_suspend_after >= 1),
  illegal_suspend_days int not null default 7 check (illegal_suspend_days between 1 and 365),
  unfounded_warn_after int not null default 3 check (unfounded_warn_after >= 1),
  unfounded_mute_after int not null default 5 check (unfounded_mute_after >= 1),
  unfounded_mute_days int not null default 30 check (unfounded_mute_days between 1 and 365),
  check (illegal_warn_after < illegal_suspend_after),
  check (unfounded_warn_after < unfounded_mute_after)
);
revoke all on table private.misuse_settings from public, anon, authenticated, service_role;
comment on table private.misuse_settings is 'One row: the complaint window and the misuse thresholds (repeated illegal content, manifestly unfounded reports), quoted in every statement of reasons.';

-- Reporters whose reports were repeatedly found manifestly unfounded: their reports are stored
-- and reviewed, but do not count towards automatic hiding until muted_until.
create table private.report_mutes (
  user_id uuid primary key references auth.users (id) on delete cascade,
  muted_until timestamptz not null,
  created_at timestamptz not null default now()
);
revoke all on table private.report_mutes from public, anon, authenticated, service_role;
comment on table private.report_mutes is 'Reporters whose reports do not count towards automatic hiding until muted_until (manifestly unfounded reports, misuse_settings).';

-- ---------------------------------------------------------------------------------------------
-- The transparency ledger: one anonymous row per event, for the public report (78-transparency.sql)
-- ---------------------------------------------------------------------------------------------
-- Reports and decisions go with the content they concern (foreign keys cascade), so the
-- figures are kept here as they happen: no person's id, only the kind, a key (a reason, a
-- decision, an outcome), the source, whether automated means decided and the seconds from the
-- first pending report to the decision.
create table private.moderation_ledger (
  id bigint generated always as identity primary key,
  happened_at timestamptz not null default now(),
  event text not null check (event in ('report', 'decision', 'complaint', 'complaint_decided', 'suspension', 'word_refusal')),
  key text not null check (char_length(key) between 1 and 60),
  source text check (source in ('signed_in', 'signed_out', 'moderator')),
  automated boolean,
  seconds int check (seconds >= 0)
);
revoke all on table private.moderation_ledger from public, anon, authenticated, service_role;
comment on table private.moderation_ledger is 'Anonymous events of moderation (reports, decisions, complaints, suspensions, word-filter refusals) for the transparency report; never a person''s id.';

create index moderation_ledger_happened_at_idx on private.moderation_ledger (happened_at);

create or replace function private.log_moderation_event(p_event text, p_key text, p_source text, p_automated boolean, p_seconds int)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.moderation_ledger (event, key, source, automated, seconds)
  values (p_event, p_key, p_source, p_automated, greatest(p_seconds, 0));
$$;
revoke all on function private.log_moderation_event(text,text,text,boolean,int) from public, anon, authenticated, service_role;
comment on function private.log_moderation_event(text, text, text, boolean, int) is 'Write step: one anonymous row of the transparency ledger (security definer: the ledger has no API access).';

-- A report's row in the ledger: the reason and the source (a moderator's own report is the
-- moderator source). An effect of the reports pipeline.
create or replace function private.log_report(p_report public.reports)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform private.log_moderation_event('report', p_report.reason,
    case when private.is_moderator() then 'moderator' else 'signed_in' end, null, null);
end;
$$;
revoke all on function private.log_report(public.reports) from public, anon, authenticated, service_role;
comment on function private.log_report(public.reports) is 'Write step: a new report in the transparency ledger (reason and source, no person).';

-- ---------------------------------------------------------------------------------------------
-- Statements of reasons
-- ---------------------------------------------------------------------------------------------
create table public.moderation_statements (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  decision text not null check (decision in ('hidden', 'deleted', 'suspended')),
  target_kind text not null check (target_kind in ('chisme', 'comment', 'account')),
  chisme_id uuid,
  comment_id uuid,
  snippet text check (char_length(snippet) <= 60),
  suspended_until timestamptz,
  facts text not null check (facts in ('reports', 'own_initiative', 'repeated_illegal')),
  reports_received int not null default 0 check (reports_received >= 0),
  automated boolean not null,
  reason text not null check (reason ~ '^[a-z_]{1,40}$'), -- a code of report_reasons (never deleted)
  rule text not null,
  legal_ground text,
  explanation text check (char_length(explanation) <= 2000),
  thresholds jsonb not null,
  complaint_until timestamptz not null,
  created_at timestamptz not null default now(),
  reversed_at timestamptz,
  check ((decision = 'suspended') = (suspended_until is not null)),
  check ((target_kind = 'account') = (decision = 'suspended'))
);
alter table public.moderation_statements enable row level security;
revoke all on table public.moderation_statements from public, anon, authenticated, service_role;
grant all on table public.moderation_statements to service_role;
grant select on table public.moderation_statements to authenticated;
comment on table public.moderation_statements is 'Statements of reasons: one per restriction of a person''s content or account, shown to that person only; never a reporter''s id.';
comment on column public.moderation_statements.chisme_id is 'The chisme restricted (or whose comment was); not a foreign key: the statement outlives a deleted chisme.';
comment on column public.moderation_statements.thresholds is 'The automatic-hiding threshold and the misuse thresholds in force when the decision was taken.';

create index moderation_statements_user_id_created_at_idx on public.moderation_statements (user_id, created_at desc);

create policy moderation_statements_select_authenticated on public.moderation_statements
  for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy moderation_statements_select_authenticated on public.moderation_statements is 'A person reads the statements of reasons about their own content and account only.';

-- The thresholds a statement quotes.
create or replace function private.moderation_thresholds()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'hide_threshold', coalesce((select s.hide_threshold from private.moderation_settings s), 5),
    'illegal_warn_after', m.illegal_warn_after,
    'illegal_suspend_after', m.illegal_suspend_after,
    'illegal_suspend_days', m.illegal_suspend_days,
    'unfounded_warn_after', m.unfounded_warn_after,
    'unfounded_mute_after', m.unfounded_mute_after,
    'unfounded_mute_days', m.unfounded_mute_days,
    'complaint_window_days', m.complaint_window_days)
  from private.misuse_settings m;
$$;
revoke all on function private.moderation_thresholds() from public, anon, authenticated, service_role;
comment on function private.moderation_thresholds() is 'The hiding and misuse thresholds in force, as a statement of reasons quotes them.';

-- The one way a restriction is recorded: the statement, its notification and its ledger row.
-- Security definer: the statement and the notification are written for another person.
create or replace function private.write_statement(
  p_user_id uuid,
  p_decision text,
  p_target_kind text,
  p_chisme_id uuid,
  p_comment_id uuid,
  p_content text,
  p_suspended_until timestamptz,
  p_facts text,
  p_reports int,
  p_automated boolean,
  p_reason text,
  p_explanation text,
  p_seconds int
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reason public.report_reasons;
  v_statement public.moderation_statements;
  v_what text;
  v_message text;
begin
  if p_user_id is null then
    return null; -- content whose author deleted their account: nobody to tell
  end if;
  select * into v_reason from public.report_reasons r where r.code = p_reason;
  if v_reason.code is null then
    raise exception 'moderation_reason_invalid' using errcode = 'P0001';
  end if;
  insert into public.moderation_statements (user_id, decision, target_kind, chisme_id, comment_id, snippet,
    suspended_until, facts, reports_received, automated, reason, rule, legal_ground, explanation, thresholds,
    complaint_until)
  values (p_user_id, p_decision, p_target_kind, p_chisme_id, p_comment_id,
    case when p_content is not null then private.snippet(p_content) end,
    p_suspended_until, p_facts, coalesce(p_reports, 0), p_automated, v_reason.code, v_reason.rule,
    case when v_reason.illegal then v_reason.legal_ground end,
    nullif(private.strip_markup(private.normalize_text(p_explanation)), ''),
    private.moderation_thresholds(),
    now() + make_interval(days => (select m.complaint_window_days from private.misuse_settings m)))
  returning * into v_statement;

  v_what := case p_target_kind when 'chisme' then 'Tu chisme' when 'comment' then 'Tu comentario' else 'Tu cuenta' end
    || case when v_statement.snippet is not null then ' «' || v_statement.snippet || '»' else '' end;
  v_message := v_what || case p_decision
      when 'hidden' then case when p_automated then ' se ha ocultado automáticamente tras varias denuncias'
                              else ' ha sido ocultado por un moderador' end
      when 'deleted' then ' ha sido eliminado por un moderador'
      else ' ha sido suspendida hasta el ' || to_char(p_suspended_until at time zone 'UTC', 'DD/MM/YYYY HH24:MI') || ' (UTC)'
    end
    || ' (motivo: ' || v_reason.label || '). Lee la explicación y, si no estás de acuerdo, reclama en «Mis decisiones».';
  perform private.notify(p_user_id, 'moderation_decision', v_message,
    jsonb_build_object('decision', p_decision, 'statementId', v_statement.id)
      -- a deleted chisme has no page to open (and its own notification, not collapsed with others)
      || case when p_chisme_id is not null and not (p_decision = 'deleted' and p_target_kind = 'chisme')
              then jsonb_build_object('chismeId', p_chisme_id) else '{}'::jsonb end
      || case when p_comment_id is not null then jsonb_build_object('commentId', p_comment_id) else '{}'::jsonb end,
    'statement:' || v_statement.id::text);
  perform private.log_moderation_event('decision', p_decision, case when p_automated then null else 'moderator' end,
    p_automated, p_seconds);
  if p_decision = 'suspended' then
    perform private.log_moderation_event('suspension', p_facts, null, p_automated, null);
  end if;
  return v_statement.id;
end;
$$;
revoke all on function private.write_statement(uuid,text,text,uuid,uuid,text,timestamptz,text,int,boolean,text,text,int) from public, anon, authenticated, service_role;
comment on function private.write_statement(uuid, text, text, uuid, uuid, text, timestamptz, text, int, boolean, text, text, int) is 'Records one restriction: its statement of reasons, the person''s notification and the ledger row (security definer).';

-- The leading reason of a target's pending reports: the ground of a decision taken on reports
-- when the moderator names none.
create or replace function private.leading_reason(p_chisme_id uuid, p_comment_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select r.reason from public.reports r
  where r.handled_at is null
    and (r.chisme_id = p_chisme_id or r.comment_id = p_comment_id)
  group by r.reason
  order by count(*) desc, min(r.created_at), r.reason
  limit 1;
$$;
revoke all on function private.leading_reason(uuid,uuid) from public, anon, authenticated, service_role;
comment on function private.leading_reason(uuid, uuid) is 'The most frequent reason among a target''s pending reports (ties: the earliest).';

-- Seconds from a target's first pending report to now (null without one): the decision time
-- of the transparency report.
create or replace function private.seconds_since_first_report(p_chisme_id uuid, p_comment_id uuid)
returns int
language sql
stable
security definer
set search_path = ''
as $$
  select extract(epoch from now() - min(r.created_at))::int from public.reports r
  where r.handled_at is null and (r.chisme_id = p_chisme_id or r.comment_id = p_comment_id);
$$;
revoke all on function private.seconds_since_first_report(uuid,uuid) from public, anon, authenticated, service_role;
comment on function private.seconds_since_first_report(uuid, uuid) is 'Seconds since the first pending report of a chisme or comment (the time to decision).';

-- Every reporter of a target is told the decision on their report (removed or dismissed), and
-- their pending reports are closed with it. A dismissal may be marked manifestly unfounded,
-- which feeds the misuse measure below.
create or replace function private.close_reports(p_chisme_id uuid, p_comment_id uuid, p_decision text, p_unfounded boolean)
returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_report record;
  v_closed int := 0;
  v_what text := case when p_chisme_id is not null then 'un chisme' else 'un comentario' end;
begin
  for v_report in
    update public.reports r set handled_at = now(), decision = p_decision
    where r.handled_at is null and (r.chisme_id = p_chisme_id or r.comment_id = p_comment_id)
    returning r.id, r.user_id
  loop
    v_closed := v_closed + 1;
    perform private.notify(v_report.user_id, 'moderation_decision',
      case when p_decision = 'removed'
        then 'Hemos revisado tu denuncia de ' || v_what || ' y hemos retirado el contenido. Gracias por avisar.'
        else 'Hemos revisado tu denuncia de ' || v_what || ' y no hemos retirado el contenido: no incumple las normas. Si no estás de acuerdo, puedes reclamar en «Mis denuncias».'
      end,
      jsonb_build_object('decision', 'report_' || p_decision, 'reportId', v_report.id),
      'report:' || v_report.id::text || ':' || p_decision);
    if p_decision = 'dismissed' and p_unfounded then
      perform private.count_unfounded_report(v_report.user_id, v_report.id);
    end if;
  end loop;
  -- signed-out notifiers are told by mail, and their addresses forgotten (52-notices.sql); their
  -- notices are reports received too, for the statement of reasons' facts
  return v_closed + private.close_notices(p_chisme_id, p_comment_id, p_decision);
end;
$$;
revoke all on function private.close_reports(uuid,uuid,text,boolean) from public, anon, authenticated, service_role;
comment on function private.close_reports(uuid, uuid, text, boolean) is 'Closes a target''s pending reports and signed-out notices with the decision and tells each reporter (notifiers by mail); returns how many it closed; a manifestly unfounded dismissal counts towards the reporter''s misuse measure.';

-- ---------------------------------------------------------------------------------------------
-- Misuse (docs/decisions/0036-statements-and-complaints.md)
-- ---------------------------------------------------------------------------------------------
create table private.unfounded_reports (
  report_id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);
revoke all on table private.unfounded_reports from public, anon, authenticated, service_role;
comment on table private.unfounded_reports is 'Reports a moderator found manifestly unfounded (kept after the content goes), counted per reporter within the misuse window.';

create index unfounded_reports_user_id_created_at_idx on private.unfounded_reports (user_id, created_at);

-- A manifestly unfounded report: at unfounded_warn_after within the window the reporter is
-- warned; at unfounded_mute_after their reports stop counting for unfounded_mute_days.
create or replace function private.count_unfounded_report(p_user_id uuid, p_report_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_settings private.misuse_settings;
  v_count int;
begin
  select * into v_settings from private.misuse_settings;
  insert into private.unfounded_reports (report_id, user_id) values (p_report_id, p_user_id) on conflict do nothing;
  select count(*)::int into v_count from private.unfounded_reports u
  where u.user_id = p_user_id and u.created_at > now() - make_interval(days => v_settings.misuse_window_days);
  if v_count = v_settings.unfounded_warn_after then
    perform private.notify(p_user_id, 'moderation_decision',
      'Aviso: varias de tus denuncias eran claramente infundadas. Si llegas a ' || v_settings.unfounded_mute_after
        || ', tus denuncias dejarán de contar para ocultar contenido durante ' || v_settings.unfounded_mute_days || ' días.',
      jsonb_build_object('decision', 'misuse_warning'), 'misuse:unfounded:warn:' || p_report_id::text);
  elsif v_count >= v_settings.unfounded_mute_after then
    insert into private.report_mutes as m (user_id, muted_until)
    values (p_user_id, now() + make_interval(days => v_settings.unfounded_mute_days))
    on conflict (user_id) do update set muted_until = greatest(m.muted_until, excluded.muted_until), created_at = now();
    perform private.notify(p_user_id, 'moderation_decision',
      'Tus denuncias no contarán para ocultar contenido durante ' || v_settings.unfounded_mute_days
        || ' días: ' || v_count || ' de ellas eran claramente infundadas. Los moderadores las siguen revisando.',
      jsonb_build_object('decision', 'reports_muted'), 'misuse:unfounded:mute:' || p_report_id::text);
  end if;
end;
$$;
revoke all on function private.count_unfounded_report(uuid,uuid) from public, anon, authenticated, service_role;
comment on function private.count_unfounded_report(uuid, uuid) is 'Counts a manifestly unfounded report: a warning at the first threshold, muted reports at the second (misuse_settings).';

-- Content removed as illegal: at illegal_warn_after such removals within the window the author
-- is warned; at illegal_suspend_after the account is suspended for illegal_suspend_days, with
-- its own statement (automated: the rule decides, and it can be complained about).
create or replace function private.count_illegal_removal(p_user_id uuid, p_reason text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_settings private.misuse_settings;
  v_count int;
  v_until timestamptz;
begin
  if p_user_id is null or not exists (select 1 from public.report_reasons r where r.code = p_reason and r.illegal) then
    return;
  end if;
  select * into v_settings from private.misuse_settings;
  select count(*)::int into v_count from public.moderation_statements s
  join public.report_reasons r on r.code = s.reason
  where s.user_id = p_user_id and s.decision = 'deleted' and r.illegal and s.reversed_at is null
    and s.created_at > now() - make_interval(days => v_settings.misuse_window_days);
  if v_count = v_settings.illegal_warn_after then
    perform private.notify(p_user_id, 'moderation_decision',
      'Aviso: hemos retirado ' || v_count || ' publicaciones tuyas por contenido ilegal. Si llegas a '
        || v_settings.illegal_suspend_after || ', tu cuenta se suspenderá ' || v_settings.illegal_suspend_days || ' días.',
      jsonb_build_object('decision', 'misuse_warning'), 'misuse:illegal:warn:' || v_count || ':' || extract(epoch from now())::text);
  elsif v_count >= v_settings.illegal_suspend_after then
    v_until := private.suspend_user(p_user_id, make_interval(days => v_settings.illegal_suspend_days));
    perform private.write_statement(p_user_id, 'suspended', 'account', null, null, null, v_until,
      'repeated_illegal', 0, true, p_reason, null, null);
  end if;
end;
$$;
revoke all on function private.count_illegal_removal(uuid,text) from public, anon, authenticated, service_role;
comment on function private.count_illegal_removal(uuid, text) is 'After a removal as illegal: a warning at the first threshold, a suspension with its statement at the second (misuse_settings).';

-- ---------------------------------------------------------------------------------------------
-- Complaints (internal complaint handling)
-- ---------------------------------------------------------------------------------------------
create table private.complaints (
  id uuid primary key default gen_random_uuid(),
  statement_id uuid unique references public.moderation_statements (id) on delete cascade,
  report_id uuid unique references public.reports (id) on delete cascade,
  explanation text not null check (char_length(explanation) between 1 and 2000),
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  outcome text check (outcome in ('upheld', 'reversed')),
  answer text check (char_length(answer) between 1 and 2000),
  decided_by uuid,
  check (num_nonnulls(statement_id, report_id) = 1),
  check ((decided_at is null) = (outcome is null) and (outcome is null) = (answer is null))
);
revoke all on table private.complaints from public, anon, authenticated, service_role;
comment on table private.complaints is 'Complaints about a statement of reasons (by the person affected) or a dismissed report (by its reporter), with the moderator''s reasoned decision. The complainant is the statement''s person or the report''s reporter (never stored twice: their rows take the complaint with them). No API access.';

create index complaints_pending_idx on private.complaints (created_at) where decided_at is null;

-- Security definer: reads the caller's statement or report and writes private.complaints.
create or replace function public.file_complaint(p_kind text, p_id text, p_explanation text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
  v_id uuid := private.uuid_arg(p_id, 'complaint_not_allowed');
  v_explanation text := nullif(private.strip_markup(private.normalize_text(p_explanation)), '');
  v_window interval := make_interval(days => (select m.complaint_window_days from private.misuse_settings m));
  v_complaint uuid;
begin
  if v_explanation is null then
    raise exception 'complaint_explanation_required' using errcode = 'P0001';
  end if;
  if char_length(v_explanation) > 2000 then
    raise exception 'complaint_explanation_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 2000)::text;
  end if;
  if p_kind = 'statement' then
    -- the person affected, within the window, a decision still standing
    if not exists (select 1 from public.moderation_statements s
                   where s.id = v_id and s.user_id = v_user_id and s.reversed_at is null) then
      raise exception 'complaint_not_allowed' using errcode = 'P0001';
    end if;
    if exists (select 1 from public.moderation_statements s where s.id = v_id and s.complaint_until < now()) then
      raise exception 'complaint_too_late' using errcode = 'P0001';
    end if;
    insert into private.complaints (statement_id, explanation)
    values (v_id, v_explanation) on conflict do nothing returning id into v_complaint;
  elsif p_kind = 'report' then
    -- the reporter, about a decision not to act, within the window
    if not exists (select 1 from public.reports r
                   where r.id = v_id and r.user_id = v_user_id and r.decision = 'dismissed') then
      raise exception 'complaint_not_allowed' using errcode = 'P0001';
    end if;
    if exists (select 1 from public.reports r where r.id = v_id and r.handled_at + v_window < now()) then
      raise exception 'complaint_too_late' using errcode = 'P0001';
    end if;
    insert into private.complaints (report_id, explanation)
    values (v_id, v_explanation) on conflict do nothing returning id into v_complaint;
  else
    raise exception 'complaint_not_allowed' using errcode = 'P0001';
  end if;
  if v_complaint is null then
    raise exception 'complaint_already_exists' using errcode = 'P0001';
  end if;
  perform private.log_moderation_event('complaint', p_kind, null, null, null);
  -- the moderators' console refreshes its complaints (their private topic, 80-realtime.sql)
  perform realtime.send(jsonb_build_object('kind', 'complaint', 'id', v_complaint), 'complaint_filed', 'moderation', true);
  return v_complaint;
end;
$$;
revoke all on function public.file_complaint(text,text,text) from public, anon, authenticated, service_role;
grant execute on function public.file_complaint(text,text,text) to authenticated;
grant execute on function public.file_complaint(text,text,text) to service_role;
comment on function public.file_complaint(text, text, text) is 'Complains, with an explanation, about a statement of reasons (kind statement: the person affected) or a dismissed report (kind report: its reporter), within the complaint window; once. Keys: complaint_not_allowed, complaint_too_late, complaint_already_exists, complaint_explanation_required, complaint_explanation_too_long.';

-- Security definer: the caller's own statements with their complaints.
create or replace function public.get_my_statements()
returns table (
  id uuid, decision text, target_kind text, chisme_id uuid, comment_id uuid, snippet text,
  suspended_until timestamptz, facts text, reports_received int, automated boolean, reason text,
  reason_label text, rule text, legal_ground text, explanation text, thresholds jsonb,
  complaint_until timestamptz, created_at timestamptz, reversed_at timestamptz,
  complaint_status text, complaint_answer text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
begin
  return query
    select s.id, s.decision, s.target_kind, s.chisme_id, s.comment_id, s.snippet, s.suspended_until,
      s.facts, s.reports_received, s.automated, s.reason, r.label, s.rule, s.legal_ground, s.explanation,
      s.thresholds, s.complaint_until, s.created_at, s.reversed_at,
      case when c.id is null then null when c.decided_at is null then 'pending' else c.outcome end,
      c.answer
    from public.moderation_statements s
    join public.report_reasons r on r.code = s.reason
    left join private.complaints c on c.statement_id = s.id
    where s.user_id = v_user_id
    order by s.created_at desc
    limit 200;
end;
$$;
revoke all on function public.get_my_statements() from public, anon, authenticated, service_role;
grant execute on function public.get_my_statements() to authenticated;
grant execute on function public.get_my_statements() to service_role;
comment on function public.get_my_statements() is 'The caller''s statements of reasons, newest first, with the state and answer of their complaint.';

-- Security definer: the caller's own reports with their decisions and complaints.
create or replace function public.get_my_reports()
returns table (
  id uuid, kind text, chisme_id uuid, reason text, reason_label text, explanation text,
  created_at timestamptz, decision text, decided_at timestamptz, complaint_until timestamptz,
  complaint_status text, complaint_answer text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
  v_window interval := make_interval(days => (select m.complaint_window_days from private.misuse_settings m));
begin
  return query
    select r.id, case when r.chisme_id is not null then 'chisme' else 'comment' end,
      coalesce(r.chisme_id, co.chisme_id), r.reason, rr.label, r.explanation, r.created_at, r.decision,
      r.handled_at, r.handled_at + v_window,
      case when c.id is null then null when c.decided_at is null then 'pending' else c.outcome end,
      c.answer
    from public.reports r
    join public.report_reasons rr on rr.code = r.reason
    left join public.comments co on co.id = r.comment_id
    left join private.complaints c on c.report_id = r.id
    where r.user_id = v_user_id
    order by r.created_at desc
    limit 200;
end;
$$;
revoke all on function public.get_my_reports() from public, anon, authenticated, service_role;
grant execute on function public.get_my_reports() to authenticated;
grant execute on function public.get_my_reports() to service_role;
comment on function public.get_my_reports() is 'The caller''s reports, newest first, with the decision, until when it can be complained about, and the complaint''s state.';

-- Security definer: moderators read pending complaints (never who filed them or who is affected).
create or replace function public.get_complaints()
returns table (
  id uuid, kind text, explanation text, created_at timestamptz, decision text, target_kind text,
  chisme_id uuid, comment_id uuid, content text, automated boolean, reason text, reason_label text,
  statement_explanation text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_moderator();
  return query
    select c.id, case when c.statement_id is not null then 'statement' else 'report' end,
      c.explanation, c.created_at,
      coalesce(s.decision, 'dismissed'),
      coalesce(s.target_kind, case when r.chisme_id is not null then 'chisme' else 'comment' end),
      coalesce(s.chisme_id, r.chisme_id, rc.chisme_id), coalesce(s.comment_id, r.comment_id),
      coalesce(sch.content, sco.content, rch.content, rc.content, s.snippet),
      coalesce(s.automated, false), coalesce(s.reason, r.reason), rr.label, s.explanation
    from private.complaints c
    left join public.moderation_statements s on s.id = c.statement_id
    left join public.reports r on r.id = c.report_id
    left join public.chismes sch on s.target_kind = 'chisme' and sch.id = s.chisme_id
    left join public.comments sco on sco.id = s.comment_id
    left join public.chismes rch on rch.id = r.chisme_id
    left join public.comments rc on rc.id = r.comment_id
    left join public.report_reasons rr on rr.code = coalesce(s.reason, r.reason)
    where c.decided_at is null
    order by c.created_at
    limit 100;
end;
$$;
revoke all on function public.get_complaints() from public, anon, authenticated, service_role;
grant execute on function public.get_complaints() to authenticated;
grant execute on function public.get_complaints() to service_role;
comment on function public.get_complaints() is 'Moderators: pending complaints, oldest first, with the explanation and the decision complained about (no ids of people).';

-- Security definer: decides for the moderator and restores what a reversed decision took.
-- Only a moderator decides (require_moderator: no job, no service key, no automated path).
create or replace function public.decide_complaint(p_id text, p_outcome text, p_answer text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_moderator uuid := private.require_moderator();
  v_id uuid := private.uuid_arg(p_id, 'complaint_not_found');
  v_answer text := nullif(private.strip_markup(private.normalize_text(p_answer)), '');
  v_complaint private.complaints;
  v_statement public.moderation_statements;
  v_report public.reports;
  v_erased int;
  v_author uuid;
  v_content text;
begin
  if p_outcome is null or p_outcome not in ('upheld', 'reversed') then
    raise exception 'complaint_outcome_invalid' using errcode = 'P0001',
      detail = jsonb_build_object('allowed', jsonb_build_array('upheld', 'reversed'))::text;
  end if;
  if v_answer is null then
    raise exception 'complaint_answer_required' using errcode = 'P0001';
  end if;
  if char_length(v_answer) > 2000 then
    raise exception 'complaint_answer_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 2000)::text;
  end if;
  select * into v_complaint from private.complaints c where c.id = v_id for update;
  if v_complaint.id is null then
    raise exception 'complaint_not_found' using errcode = 'P0001';
  end if;
  if v_complaint.decided_at is not null then
    raise exception 'complaint_already_decided' using errcode = 'P0001';
  end if;
  update private.complaints set decided_at = now(), outcome = p_outcome, answer = v_answer, decided_by = v_moderator
  where id = v_id;

  if p_outcome = 'reversed' and v_complaint.statement_id is not null then
    select * into v_statement from public.moderation_statements s where s.id = v_complaint.statement_id for update;
    update public.moderation_statements set reversed_at = now() where id = v_statement.id;
    if v_statement.decision = 'hidden' and v_statement.target_kind = 'chisme' then
      -- restored, and the reports that hid it no longer count (erased from the counter); each
      -- reporter is told their report was dismissed; content removed since stays removed
      -- until its own statement is reversed (76-removals.sql)
      perform private.close_reports(v_statement.chisme_id, null, 'dismissed', false);
      select count(*)::int into v_erased from public.reports r where r.chisme_id = v_statement.chisme_id and r.decision = 'dismissed';
      update public.chismes set hidden_at = case when private.removal_of('chisme', id) is null then null else hidden_at end,
        report = greatest(report - v_erased, 0) where id = v_statement.chisme_id;
    elsif v_statement.decision = 'hidden' and v_statement.target_kind = 'comment' then
      perform private.close_reports(null, v_statement.comment_id, 'dismissed', false);
      select count(*)::int into v_erased from public.reports r where r.comment_id = v_statement.comment_id and r.decision = 'dismissed';
      update public.comments set hidden_at = case when private.removal_of('comment', id) is null then null else hidden_at end,
        report = greatest(report - v_erased, 0) where id = v_statement.comment_id;
    elsif v_statement.decision = 'suspended' then
      delete from private.suspensions s where s.user_id = v_statement.user_id and s.suspended_until <= v_statement.suspended_until;
    elsif v_statement.decision = 'deleted' then
      -- removed content comes back exactly, its reports dismissed (each reporter told); the
      -- decision leaves the misuse count by reversed_at (76-removals.sql)
      perform private.restore_removed(v_statement.id);
    end if;
  elsif p_outcome = 'upheld' and v_complaint.statement_id is not null then
    -- a removal the moderator confirms is purged for good now (76-removals.sql)
    perform private.purge_removed(v_complaint.statement_id);
  elsif p_outcome = 'reversed' then
    -- a dismissed report was right after all: the content is hidden by the moderator, with
    -- the author's statement
    select * into v_report from public.reports r where r.id = v_complaint.report_id for update;
    if v_report.chisme_id is not null then
      select a.user_id, c.content into v_author, v_content from public.chismes c
      left join public.chisme_authors a on a.chisme_id = c.id where c.id = v_report.chisme_id;
      update public.chismes set hidden_at = coalesce(hidden_at, now()) where id = v_report.chisme_id;
    else
      select a.user_id, c.content into v_author, v_content from public.comments c
      left join public.comment_authors a on a.comment_id = c.id where c.id = v_report.comment_id;
      update public.comments set hidden_at = coalesce(hidden_at, now()) where id = v_report.comment_id;
    end if;
    update public.reports set decision = 'removed' where id = v_report.id;
    perform private.write_statement(v_author, 'hidden', case when v_report.chisme_id is not null then 'chisme' else 'comment' end,
      coalesce(v_report.chisme_id, (select c.chisme_id from public.comments c where c.id = v_report.comment_id)),
      v_report.comment_id, v_content, null, 'reports', 1, false, v_report.reason, v_answer, null);
  end if;

  perform private.audit('complaint', case when v_complaint.statement_id is not null then 'statement' else 'report' end,
    v_id, jsonb_build_object('outcome', p_outcome));
  perform private.log_moderation_event('complaint_decided', p_outcome, null, false,
    extract(epoch from now() - v_complaint.created_at)::int);
  perform private.notify(
    coalesce((select s.user_id from public.moderation_statements s where s.id = v_complaint.statement_id),
             (select r.user_id from public.reports r where r.id = v_complaint.report_id)),
    'moderation_decision',
    case when p_outcome = 'reversed'
      then 'Hemos resuelto tu reclamación: te damos la razón y hemos revocado la decisión. '
      else 'Hemos resuelto tu reclamación: mantenemos la decisión. ' end || 'Motivo: ' || v_answer,
    jsonb_build_object('decision', 'complaint_' || p_outcome, 'complaintId', v_id)
      || case when v_complaint.statement_id is not null then jsonb_build_object('statementId', v_complaint.statement_id)
              else jsonb_build_object('reportId', v_complaint.report_id) end,
    'complaint:' || v_id::text);
end;
$$;
revoke all on function public.decide_complaint(text,text,text) from public, anon, authenticated, service_role;
grant execute on function public.decide_complaint(text,text,text) to authenticated;
grant execute on function public.decide_complaint(text,text,text) to service_role;
comment on function public.decide_complaint(text, text, text) is 'Moderators: decide a complaint (upheld or reversed) with a reasoned answer, which is notified; a reversal restores hidden or removed content (erasing its reports from the counter), lifts a suspension, or hides content whose report was wrongly dismissed; an upheld removal is purged for good. Keys: complaint_not_found, complaint_already_decided, complaint_outcome_invalid, complaint_answer_required, complaint_answer_too_long.';
