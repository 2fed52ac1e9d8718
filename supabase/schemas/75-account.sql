-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

-- "Descargar mis datos" and "Eliminar mi cuenta" (GDPR articles 15, 17 and 20).
--
-- public.get_my_data(): everything the database holds about the caller, as one JSON document
-- (GDPR articles 15 and 20), every table with a person's id or one of their content ids
-- accounted for (pgTAP 075-account-export-every-table enumerates them from the catalogue, so a
-- new table fails it until it is exported here or its reason is written there): account,
-- profile, chismes and comments with what the database set on them (the crisis flag, hiding,
-- report counts), likes, reports made, notifications, country logs, suspension, appeals,
-- muted threads, how many people they blocked, their thread numbers, the likes already
-- notified, how many notifications they caused, moderation decisions on their content (and,
-- for a moderator, their own), push devices, settings, queue and sends, rate-limit windows,
-- mail and password-check records. Only the caller's own rows; nothing that identifies anyone
-- else: no other user's id appears (blocks and the notifications they caused are counts;
-- notification senders, per-recipient budgets, other people's words and commenter numbers are
-- left out; comment and chisme ids of others' content appear only where the caller acted on
-- it, as the app already showed them). The web adds a readable Spanish page to the download.
--
-- private.delete_account(user id): runs for the delete-account edge function (service role
-- only), which first checks the person's password with the Auth API and afterwards removes
-- their images through the Storage API (hosted Supabase forbids deleting storage rows with
-- SQL; an image it could not remove is an orphan that chisme-image-purge removes within a
-- minute, since list_expired_chisme_images lists objects without a chisme or of a placeholder).
-- In one transaction: their chismes (with their own comments there and their notifications
-- about them; a chisme others commented on stays as a "Chisme eliminado" placeholder above
-- those comments, with nothing of theirs: 20-chismes.sql, private.remove_chisme), their
-- comments (others' replies under them stay, under a "Comentario eliminado" placeholder that
-- keeps nothing of theirs: docs/decisions/0034-deletion-keeps-others-words.md), their likes (the like
-- write pipeline corrects each count), the report counters of what they reported, their
-- rate-limit windows (no foreign key), then the auth user, whose foreign keys cascade to the
-- rest (profile, notifications, reports, country logs, blocks, mutes, suspensions,
-- notification bookkeeping). It runs as the service role, so the like and report rate limits
-- (client writes only) do not apply.

