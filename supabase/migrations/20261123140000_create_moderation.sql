-- Moderation (docs/decisions/0009-moderator-role-and-decisions.md, docs/decisions/0010-automatic-hiding.md): a moderator role carried by the JWT (`app_metadata.role =
-- 'moderator'`, writable only by the service role), automatic hiding of content reported by
-- N distinct users (N in private.moderation_settings, 5 by default), a review queue and its
-- decisions (restore, delete, suspend the author by content id), suspensions that block every
-- write of a user, an append-only audit table, moderator management of the offensive-word
-- list, decision notifications and a private realtime topic `moderation` for moderators.
-- Anonymity: nothing here ever returns an author's or a reporter's id to a client.
--
-- Where the hide condition lives: for comments in RLS (every thread read inherits it); for
-- chismes in the read RPCs (get_feed, get_chisme, get_comments: next migration) and in a
-- write guard, not in RLS: any non-trivial policy on chismes makes PostgreSQL refuse the
-- non-leakproof `tags && …` as an index condition, so the GIN tag index could never serve a
-- signed-in feed again (measured: top feed with a rare tag 16 ms → 215 ms at 200k chismes).
-- The suspension check and the guard are their own triggers so the write-path triggers of
-- other changes stay untouched.

-- ---------------------------------------------------------------------------------------------
-- Role
-- ---------------------------------------------------------------------------------------------

create or replace function private.is_moderator()
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') = 'moderator';
$$;
comment on function private.is_moderator() is 'Whether the caller''s JWT carries app_metadata.role = moderator (only the service role can set it).';
grant execute on function private.is_moderator() to authenticated, service_role;

create or replace function private.require_moderator()
returns uuid
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
begin
  if not private.is_moderator() then
    raise exception 'moderator_required' using errcode = 'P0001';
  end if;
  return v_user_id;
end;
$$;
comment on function private.require_moderator() is 'The caller''s id when they are a moderator; moderator_required otherwise.';
grant execute on function private.require_moderator() to authenticated, service_role;

-- Security definer: auth.users is not writable by clients nor by the API's service role.
-- Callable by the service role (and the database owner: scripts/moderator.ts, the seed).
create or replace function public.set_moderator(p_email text, p_moderator boolean)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  update auth.users u
  set raw_app_meta_data = case
      when p_moderator then coalesce(u.raw_app_meta_data, '{}'::jsonb) || '{"role":"moderator"}'::jsonb
      else coalesce(u.raw_app_meta_data, '{}'::jsonb) - 'role'
    end,
    updated_at = now()
  where lower(u.email) = lower(btrim(p_email));
  return found;
end;
$$;
comment on function public.set_moderator(text, boolean) is 'Service role: grants (true) or revokes (false) the moderator role of the account with this e-mail; true when it exists. Takes effect at the next token refresh.';
revoke execute on function public.set_moderator(text, boolean) from public, anon, authenticated;
grant execute on function public.set_moderator(text, boolean) to service_role;

-- ---------------------------------------------------------------------------------------------
-- Settings, columns, indexes
-- ---------------------------------------------------------------------------------------------

create table private.moderation_settings (
  id boolean primary key default true check (id),
  hide_threshold int not null default 5 check (hide_threshold between 1 and 1000)
);
comment on table private.moderation_settings is 'One row: distinct reports that hide a chisme or comment until a moderator decides.';
insert into private.moderation_settings default values;

alter table public.chismes add column hidden_at timestamptz;
alter table public.comments add column hidden_at timestamptz;
alter table public.reports add column handled_at timestamptz;
comment on column public.chismes.hidden_at is 'Set when reports reach the threshold; only the author and moderators see the chisme meanwhile.';
comment on column public.comments.hidden_at is 'Set when reports reach the threshold; only the author and moderators see the comment meanwhile.';
comment on column public.reports.handled_at is 'Set when a moderator restored the target; handled reports no longer count towards hiding.';

-- No new index: the hide condition is checked on rows the feed indexes already return
-- (hidden_at is null first), and the queue reads pending reports, a small set.

-- ---------------------------------------------------------------------------------------------
-- Visibility (RLS): hidden content only for its author and moderators
-- ---------------------------------------------------------------------------------------------

