-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

-- The moderation queue's row shape: what a moderator needs to decide, never an author or
-- reporter id.
create type public.moderation_item as (
  kind text,
  id uuid,
  chisme_id uuid,
  content text,
  cotilleo boolean,
  pending_reports int,
  total_reports int,
  reasons jsonb,
  hidden boolean,
  last_reported_at timestamptz,
  created_at timestamptz
);
comment on type public.moderation_item is 'A reported chisme or comment in the moderation queue: content, mode, counts and reasons, never an author or reporter id.';

-- Moderation (spec §4 "Deleting reported content"), for the service role only: a reported
-- chisme goes with its comments, likes and reports; a comment with its replies and reports
-- (foreign keys cascade). Counters follow through the comments write pipeline. They write no
-- statement of reasons, so nothing about them can be complained about or restored, and they
-- delete at once; a moderator's deletion is a restorable removal (moderate_delete, 76-removals.sql).
create or replace function public.delete_reported_chisme(p_chisme_id uuid)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
begin
  delete from public.chismes where id = p_chisme_id;
  return found;
end;
$$;
revoke all on function public.delete_reported_chisme(uuid) from public, anon, authenticated, service_role;
grant execute on function public.delete_reported_chisme(uuid) to service_role;
comment on function public.delete_reported_chisme(uuid) is 'Service role: deletes a chisme with its comments, likes and reports; true when it existed.';

create or replace function public.delete_reported_comment(p_comment_id uuid)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
begin
  delete from public.comments where id = p_comment_id;
  return found;
end;
$$;
revoke all on function public.delete_reported_comment(uuid) from public, anon, authenticated, service_role;
grant execute on function public.delete_reported_comment(uuid) to service_role;
comment on function public.delete_reported_comment(uuid) is 'Service role: deletes a comment with its replies and reports; true when it existed.';