-- Security definer: reads the author tables, auth.users and private tables for the caller's
-- own rows only (by auth.uid()).
create or replace function public.get_my_data()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
begin
  return jsonb_build_object(
    'exported_at', now(),
    'account', (
      select jsonb_build_object('email', u.email, 'created_at', u.created_at, 'email_confirmed_at', u.email_confirmed_at,
        'last_sign_in_at', u.last_sign_in_at)
      from auth.users u where u.id = v_user_id),
    'profile', (
      select jsonb_build_object('username', p.username, 'display_name', p.display_name, 'cotilleo', p.cotilleo,
        'murmuro', p.murmuro, 'created_at', p.created_at, 'updated_at', p.updated_at)
      from public.profiles p where p.id = v_user_id),
    -- crisis: set by the database from the text (19-crisis.sql), an inferred marker the
    -- person is shown (GDPR article 15)
    'chismes', coalesce((
      select jsonb_agg(jsonb_build_object('id', c.id, 'gender', c.gender, 'years', c.years, 'country', c.country,
        'tags', c.tags, 'content', c.content, 'cotilleo', c.cotilleo, 'likes', c.likes, 'comments', c.comments,
        'reports', c.report, 'has_image', c.file_exist, 'crisis', c.crisis, 'hidden_by_reports', c.hidden_at is not null,
        'hidden_at', c.hidden_at, 'created_at', c.created_at, 'updated_at', c.updated_at)
        order by c.created_at)
      from public.chisme_authors a join public.chismes c on c.id = a.chisme_id
      where a.user_id = v_user_id), '[]'::jsonb),
    'comments', coalesce((
      select jsonb_agg(jsonb_build_object('id', m.id, 'chisme_id', m.chisme_id, 'parent_id', m.parent_id,
        'content', m.content, 'gender', m.gender, 'years', m.years, 'country', m.country,
        'commenter_number', m.commenter_number, 'is_chisme_author', m.is_chisme_author, 'reports', m.report,
        'crisis', m.crisis, 'hidden_by_reports', m.hidden_at is not null, 'hidden_at', m.hidden_at,
        'created_at', m.created_at, 'updated_at', m.updated_at)
        order by m.created_at)
      from public.comment_authors a join public.comments m on m.id = a.comment_id
      where a.user_id = v_user_id), '[]'::jsonb),
    -- what a moderator removed, kept out of sight until the complaint window closes
    -- (76-removals.sql): still theirs, so still exported
    'removed_content', coalesce((
      select jsonb_agg(jsonb_build_object('statement_id', r.statement_id,
        'kind', case when r.chisme_id is not null then 'chisme' else 'comment' end,
        'chisme_id', coalesce(r.chisme_id, m.chisme_id), 'comment_id', r.comment_id,
        'content', coalesce(c.content, m.content), 'removed_at', r.removed_at, 'kept_until', s.complaint_until)
        order by r.removed_at)
      from private.removed_content r
      join public.moderation_statements s on s.id = r.statement_id
      left join public.chismes c on c.id = r.chisme_id
      left join public.comments m on m.id = r.comment_id
      where s.user_id = v_user_id), '[]'::jsonb),
    'likes', coalesce((
      select jsonb_agg(jsonb_build_object('chisme_id', l.chisme_id, 'created_at', l.created_at) order by l.created_at)
      from public.likes l where l.user_id = v_user_id), '[]'::jsonb),
    'reports', coalesce((
      select jsonb_agg(jsonb_build_object('chisme_id', r.chisme_id, 'comment_id', r.comment_id, 'reason', r.reason,
        'created_at', r.created_at, 'handled_at', r.handled_at) order by r.created_at)
      from public.reports r where r.user_id = v_user_id), '[]'::jsonb),
    'notifications', coalesce((
      select jsonb_agg(jsonb_build_object('type', n.type, 'message', n.message, 'data', n.data, 'is_read', n.is_read,
        'people', n.senders, 'created_at', n.created_at) order by n.created_at)
      from public.notifications n where n.user_id = v_user_id), '[]'::jsonb),
    'country_logs', coalesce((
      select jsonb_agg(jsonb_build_object('country', g.country, 'created_at', g.created_at) order by g.created_at)
      from public.country_logs g where g.user_id = v_user_id), '[]'::jsonb),
    'suspension', (
      select jsonb_build_object('suspended_until', s.suspended_until, 'created_at', s.created_at)
      from private.suspensions s where s.user_id = v_user_id),
    -- statements of reasons about them, their complaints (as the person affected or as a
    -- reporter; never the deciding moderator's id), and the misuse measures applied to them
    -- (docs/decisions/0036-statements-and-complaints.md)
    'statements', coalesce((
      select jsonb_agg(jsonb_build_object('id', s.id, 'decision', s.decision, 'target_kind', s.target_kind,
        'chisme_id', s.chisme_id, 'comment_id', s.comment_id, 'snippet', s.snippet, 'suspended_until', s.suspended_until,
        'facts', s.facts, 'reports_received', s.reports_received, 'automated', s.automated, 'reason', s.reason,
        'rule', s.rule, 'legal_ground', s.legal_ground, 'explanation', s.explanation, 'created_at', s.created_at)
        order by s.created_at)
      from public.moderation_statements s where s.user_id = v_user_id), '[]'::jsonb),
    'complaints', coalesce((
      select jsonb_agg(jsonb_build_object('statement_id', c.statement_id, 'report_id', c.report_id,
        'explanation', c.explanation, 'created_at', c.created_at, 'decided_at', c.decided_at,
        'outcome', c.outcome, 'answer', c.answer) order by c.created_at)
      from private.complaints c
      where exists (select 1 from public.moderation_statements s where s.id = c.statement_id and s.user_id = v_user_id)
         or exists (select 1 from public.reports r where r.id = c.report_id and r.user_id = v_user_id)), '[]'::jsonb),
    'reports_found_unfounded', (select count(*) from private.unfounded_reports u where u.user_id = v_user_id),
    'report_mutes', coalesce((
      select jsonb_agg(jsonb_build_object('muted_until', m.muted_until, 'created_at', m.created_at) order by m.created_at)
      from private.report_mutes m where m.user_id = v_user_id), '[]'::jsonb),
    'muted_chismes', coalesce((
      select jsonb_agg(jsonb_build_object('chisme_id', m.chisme_id, 'created_at', m.created_at) order by m.created_at)
      from private.thread_mutes m where m.user_id = v_user_id), '[]'::jsonb),
    'blocked_people', (select count(*) from private.blocks b where b.blocker_id = v_user_id),
    'thread_numbers', coalesce((
      select jsonb_agg(jsonb_build_object('chisme_id', t.chisme_id, 'number', t.number) order by t.chisme_id)
      from private.thread_participants t where t.user_id = v_user_id), '[]'::jsonb),
    'likes_notified', coalesce((
      select jsonb_agg(k.chisme_id order by k.chisme_id) from private.notified_likes k where k.liker_id = v_user_id), '[]'::jsonb),
    'notifications_caused', (select count(*) from private.notification_senders s where s.sender_id = v_user_id),
    -- decisions on content that is still theirs (never the moderator's id)
    'moderation_decisions', coalesce((
      select jsonb_agg(jsonb_build_object('action', d.action, 'kind', d.target_kind, 'target_id', d.target_id,
        'created_at', d.created_at) order by d.created_at)
      from public.moderation_audit d
      where d.target_id in (
        select a.chisme_id from public.chisme_authors a where a.user_id = v_user_id
        union all
        select a.comment_id from public.comment_authors a where a.user_id = v_user_id
        union all
        -- removed content: its author link waits in private.removed_content (76-removals.sql)
        select coalesce(r.chisme_id, r.comment_id) from private.removed_content r
        join public.moderation_statements s on s.id = r.statement_id where s.user_id = v_user_id)), '[]'::jsonb),
    'moderation_actions', coalesce((
      select jsonb_agg(jsonb_build_object('action', d.action, 'kind', d.target_kind, 'target_id', d.target_id,
        'detail', d.detail, 'created_at', d.created_at) order by d.created_at)
      from public.moderation_audit d where d.moderator_id = v_user_id), '[]'::jsonb),
    -- push devices (62-push.sql): never their endpoints or keys
    'push_devices', coalesce((
      select jsonb_agg(jsonb_build_object('device', s.user_agent_family, 'created_at', s.created_at,
        'last_success_at', s.last_success_at) order by s.created_at)
      from private.push_subscriptions s where s.user_id = v_user_id), '[]'::jsonb),
    'push_settings', private.push_settings_json(private.push_settings_of(v_user_id)),
    'push_queue', coalesce((
      select jsonb_agg(jsonb_build_object('kind', q.kind, 'state', q.state, 'queued_at', q.queued_at, 'due_at', q.due_at)
        order by q.queued_at)
      from private.push_items q where q.user_id = v_user_id), '[]'::jsonb),
    'push_sends', coalesce((
      select jsonb_agg(jsonb_build_object('sent_at', s.sent_at, 'summary', s.summary) order by s.sent_at)
      from private.push_sends s where s.user_id = v_user_id), '[]'::jsonb),
    'rate_limit_windows', coalesce((
      select jsonb_agg(jsonb_build_object('action', r.action, 'window_seconds', r.window_seconds,
        'window_start', r.window_start, 'events', r.events) order by r.window_start, r.action, r.window_seconds)
      from private.rate_limit_counters r where r.subject_id = v_user_id), '[]'::jsonb),
    'rate_limit_memberships', coalesce((
      select jsonb_agg(jsonb_build_object('action', m.action, 'window_seconds', m.window_seconds,
        'window_start', m.window_start) order by m.window_start, m.action)
      from private.rate_limit_members m where m.member_id = v_user_id), '[]'::jsonb),
    'rate_limit_factor', (select o.factor from private.rate_limit_overrides o where o.user_id = v_user_id),
    'password_check_failures', coalesce((
      select jsonb_agg(jsonb_build_object('client', f.client, 'failed_at', f.failed_at) order by f.failed_at)
      from private.auth_proof_failures f where f.user_id = v_user_id), '[]'::jsonb),
    'account_mails', coalesce((
      select jsonb_agg(jsonb_build_object('kind', m.kind, 'client', m.client, 'sent_at', m.sent_at) order by m.sent_at)
      from private.auth_mail_log m
      where m.inbox = private.inbox_of((select u.email from auth.users u where u.id = v_user_id))), '[]'::jsonb)
  );
end;
$$;
revoke all on function public.get_my_data() from public, anon, authenticated, service_role;
grant execute on function public.get_my_data() to service_role;
grant execute on function public.get_my_data() to authenticated;
comment on function public.get_my_data() is 'Everything the database holds about the caller, as JSON ("Descargar mis datos"); only their own rows, no other person''s id.';

-- Security definer: deletes across the author tables, auth.users and private tables. Called
-- by the delete-account function as the service role after it checked the password; returns
-- the names of the images to remove from Storage.
create or replace function public.delete_account(p_user_id uuid)
returns text[]
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_images text[];
  v_id uuid;
begin
  if p_user_id is null or not exists (select 1 from auth.users u where u.id = p_user_id) then
    raise exception 'user_invalid' using errcode = 'P0001';
  end if;
  v_images := array(
    select c.id::text from public.chisme_authors a join public.chismes c on c.id = a.chisme_id
    where a.user_id = p_user_id and c.file_exist);

  -- what they reported on others' content stops counting
  update public.chismes c set report = greatest(c.report - r.n, 0)
  from (select r.chisme_id, count(*)::int as n from public.reports r where r.user_id = p_user_id and r.chisme_id is not null group by r.chisme_id) r
  where c.id = r.chisme_id;
  update public.comments c set report = greatest(c.report - r.n, 0)
  from (select r.comment_id, count(*)::int as n from public.reports r where r.user_id = p_user_id and r.comment_id is not null group by r.comment_id) r
  where c.id = r.comment_id;

  -- their chismes, or the "Chisme eliminado" placeholders that keep others' comments
  -- (20-chismes.sql)
  for v_id in select a.chisme_id from public.chisme_authors a where a.user_id = p_user_id loop
    perform private.remove_chisme(v_id);
  end loop;
  -- their comments elsewhere: other people's replies stay under a "Comentario eliminado"
  -- placeholder (40-comments.sql); newest first, so a reply of theirs under their own comment
  -- goes before its parent is judged
  for v_id in
    select a.comment_id from public.comment_authors a join public.comments m on m.id = a.comment_id
    where a.user_id = p_user_id order by m.depth desc, m.created_at desc
  loop
    perform private.remove_comment(v_id);
  end loop;
  delete from public.likes l where l.user_id = p_user_id;
  -- their rate-limit windows and the caps that counted them (no foreign key: a count's
  -- subject is not always a person, 12-rate-limits.sql); a notification budget's window holds
  -- only a name-based id of the pair and ends within the hour
  delete from private.rate_limit_counters r where r.subject_id = p_user_id;
  delete from private.rate_limit_members m where m.member_id = p_user_id;
  -- what a moderator removed of theirs and kept for a complaint is purged by the trigger on
  -- auth.users before the row goes (76-removals.sql)
  delete from auth.users u where u.id = p_user_id;
  return v_images;
end;
$$;
revoke all on function public.delete_account(uuid) from public, anon, authenticated, service_role;
grant execute on function public.delete_account(uuid) to service_role;
comment on function public.delete_account(uuid) is 'Service role only (the delete-account function, after the password check): deletes a person and everything of theirs with exact counters; returns their image names for the Storage API.';