-- Whether the caller may see a chisme that moderation hid: its author or a moderator.
create or replace function private.can_see_hidden_chisme(p_chisme_id uuid)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select private.is_moderator()
    or exists (select 1 from public.chisme_authors a where a.chisme_id = p_chisme_id and a.user_id = (select auth.uid()));
$$;
comment on function private.can_see_hidden_chisme(uuid) is 'Whether the caller is the chisme''s author or a moderator (RLS shows the caller only their own authorship).';
grant execute on function private.can_see_hidden_chisme(uuid) to authenticated, service_role;

drop policy comments_select_authenticated on public.comments;
create policy comments_select_authenticated on public.comments
  for select to authenticated
  using (
    hidden_at is null
    or (select private.is_moderator())
    or exists (select 1 from public.comment_authors a where a.comment_id = comments.id and a.user_id = (select auth.uid()))
  );
comment on policy comments_select_authenticated on public.comments is 'Signed-in users read every comment (rows carry no author) except hidden ones, which only their author and moderators see.';

-- Hidden chismes send no live counts or image events to the feed topics.
drop trigger chismes_after_update_broadcast_counts on public.chismes;
create trigger chismes_after_update_broadcast_counts
  after update of likes, comments on public.chismes
  for each row when (new.hidden_at is null and (old.likes is distinct from new.likes or old.comments is distinct from new.comments))
  execute function private.broadcast_chisme_counts();

drop trigger chismes_after_update_broadcast_image on public.chismes;
create trigger chismes_after_update_broadcast_image
  after update of file_exist on public.chismes
  for each row when (new.hidden_at is null and old.file_exist is distinct from new.file_exist)
  execute function private.broadcast_chisme_image();

-- ---------------------------------------------------------------------------------------------
-- Notifications of decisions
-- ---------------------------------------------------------------------------------------------

alter table public.notifications drop constraint notifications_type_check;
alter table public.notifications add constraint notifications_type_check
  check (type in ('comment_on_chisme', 'reply_to_comment', 'like_on_chisme', 'moderation_decision'));

-- ---------------------------------------------------------------------------------------------
-- Automatic hiding and the moderators' live topic
-- ---------------------------------------------------------------------------------------------

-- Security definer: counts every reporter's pending report (RLS shows a reporter only theirs)
-- and writes hidden_at. Runs after reports_after_insert_count, whose counter update holds the
-- target's row lock, so concurrent reports are counted one after another.
create or replace function private.hide_reported_content()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_threshold int := coalesce((select s.hide_threshold from private.moderation_settings s), 5);
  v_pending int;
  v_chisme public.chismes;
  v_comment public.comments;
  v_author uuid;
begin
  if new.chisme_id is not null then
    select count(*)::int into v_pending from public.reports r
    where r.chisme_id = new.chisme_id and r.handled_at is null;
    if v_pending >= v_threshold then
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
    select count(*)::int into v_pending from public.reports r
    where r.comment_id = new.comment_id and r.handled_at is null;
    if v_pending >= v_threshold then
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
comment on function private.hide_reported_content() is 'Trigger: hides a chisme or comment when its pending distinct reports reach the threshold, tells open feeds and the author, and pings the moderators'' topic (security definer).';
revoke execute on function private.hide_reported_content() from public, anon, authenticated, service_role;

create trigger reports_after_insert_hide_reported
  after insert on public.reports
  for each row execute function private.hide_reported_content();

-- The feed and notification topics as before, plus `moderation` for moderators only.
alter policy messages_select_authenticated on realtime.messages
  using (
    extension = 'broadcast'
    and topic = (select realtime.topic())
    and (
      topic in ('feed:casual', 'feed:cotilleo')
      or topic = 'notifications:' || (select auth.uid())::text
      or (topic = 'moderation' and (select private.is_moderator()))
    )
  );
comment on policy messages_select_authenticated on realtime.messages is 'Signed-in users receive the feed topics; only the owner receives notifications:<user id>; only moderators receive moderation (new reports: kind, id, pending count).';

-- ---------------------------------------------------------------------------------------------
-- Suspensions
-- ---------------------------------------------------------------------------------------------