-- ---------------------------------------------------------------------------------------------
-- Audit (append-only)
-- ---------------------------------------------------------------------------------------------
create table public.moderation_audit (
  id bigint generated always as identity primary key,
  moderator_id uuid,
  action text not null check (action in ('restore', 'delete', 'suspend', 'add_word', 'delete_word', 'complaint', 'set_reason')),
  target_kind text not null check (target_kind in ('chisme', 'comment', 'word', 'statement', 'report', 'reason')),
  target_id uuid,
  detail jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
alter table public.moderation_audit enable row level security;
revoke all on table public.moderation_audit from public, anon, authenticated, service_role;
grant select on table public.moderation_audit to authenticated;
grant select on table public.moderation_audit to service_role;
revoke all on sequence public.moderation_audit_id_seq from public, anon, authenticated, service_role;
grant all on sequence public.moderation_audit_id_seq to anon;
grant all on sequence public.moderation_audit_id_seq to authenticated;
grant all on sequence public.moderation_audit_id_seq to service_role;
comment on table public.moderation_audit is 'Append-only log of moderation decisions (moderator, action, target, time). Never holds an author''s id.';

create policy moderation_audit_select_authenticated on public.moderation_audit
  for select to authenticated
  using ((select private.is_moderator()));
comment on policy moderation_audit_select_authenticated on public.moderation_audit is 'Moderators read the audit; nobody writes it but the decision functions.';

create policy moderation_audit_select_service_role on public.moderation_audit
  for select to service_role
  using (true);
comment on policy moderation_audit_select_service_role on public.moderation_audit is 'The service role reads the audit.';

create or replace function private.forbid_audit_change()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  raise exception 'moderation_audit_append_only' using errcode = 'P0001';
end;
$$;
revoke all on function private.forbid_audit_change() from public, anon, authenticated, service_role;
comment on function private.forbid_audit_change() is 'Trigger: the moderation audit is append-only, for every role (no API role has truncate).';

create trigger moderation_audit_before_update_or_delete_forbid
  before update or delete on public.moderation_audit
  for each row execute function private.forbid_audit_change();

create or replace function private.audit(p_action text, p_kind text, p_target uuid, p_detail jsonb)
returns void
language sql
security invoker
set search_path = ''
as $$
  insert into public.moderation_audit (moderator_id, action, target_kind, target_id, detail)
  values ((select auth.uid()), p_action, p_kind, p_target, coalesce(p_detail, '{}'::jsonb));
$$;
revoke all on function private.audit(text,text,uuid,jsonb) from public, anon, authenticated, service_role;
comment on function private.audit(text, text, uuid, jsonb) is 'Appends one audit row for the calling moderator (called by the security definer decision functions).';

create or replace function private.require_moderation_target(p_kind text, p_id uuid)
returns uuid
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_author uuid;
begin
  -- removed content's author link waits in private.removed_content: its statement's person
  if p_kind = 'chisme' then
    select coalesce(a.user_id, s.user_id) into v_author from public.chismes c
    left join public.chisme_authors a on a.chisme_id = c.id
    left join private.removed_content r on r.chisme_id = c.id
    left join public.moderation_statements s on s.id = r.statement_id
    where c.id = p_id;
  elsif p_kind = 'comment' then
    select coalesce(a.user_id, s.user_id) into v_author from public.comments c
    left join public.comment_authors a on a.comment_id = c.id
    left join private.removed_content r on r.comment_id = c.id
    left join public.moderation_statements s on s.id = r.statement_id
    where c.id = p_id;
  else
    raise exception 'moderation_kind_invalid' using errcode = 'P0001',
      detail = jsonb_build_object('allowed', jsonb_build_array('chisme', 'comment'))::text;
  end if;
  if not found then
    raise exception 'moderation_target_not_found' using errcode = 'P0001';
  end if;
  return v_author;
end;
$$;
revoke all on function private.require_moderation_target(text,uuid) from public, anon, authenticated, service_role;
comment on function private.require_moderation_target(text, uuid) is 'The author of a chisme or comment (for notifying and suspending only, never returned to a client); moderation_target_not_found when missing.';

-- ---------------------------------------------------------------------------------------------
-- Offensive-word list: moderators manage it through these RPCs (the service-role ones stay)
-- ---------------------------------------------------------------------------------------------

-- Security definer: offensive_words has no client write grant.
create or replace function public.moderate_add_offensive_word(p_word text)
returns public.offensive_words
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.offensive_words;
begin
  perform private.require_moderator();
  insert into public.offensive_words (word) values (p_word) returning * into v_row;
  perform private.audit('add_word', 'word', v_row.id, jsonb_build_object('word', v_row.word));
  return v_row;
end;
$$;
revoke all on function public.moderate_add_offensive_word(text) from public, anon, authenticated, service_role;
grant execute on function public.moderate_add_offensive_word(text) to authenticated;
grant execute on function public.moderate_add_offensive_word(text) to service_role;
comment on function public.moderate_add_offensive_word(text) is 'Moderators: adds a word to the filter list (trimmed, lower-cased; offensive_word_duplicate when present); audited.';

-- Security definer: offensive_words has no client write grant.
create or replace function public.moderate_delete_offensive_word(p_word text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.offensive_words;
begin
  perform private.require_moderator();
  delete from public.offensive_words where word = lower(btrim(coalesce(p_word, ''))) returning * into v_row;
  if v_row.id is null then
    return false;
  end if;
  perform private.audit('delete_word', 'word', v_row.id, jsonb_build_object('word', v_row.word));
  return true;
end;
$$;
revoke all on function public.moderate_delete_offensive_word(text) from public, anon, authenticated, service_role;
grant execute on function public.moderate_delete_offensive_word(text) to authenticated;
grant execute on function public.moderate_delete_offensive_word(text) to service_role;
comment on function public.moderate_delete_offensive_word(text) is 'Moderators: removes a word from the filter list; true when it was there; audited.';

-- Security definer: reads every reporter's reports and hidden content (RLS limits clients to
-- their own); returns only counts and reasons.
create or replace function public.get_moderation_queue(
  p_limit text default null,
  p_cursor_pending text default null,
  p_cursor_last_reported_at text default null,
  p_cursor_id text default null
)
returns setof public.moderation_item
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_limit int;
  v_pending int;
  v_last timestamptz;
  v_id uuid;
begin
  perform private.require_moderator();
  v_limit := least(greatest(coalesce(private.int_arg(p_limit, 'moderation_queue_cursor_invalid'), 50), 1), 100);
  v_pending := private.int_arg(p_cursor_pending, 'moderation_queue_cursor_invalid');
  v_last := private.timestamptz_arg(p_cursor_last_reported_at, 'moderation_queue_cursor_invalid');
  v_id := private.uuid_arg(p_cursor_id, 'moderation_queue_cursor_invalid');
  if (v_pending is null) <> (v_id is null) or (v_pending is null) <> (v_last is null) then
    raise exception 'moderation_queue_cursor_invalid' using errcode = 'P0001';
  end if;
  return query
    -- signed-in reports and confirmed signed-out notices (52-notices.sql; never their address)
    with open_reports as (
      select r.chisme_id, r.comment_id, r.reason, r.explanation, r.created_at, false as signed_out
      from public.reports r
      where r.handled_at is null
      union all
      select n.chisme_id, n.comment_id, n.reason, n.explanation, n.confirmed_at, true
      from private.notices n
    ), pending as (
      select
        case when r.chisme_id is not null then 'chisme' else 'comment' end as kind,
        coalesce(r.chisme_id, r.comment_id) as id,
        count(*)::int as pending_reports,
        max(r.created_at) as last_reported_at
      from open_reports r
      group by 1, 2
    )
    select
      p.kind, p.id,
      coalesce(ch.id, co.chisme_id),
      coalesce(ch.content, co.content),
      coalesce(ch.cotilleo, cc.cotilleo),
      p.pending_reports,
      coalesce(ch.report, co.report),
      -- signed_out: how many of the count are signed-out notices, present only when some are
      (select jsonb_agg(jsonb_build_object('reason', x.label, 'code', x.reason, 'count', x.n,
                 'explanations', x.explanations)
                 || case when x.signed_out > 0 then jsonb_build_object('signed_out', x.signed_out) else '{}'::jsonb end
               order by x.n desc, x.label)
       from (
         select r.reason, rr.label, count(*)::int as n, count(*) filter (where r.signed_out)::int as signed_out,
           coalesce(jsonb_agg(r.explanation order by r.created_at) filter (where r.explanation is not null), '[]'::jsonb) as explanations
         from open_reports r join public.report_reasons rr on rr.code = r.reason
         where r.chisme_id = p.id or r.comment_id = p.id
         group by r.reason, rr.label
       ) x),
      coalesce(ch.hidden_at, co.hidden_at) is not null,
      p.last_reported_at,
      coalesce(ch.created_at, co.created_at)
    from pending p
    left join public.chismes ch on p.kind = 'chisme' and ch.id = p.id
    left join public.comments co on p.kind = 'comment' and co.id = p.id
    left join public.chismes cc on cc.id = co.chisme_id
    where (ch.id is not null or co.id is not null)
      -- after the cursor in (pending desc, last report desc, id asc) order
      and (v_pending is null
        or p.pending_reports < v_pending
        or (p.pending_reports = v_pending and p.last_reported_at < v_last)
        or (p.pending_reports = v_pending and p.last_reported_at = v_last and p.id > v_id))
    order by p.pending_reports desc, p.last_reported_at desc, p.id
    limit v_limit;
end;
$$;
revoke all on function public.get_moderation_queue(text,text,text,text) from public, anon, authenticated, service_role;
grant execute on function public.get_moderation_queue(text,text,text,text) to authenticated;
grant execute on function public.get_moderation_queue(text,text,text,text) to service_role;
comment on function public.get_moderation_queue(text, text, text, text) is 'Moderators: reported content with pending reports and signed-out notices (each reason''s signed_out count), most reported and most recent first, with reasons and counts (no ids of people); pages of up to 100 after the cursor (pending_reports, last_reported_at, id of the last item).';

-- Security definer: clears hidden_at, closes every reporter's reports as dismissed (each
-- reporter is told) and reverses the automatic hiding's statement of reasons. A dismissal may
-- be marked manifestly unfounded (p_unfounded), which counts towards the reporters' misuse
-- measure (74-statements.sql).
create or replace function public.moderate_restore(p_kind text, p_id text, p_unfounded text default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_author uuid;
  v_was_hidden boolean;
  v_chisme_id uuid;
  v_unfounded boolean;
  v_seconds int;
begin
  perform private.require_moderator();
  v_unfounded := coalesce(private.boolean_arg(p_unfounded, 'moderation_setting_invalid'), false);
  v_id := private.uuid_arg(p_id, 'moderation_target_not_found');
  v_author := private.require_moderation_target(p_kind, v_id);
  -- removed content comes back only by a complaint's reversal (76-removals.sql)
  if private.removal_of(p_kind, v_id) is not null then
    raise exception 'moderation_target_removed' using errcode = 'P0001';
  end if;
  if p_kind = 'chisme' then
    select c.hidden_at is not null, c.id into v_was_hidden, v_chisme_id
    from public.chismes c where c.id = v_id for update;
    v_seconds := private.seconds_since_first_report(v_id, null);
    -- the chismes pipeline tells the chisme's own topic (chisme_restored, 80-realtime.sql)
    update public.chismes set hidden_at = null where id = v_id and hidden_at is not null;
    perform private.close_reports(v_id, null, 'dismissed', v_unfounded);
    update public.moderation_statements set reversed_at = now()
    where chisme_id = v_id and target_kind = 'chisme' and decision = 'hidden' and reversed_at is null;
  else
    select c.hidden_at is not null, c.chisme_id into v_was_hidden, v_chisme_id from public.comments c where c.id = v_id for update;
    v_seconds := private.seconds_since_first_report(null, v_id);
    update public.comments set hidden_at = null where id = v_id and hidden_at is not null;
    perform private.close_reports(null, v_id, 'dismissed', v_unfounded);
    update public.moderation_statements set reversed_at = now()
    where comment_id = v_id and decision = 'hidden' and reversed_at is null;
  end if;
  perform private.audit('restore', p_kind, v_id, jsonb_build_object('was_hidden', v_was_hidden, 'unfounded', v_unfounded));
  perform private.log_moderation_event('decision', 'dismissed', 'moderator', false, v_seconds);
  if v_was_hidden and v_author is not null then
    perform private.notify(v_author, 'moderation_decision',
      case when p_kind = 'chisme' then 'Un moderador ha revisado tu chisme y vuelve a estar visible.'
           else 'Un moderador ha revisado tu comentario y vuelve a estar visible.' end,
      jsonb_build_object('decision', 'restored', 'chismeId', v_chisme_id) || case when p_kind = 'comment' then jsonb_build_object('commentId', v_id) else '{}'::jsonb end,
      'moderation:restored:' || v_id::text || ':' || extract(epoch from now())::text);
  end if;
end;
$$;
revoke all on function public.moderate_restore(text,text,text) from public, anon, authenticated, service_role;
grant execute on function public.moderate_restore(text,text,text) to authenticated;
grant execute on function public.moderate_restore(text,text,text) to service_role;
comment on function public.moderate_restore(text, text, text) is 'Moderators: makes a chisme or comment visible again and dismisses its reports (each reporter is told; p_unfounded marks them manifestly unfounded); audited; the author is told when it had been hidden and its hiding statement is reversed; its own topic chisme:<id> is told of a restored chisme.';

-- Security definer: removes content the moderator did not write. A removal keeps the content,
-- hidden and without its author link, until the statement's complaint window closes or a
-- complaint is upheld, so that a reversal restores it exactly (76-removals.sql). Content
-- nobody is the author of any more (a deleted account's placeholder) has nobody to complain:
-- it is deleted at once, with its thread, as before.
create or replace function public.moderate_delete(p_kind text, p_id text, p_reason text default null, p_explanation text default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_author uuid;
  v_chisme_id uuid;
  v_content text;
  v_reason text;
  v_reports int;
  v_seconds int;
  v_statement uuid;
begin
  perform private.require_moderator();
  v_id := private.uuid_arg(p_id, 'moderation_target_not_found');
  v_author := private.require_moderation_target(p_kind, v_id);
  if private.removal_of(p_kind, v_id) is not null then
    raise exception 'moderation_target_not_found' using errcode = 'P0001'; -- removed already
  end if;
  if p_kind = 'chisme' then
    select c.content, c.id into v_content, v_chisme_id from public.chismes c where c.id = v_id for update;
    v_reason := private.moderation_reason(p_reason, v_id, null);
    v_seconds := private.seconds_since_first_report(v_id, null);
    v_reports := private.close_reports(v_id, null, 'removed', false);
  else
    select c.chisme_id, c.content into v_chisme_id, v_content from public.comments c where c.id = v_id;
    v_reason := private.moderation_reason(p_reason, null, v_id);
    v_seconds := private.seconds_since_first_report(null, v_id);
    v_reports := private.close_reports(null, v_id, 'removed', false);
  end if;
  perform private.audit('delete', p_kind, v_id, jsonb_build_object('reason', v_reason));
  v_statement := private.write_statement(v_author, 'deleted', p_kind, v_chisme_id, case when p_kind = 'comment' then v_id end,
    v_content, null, case when v_reports > 0 then 'reports' else 'own_initiative' end, v_reports, false,
    v_reason, p_explanation, v_seconds);
  if v_statement is null then
    if p_kind = 'chisme' then
      delete from public.chismes where id = v_id;
    else
      delete from public.comments where id = v_id;
    end if;
  else
    perform private.remove_content(v_statement, p_kind, v_id);
  end if;
  perform private.count_illegal_removal(v_author, v_reason);
end;
$$;
revoke all on function public.moderate_delete(text,text,text,text) from public, anon, authenticated, service_role;
grant execute on function public.moderate_delete(text,text,text,text) to authenticated;
grant execute on function public.moderate_delete(text,text,text,text) to service_role;
comment on function public.moderate_delete(text, text, text, text) is 'Moderators: removes a chisme or a comment on a ground from report_reasons (default: the reports'' leading reason) with an optional explanation: out of every read path (its author''s too) but kept, with its thread, likes and counts, until the complaint window closes or a complaint is upheld, then purged (a reversal restores it); audited; the reporters are told, the author gets a statement of reasons; removals as illegal count towards the misuse measure.';

-- The ground of a moderator's decision: the one named (a code of the list), else the leading
-- reason of the target's pending reports; without either, moderation_reason_required.
create or replace function private.moderation_reason(p_reason text, p_chisme_id uuid, p_comment_id uuid)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_reason text := lower(btrim(private.capped_arg(p_reason)));
begin
  if nullif(v_reason, '') is null then
    v_reason := private.leading_reason(p_chisme_id, p_comment_id);
    if v_reason is null then
      raise exception 'moderation_reason_required' using errcode = 'P0001';
    end if;
  elsif not exists (select 1 from public.report_reasons r where r.code = v_reason) then
    raise exception 'moderation_reason_invalid' using errcode = 'P0001',
      detail = jsonb_build_object('allowed', (select jsonb_agg(r.code order by r.position, r.code) from public.report_reasons r where r.active))::text;
  end if;
  return v_reason;
end;
$$;
revoke all on function private.moderation_reason(text,uuid,uuid) from public, anon, authenticated, service_role;
comment on function private.moderation_reason(text, uuid, uuid) is 'The ground of a moderator''s decision: a code of report_reasons, or the reports'' leading reason (moderation_reason_required / moderation_reason_invalid).';

-- Security definer: finds the author through the authorship tables without revealing them.
create or replace function public.moderate_suspend_author(p_kind text, p_id text, p_days text, p_reason text default null, p_explanation text default null)
returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_days int;
  v_author uuid;
  v_until timestamptz;
  v_reason text;
begin
  perform private.require_moderator();
  v_days := private.int_arg(p_days, 'suspension_days_invalid');
  if v_days is null or v_days not in (1, 7, 30) then
    raise exception 'suspension_days_invalid' using errcode = 'P0001',
      detail = jsonb_build_object('allowed', jsonb_build_array(1, 7, 30))::text;
  end if;
  v_id := private.uuid_arg(p_id, 'moderation_target_not_found');
  v_author := private.require_moderation_target(p_kind, v_id);
  if v_author is null then
    raise exception 'moderation_target_not_found' using errcode = 'P0001';
  end if;
  v_reason := private.moderation_reason(p_reason, case when p_kind = 'chisme' then v_id end, case when p_kind = 'comment' then v_id end);
  v_until := private.suspend_user(v_author, make_interval(days => v_days));
  perform private.audit('suspend', p_kind, v_id, jsonb_build_object('days', v_days, 'until', v_until, 'reason', v_reason));
  perform private.write_statement(v_author, 'suspended', 'account', null, null, null, v_until,
    case when exists (select 1 from public.reports r where r.handled_at is null and (r.chisme_id = v_id or r.comment_id = v_id))
      then 'reports' else 'own_initiative' end,
    (select count(*)::int from public.reports r where r.chisme_id = v_id or r.comment_id = v_id),
    false, v_reason, p_explanation, null);
  return v_until;
end;
$$;
revoke all on function public.moderate_suspend_author(text,text,text,text,text) from public, anon, authenticated, service_role;
grant execute on function public.moderate_suspend_author(text,text,text,text,text) to authenticated;
grant execute on function public.moderate_suspend_author(text,text,text,text,text) to service_role;
comment on function public.moderate_suspend_author(text, text, text, text, text) is 'Moderators: suspends the author of a chisme or comment for 1, 7 or 30 days (never revealing who) on a ground from report_reasons (default: the reports'' leading reason) with an optional explanation; returns the end date; audited; the author gets a statement of reasons.';

-- Security definer: report_reasons has no client write grant.
create or replace function public.moderate_set_report_reason(p_code text, p_label text, p_rule text, p_legal_ground text default null, p_position text default null, p_active text default null)
returns public.report_reasons
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.report_reasons;
  v_code text := lower(btrim(private.capped_arg(p_code)));
  v_label text := nullif(private.strip_markup(private.normalize_text(p_label)), '');
  v_rule text := nullif(private.strip_markup(private.normalize_text(p_rule)), '');
  v_ground text := nullif(private.strip_markup(private.normalize_text(p_legal_ground)), '');
begin
  perform private.require_moderator();
  if v_code is null or v_code !~ '^[a-z_]{1,40}$' or v_label is null or char_length(v_label) > 80
     or v_rule is null or char_length(v_rule) > 500 or char_length(v_ground) > 500 then
    raise exception 'report_reason_setting_invalid' using errcode = 'P0001',
      detail = jsonb_build_object('label', 80, 'rule', 500, 'legal_ground', 500)::text;
  end if;
  insert into public.report_reasons as r (code, label, rule, legal_ground, illegal, position, active)
  values (v_code, v_label, v_rule, v_ground, v_ground is not null,
    coalesce(private.int_arg(p_position, 'report_reason_setting_invalid'), 100),
    coalesce(private.boolean_arg(p_active, 'report_reason_setting_invalid'), true))
  on conflict (code) do update set label = excluded.label, rule = excluded.rule, legal_ground = excluded.legal_ground,
    illegal = excluded.illegal,
    position = coalesce(private.int_arg(p_position, 'report_reason_setting_invalid'), r.position),
    active = coalesce(private.boolean_arg(p_active, 'report_reason_setting_invalid'), r.active)
  returning * into v_row;
  perform private.audit('set_reason', 'reason', null, to_jsonb(v_row));
  return v_row;
end;
$$;
revoke all on function public.moderate_set_report_reason(text,text,text,text,text,text) from public, anon, authenticated, service_role;
grant execute on function public.moderate_set_report_reason(text,text,text,text,text,text) to authenticated;
grant execute on function public.moderate_set_report_reason(text,text,text,text,text,text) to service_role;
comment on function public.moderate_set_report_reason(text, text, text, text, text, text) is 'Moderators: adds or edits a report reason (label, rule, legal ground: illegal when given, position, active); a reason is retired, never deleted; audited.';
