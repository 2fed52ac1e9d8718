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

-- Security definer: counters are not writable by clients.
create or replace function private.count_report()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.chisme_id is not null then
    update public.chismes set report = report + 1 where id = new.chisme_id;
  else
    update public.comments set report = report + 1 where id = new.comment_id;
  end if;
  return null;
end;
$$;
revoke all on function private.count_report() from public, anon, authenticated, service_role;
comment on function private.count_report() is 'Trigger: adds 1 to the reported chisme''s or comment''s report counter (security definer).';

create trigger reports_after_insert_count
  after insert on public.reports
  for each row execute function private.count_report();

create trigger reports_before_insert_enforce_rate_limit
  before insert on public.reports
  for each row execute function private.enforce_rate_limit('report');


-- A report as the caller, of a chisme or of a comment (the other id null): the body of
-- report_chisme and report_comment, run as their owner. Over the API a refusal is answered
-- (400, PostgREST's error body) instead of raised, so it counts towards the report limit
-- (private.answer_refused_write, docs/decisions/0024-refused-writes-count.md); a raced repeat
-- that meets the unique constraint is report_already_exists like one the rule trigger sees. A
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
-- privilege on the tables; every rule stays in the table's triggers, which read the
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

create trigger reports_before_insert_limit_new_accounts
  before insert on public.reports
  for each row execute function private.limit_new_accounts_per_target('report');

-- Automatic hiding (70-moderation.sql) counting only reports made by accounts at least min_age
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
revoke all on function private.hide_reported_content() from public, anon, authenticated, service_role;
comment on function private.hide_reported_content() is 'Trigger: hides a chisme or comment when its pending distinct reports by accounts past their first day reach the threshold, tells open feeds and the author, and pings the moderators'' topic (security definer).';

create trigger reports_after_insert_hide_reported
  after insert on public.reports
  for each row execute function private.hide_reported_content();

-- Security definer: reads hidden_at and the authorship whatever the caller.
create or replace function private.guard_hidden_report_target()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    return new;
  end if;
  if new.chisme_id is not null
     and exists (select 1 from public.chismes c where c.id = new.chisme_id and c.hidden_at is not null)
     and not private.can_see_hidden_chisme(new.chisme_id) then
    raise exception 'report_target_not_found' using errcode = 'P0001';
  end if;
  if new.comment_id is not null
     and exists (select 1 from public.comments c where c.id = new.comment_id)
     and not private.can_see_comment(new.comment_id) then
    raise exception 'report_target_not_found' using errcode = 'P0001';
  end if;
  return new;
end;
$$;
revoke all on function private.guard_hidden_report_target() from public, anon, authenticated, service_role;
comment on function private.guard_hidden_report_target() is 'Trigger: a report of content the caller cannot see (hidden by moderation) is report_target_not_found.';

create trigger reports_before_insert_block_hidden_target
  before insert on public.reports for each row execute function private.guard_hidden_report_target();

create trigger reports_before_insert_block_suspended
  before insert on public.reports for each row execute function private.block_suspended_user();

create or replace function private.check_report_rules()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  select o.o_user_id, o.o_created_at into new.user_id, new.created_at
  from private.own_client_row(new.user_id, new.created_at) o;
  new.reason := coalesce(nullif(private.strip_markup(private.normalize_text(new.reason)), ''), 'Sin especificar');


  if num_nonnulls(new.chisme_id, new.comment_id) > 1 then
    raise exception 'report_target_invalid' using errcode = 'P0001';
  end if;
  if new.chisme_id is not null then
    if not exists (select 1 from public.chismes c where c.id = new.chisme_id) then
      raise exception 'report_target_not_found' using errcode = 'P0001';
    end if;
    if exists (
      select 1 from public.chisme_authors a where a.chisme_id = new.chisme_id and a.user_id = new.user_id
    ) then
      raise exception 'report_own_chisme' using errcode = 'P0001';
    end if;
    if exists (
      select 1 from public.reports r where r.chisme_id = new.chisme_id and r.user_id = new.user_id
    ) then
      raise exception 'report_already_exists' using errcode = 'P0001';
    end if;
  elsif new.comment_id is not null then
    if not exists (select 1 from public.comments c where c.id = new.comment_id) then
      raise exception 'report_target_not_found' using errcode = 'P0001';
    end if;
    if exists (
      select 1 from public.comment_authors a where a.comment_id = new.comment_id and a.user_id = new.user_id
    ) then
      return null; -- spec: reporting one's own comment is silently ignored
    end if;
    if exists (
      select 1 from public.reports r where r.comment_id = new.comment_id and r.user_id = new.user_id
    ) then
      raise exception 'report_already_exists' using errcode = 'P0001';
    end if;
  else
    raise exception 'report_target_not_found' using errcode = 'P0001';
  end if;
  if char_length(new.reason) > 200 then
    raise exception 'report_reason_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 200)::text;
  end if;
  return new;
end;
$$;
revoke all on function private.check_report_rules() from public, anon, authenticated, service_role;
comment on function private.check_report_rules() is 'Trigger: one report per user and target, not on one''s own chisme, own comment ignored; normalised reason ≤ 200. A client''s report is the caller''s own.';

create trigger reports_before_insert_check_rules
  before insert on public.reports
  for each row execute function private.check_report_rules();