create table private.suspensions (
  user_id uuid primary key references auth.users (id) on delete cascade,
  suspended_until timestamptz not null,
  created_at timestamptz not null default now()
);
comment on table private.suspensions is 'Users who may read but not post, comment, like or report until suspended_until.';

-- Security definer: private.suspensions is not readable by clients.
create or replace function private.block_suspended_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_until timestamptz;
begin
  if (select auth.uid()) is null then
    return new;
  end if;
  select s.suspended_until into v_until from private.suspensions s
  where s.user_id = (select auth.uid()) and s.suspended_until > now();
  if v_until is not null then
    raise exception 'user_suspended' using errcode = 'P0001',
      detail = jsonb_build_object('until', v_until)::text;
  end if;
  return new;
end;
$$;
comment on function private.block_suspended_user() is 'Trigger: a suspended caller cannot write (user_suspended with the end date).';
revoke execute on function private.block_suspended_user() from public, anon, authenticated, service_role;

-- "block" sorts before "check": the suspension answers before any content rule.
create trigger chismes_before_insert_block_suspended
  before insert on public.chismes for each row execute function private.block_suspended_user();
create trigger comments_before_insert_block_suspended
  before insert on public.comments for each row execute function private.block_suspended_user();
create trigger likes_before_insert_block_suspended
  before insert on public.likes for each row execute function private.block_suspended_user();
create trigger reports_before_insert_block_suspended
  before insert on public.reports for each row execute function private.block_suspended_user();

-- Security definer: reads hidden_at whatever the caller. A hidden chisme takes no new comments
-- or likes from anyone but its author and moderators (to them it is as if it did not exist).
create or replace function private.guard_hidden_chisme()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is not null
    and exists (select 1 from public.chismes c where c.id = new.chisme_id and c.hidden_at is not null)
    and not private.can_see_hidden_chisme(new.chisme_id) then
    raise exception 'chisme_not_found' using errcode = 'P0001';
  end if;
  return new;
end;
$$;
comment on function private.guard_hidden_chisme() is 'Trigger: a chisme hidden by moderation is not found for comments and likes of other users.';
revoke execute on function private.guard_hidden_chisme() from public, anon, authenticated, service_role;

create trigger comments_before_insert_block_hidden
  before insert on public.comments for each row execute function private.guard_hidden_chisme();
create trigger likes_before_insert_block_hidden
  before insert on public.likes for each row execute function private.guard_hidden_chisme();

-- Security definer: the caller's own suspension, for the web to show before a write.
create or replace function public.get_my_suspension()
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select s.suspended_until from private.suspensions s
  where s.user_id = (select auth.uid()) and s.suspended_until > now();
$$;
comment on function public.get_my_suspension() is 'When the caller''s suspension ends; null when they are not suspended.';
revoke execute on function public.get_my_suspension() from public, anon;
grant execute on function public.get_my_suspension() to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Audit (append-only)
-- ---------------------------------------------------------------------------------------------

create table public.moderation_audit (
  id bigint generated always as identity primary key,
  moderator_id uuid,
  action text not null check (action in ('restore', 'delete', 'suspend', 'add_word', 'delete_word')),
  target_kind text not null check (target_kind in ('chisme', 'comment', 'word')),
  target_id uuid,
  detail jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
comment on table public.moderation_audit is 'Append-only log of moderation decisions (moderator, action, target, time). Never holds an author''s id.';

alter table public.moderation_audit enable row level security;
revoke all on table public.moderation_audit from anon, authenticated, service_role;
grant select on table public.moderation_audit to authenticated, service_role;

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
comment on function private.forbid_audit_change() is 'Trigger: the moderation audit is append-only, for every role (no API role has truncate).';
revoke execute on function private.forbid_audit_change() from public, anon, authenticated, service_role;

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
comment on function private.audit(text, text, uuid, jsonb) is 'Appends one audit row for the calling moderator (called by the security definer decision functions).';
revoke execute on function private.audit(text, text, uuid, jsonb) from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Queue and decisions (moderators only)
-- ---------------------------------------------------------------------------------------------

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

-- Security definer: reads every reporter's reports and hidden content (RLS limits clients to
-- their own); returns only counts and reasons.
create or replace function public.get_moderation_queue(p_limit int default 50)
returns setof public.moderation_item
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_moderator();
  return query
    with pending as (
      select
        case when r.chisme_id is not null then 'chisme' else 'comment' end as kind,
        coalesce(r.chisme_id, r.comment_id) as id,
        count(*)::int as pending_reports,
        max(r.created_at) as last_reported_at
      from public.reports r
      where r.handled_at is null
      group by 1, 2
    )
    select
      p.kind, p.id,
      coalesce(ch.id, co.chisme_id),
      coalesce(ch.content, co.content),
      coalesce(ch.cotilleo, cc.cotilleo),
      p.pending_reports,
      coalesce(ch.report, co.report),
      (select jsonb_agg(jsonb_build_object('reason', x.reason, 'count', x.n) order by x.n desc, x.reason)
       from (
         select r.reason, count(*)::int as n from public.reports r
         where r.handled_at is null
           and (r.chisme_id = p.id or r.comment_id = p.id)
         group by r.reason
       ) x),
      coalesce(ch.hidden_at, co.hidden_at) is not null,
      p.last_reported_at,
      coalesce(ch.created_at, co.created_at)
    from pending p
    left join public.chismes ch on p.kind = 'chisme' and ch.id = p.id
    left join public.comments co on p.kind = 'comment' and co.id = p.id
    left join public.chismes cc on cc.id = co.chisme_id
    where ch.id is not null or co.id is not null
    order by p.pending_reports desc, p.last_reported_at desc, p.id
    limit least(greatest(coalesce(p_limit, 50), 1), 200);
end;
$$;
comment on function public.get_moderation_queue(int) is 'Moderators: reported content with pending reports, most reported and most recent first, with reasons and counts (no ids of people).';
revoke execute on function public.get_moderation_queue(int) from public, anon;
grant execute on function public.get_moderation_queue(int) to authenticated;

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
  if p_kind = 'chisme' then
    select a.user_id into v_author from public.chismes c
    left join public.chisme_authors a on a.chisme_id = c.id where c.id = p_id;
  elsif p_kind = 'comment' then
    select a.user_id into v_author from public.comments c
    left join public.comment_authors a on a.comment_id = c.id where c.id = p_id;
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
comment on function private.require_moderation_target(text, uuid) is 'The author of a chisme or comment (for notifying and suspending only, never returned to a client); moderation_target_not_found when missing.';
revoke execute on function private.require_moderation_target(text, uuid) from public, anon, authenticated, service_role;

-- Security definer: clears hidden_at and marks every reporter's reports handled.
create or replace function public.moderate_restore(p_kind text, p_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_author uuid;
  v_was_hidden boolean;
  v_chisme_id uuid;
begin
  perform private.require_moderator();
  v_author := private.require_moderation_target(p_kind, p_id);
  if p_kind = 'chisme' then
    select c.hidden_at is not null, c.id into v_was_hidden, v_chisme_id from public.chismes c where c.id = p_id for update;
    update public.chismes set hidden_at = null where id = p_id and hidden_at is not null;
    update public.reports set handled_at = now() where chisme_id = p_id and handled_at is null;
  else
    select c.hidden_at is not null, c.chisme_id into v_was_hidden, v_chisme_id from public.comments c where c.id = p_id for update;
    update public.comments set hidden_at = null where id = p_id and hidden_at is not null;
    update public.reports set handled_at = now() where comment_id = p_id and handled_at is null;
  end if;
  perform private.audit('restore', p_kind, p_id, jsonb_build_object('was_hidden', v_was_hidden));
  if v_was_hidden and v_author is not null then
    perform private.notify(v_author, 'moderation_decision',
      case when p_kind = 'chisme' then 'Un moderador ha revisado tu chisme y vuelve a estar visible.'
           else 'Un moderador ha revisado tu comentario y vuelve a estar visible.' end,
      jsonb_build_object('decision', 'restored', 'chismeId', v_chisme_id) || case when p_kind = 'comment' then jsonb_build_object('commentId', p_id) else '{}'::jsonb end,
      'moderation:restored:' || p_id::text || ':' || extract(epoch from now())::text);
  end if;
end;
$$;
comment on function public.moderate_restore(text, uuid) is 'Moderators: makes a chisme or comment visible again and marks its reports handled (audited; the author is told when it had been hidden).';
revoke execute on function public.moderate_restore(text, uuid) from public, anon;
grant execute on function public.moderate_restore(text, uuid) to authenticated;

-- Security definer: deletes content the moderator did not write (the spec's delete of reported
-- content: foreign keys take comments, replies, likes and reports with it).
create or replace function public.moderate_delete(p_kind text, p_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_author uuid;
  v_chisme_id uuid;
begin
  perform private.require_moderator();
  v_author := private.require_moderation_target(p_kind, p_id);
  if p_kind = 'chisme' then
    delete from public.chismes where id = p_id;
  else
    select c.chisme_id into v_chisme_id from public.comments c where c.id = p_id;
    delete from public.comments where id = p_id;
  end if;
  perform private.audit('delete', p_kind, p_id, '{}'::jsonb);
  if v_author is not null then
    perform private.notify(v_author, 'moderation_decision',
      case when p_kind = 'chisme' then 'Un moderador ha eliminado tu chisme tras revisar las denuncias.'
           else 'Un moderador ha eliminado tu comentario tras revisar las denuncias.' end,
      jsonb_build_object('decision', 'deleted') || case when p_kind = 'comment' then jsonb_build_object('chismeId', v_chisme_id) else '{}'::jsonb end,
      'moderation:deleted:' || p_id::text);
  end if;
end;
$$;
comment on function public.moderate_delete(text, uuid) is 'Moderators: deletes a chisme (with its comments, likes and reports) or a comment (with its replies and reports); audited, the author is told.';
revoke execute on function public.moderate_delete(text, uuid) from public, anon;
grant execute on function public.moderate_delete(text, uuid) to authenticated;

-- Security definer: finds the author through the authorship tables without revealing them.
create or replace function public.moderate_suspend_author(p_kind text, p_id uuid, p_days int)
returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_author uuid;
  v_until timestamptz;
begin
  perform private.require_moderator();
  if p_days is null or p_days not in (1, 7, 30) then
    raise exception 'suspension_days_invalid' using errcode = 'P0001',
      detail = jsonb_build_object('allowed', jsonb_build_array(1, 7, 30))::text;
  end if;
  v_author := private.require_moderation_target(p_kind, p_id);
  if v_author is null then
    raise exception 'moderation_target_not_found' using errcode = 'P0001';
  end if;
  insert into private.suspensions as s (user_id, suspended_until)
  values (v_author, now() + make_interval(days => p_days))
  on conflict (user_id) do update
    set suspended_until = greatest(
      case when s.suspended_until > now() then s.suspended_until else now() end,
      excluded.suspended_until),
      created_at = now()
  returning s.suspended_until into v_until;
  perform private.audit('suspend', p_kind, p_id, jsonb_build_object('days', p_days, 'until', v_until));
  perform private.notify(v_author, 'moderation_decision',
    'Un moderador ha suspendido tu cuenta hasta el ' || to_char(v_until at time zone 'UTC', 'DD/MM/YYYY HH24:MI') || ' (UTC). Puedes leer, pero no publicar, comentar, dar me gusta ni reportar.',
    jsonb_build_object('decision', 'suspended', 'until', v_until),
    'moderation:suspended:' || extract(epoch from v_until)::text);
  return v_until;
end;
$$;
comment on function public.moderate_suspend_author(text, uuid, int) is 'Moderators: suspends the author of a chisme or comment for 1, 7 or 30 days (never revealing who); returns the end date; audited, the author is told.';
revoke execute on function public.moderate_suspend_author(text, uuid, int) from public, anon;
grant execute on function public.moderate_suspend_author(text, uuid, int) to authenticated;

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
comment on function public.moderate_add_offensive_word(text) is 'Moderators: adds a word to the filter list (trimmed, lower-cased; offensive_word_duplicate when present); audited.';
revoke execute on function public.moderate_add_offensive_word(text) from public, anon;
grant execute on function public.moderate_add_offensive_word(text) to authenticated;

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
comment on function public.moderate_delete_offensive_word(text) is 'Moderators: removes a word from the filter list; true when it was there; audited.';
revoke execute on function public.moderate_delete_offensive_word(text) from public, anon;
grant execute on function public.moderate_delete_offensive_word(text) to authenticated;
