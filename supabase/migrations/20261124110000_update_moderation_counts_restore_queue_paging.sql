-- Moderation gaps (docs/decisions/0009-moderator-role-and-decisions.md, docs/decisions/0010-automatic-hiding.md):
-- 1. chismes.comments counts the root comments others can see: hiding a root comment takes
--    it off the counter, restoring puts it back, deleting a hidden one does not count twice
--    (and the counter change is broadcast to open feeds by the existing counts trigger).
-- 2. Restoring a hidden chisme tells open feeds (`chisme_restored` on its mode's topic), so
--    they show it again without a reload.
-- 3. The queue pages by keyset (pending reports, last report, id) instead of stopping at 200.
-- 4. The queue and decision RPCs take their arguments as text, parsed by the private parsers
--    (20261124000000_create_argument_parsers.sql): a malformed id or number gets a stable key
--    (moderation_target_not_found, suspension_days_invalid, moderation_queue_cursor_invalid)
--    instead of PostgREST's 22P02/22003. Same rows, same keys otherwise.
-- A moderator's delete of a chisme leaves its image object for the purge path: the object of
-- a chisme that no longer exists is listed by public.list_expired_chisme_images at once and
-- removed through the Storage API by chisme-image-purge (hosted Supabase forbids deleting
-- storage rows with SQL, and the bytes live outside the database).

-- ---------------------------------------------------------------------------------------------
-- 1. The comment counter leaves hidden root comments out
-- ---------------------------------------------------------------------------------------------

drop trigger comments_after_delete_count_root on public.comments;
create trigger comments_after_delete_count_root
  after delete on public.comments
  for each row when (old.parent_id is null and old.hidden_at is null)
  execute function private.count_root_comment();

-- Security definer: counters are not writable by clients.
create or replace function private.count_hidden_root_comment()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.hidden_at is not null then
    update public.chismes set comments = greatest(comments - 1, 0) where id = new.chisme_id;
  else
    update public.chismes set comments = comments + 1 where id = new.chisme_id;
  end if;
  return null;
end;
$$;
comment on function private.count_hidden_root_comment() is 'Trigger: a root comment hidden by moderation leaves chismes.comments, and comes back when restored (security definer: clients cannot write counters).';
revoke execute on function private.count_hidden_root_comment() from public, anon, authenticated, service_role;

create trigger comments_after_update_count_hidden_root
  after update of hidden_at on public.comments
  for each row when (new.parent_id is null and (old.hidden_at is null) <> (new.hidden_at is null))
  execute function private.count_hidden_root_comment();

-- Root comments hidden before this migration were still counted.
update public.chismes ch
set comments = greatest(ch.comments - h.n, 0)
from (
  select c.chisme_id, count(*)::int as n from public.comments c
  where c.parent_id is null and c.hidden_at is not null
  group by c.chisme_id
) h
where h.chisme_id = ch.id;

-- ---------------------------------------------------------------------------------------------
-- 3 and 4. The queue, paged by keyset, with text arguments
-- ---------------------------------------------------------------------------------------------

drop function public.get_moderation_queue(int);

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
comment on function public.get_moderation_queue(text, text, text, text) is 'Moderators: reported content with pending reports, most reported and most recent first, with reasons and counts (no ids of people); pages of up to 100 after the cursor (pending_reports, last_reported_at, id of the last item).';
revoke execute on function public.get_moderation_queue(text, text, text, text) from public, anon;
grant execute on function public.get_moderation_queue(text, text, text, text) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- 2 and 4. Decisions with text arguments; restore tells open feeds
-- ---------------------------------------------------------------------------------------------

drop function public.moderate_restore(text, uuid);
drop function public.moderate_delete(text, uuid);
drop function public.moderate_suspend_author(text, uuid, int);

-- Security definer: clears hidden_at and marks every reporter's reports handled.
create or replace function public.moderate_restore(p_kind text, p_id text)
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
  v_cotilleo boolean;
begin
  perform private.require_moderator();
  v_id := private.uuid_arg(p_id, 'moderation_target_not_found');
  v_author := private.require_moderation_target(p_kind, v_id);
  if p_kind = 'chisme' then
    select c.hidden_at is not null, c.id, c.cotilleo into v_was_hidden, v_chisme_id, v_cotilleo
    from public.chismes c where c.id = v_id for update;
    update public.chismes set hidden_at = null where id = v_id and hidden_at is not null;
    update public.reports set handled_at = now() where chisme_id = v_id and handled_at is null;
    if v_was_hidden then
      perform realtime.send(jsonb_build_object('id', v_id), 'chisme_restored',
        case when v_cotilleo then 'feed:cotilleo' else 'feed:casual' end, true);
    end if;
  else
    select c.hidden_at is not null, c.chisme_id into v_was_hidden, v_chisme_id from public.comments c where c.id = v_id for update;
    update public.comments set hidden_at = null where id = v_id and hidden_at is not null;
    update public.reports set handled_at = now() where comment_id = v_id and handled_at is null;
  end if;
  perform private.audit('restore', p_kind, v_id, jsonb_build_object('was_hidden', v_was_hidden));
  if v_was_hidden and v_author is not null then
    perform private.notify(v_author, 'moderation_decision',
      case when p_kind = 'chisme' then 'Un moderador ha revisado tu chisme y vuelve a estar visible.'
           else 'Un moderador ha revisado tu comentario y vuelve a estar visible.' end,
      jsonb_build_object('decision', 'restored', 'chismeId', v_chisme_id) || case when p_kind = 'comment' then jsonb_build_object('commentId', v_id) else '{}'::jsonb end,
      'moderation:restored:' || v_id::text || ':' || extract(epoch from now())::text);
  end if;
end;
$$;
comment on function public.moderate_restore(text, text) is 'Moderators: makes a chisme or comment visible again and marks its reports handled (audited; the author is told when it had been hidden; open feeds are told of a restored chisme).';
revoke execute on function public.moderate_restore(text, text) from public, anon;
grant execute on function public.moderate_restore(text, text) to authenticated;

-- Security definer: deletes content the moderator did not write (the spec's delete of reported
-- content: foreign keys take comments, replies, likes and reports with it; the image object
-- is left to the purge, see the header).
create or replace function public.moderate_delete(p_kind text, p_id text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_author uuid;
  v_chisme_id uuid;
begin
  perform private.require_moderator();
  v_id := private.uuid_arg(p_id, 'moderation_target_not_found');
  v_author := private.require_moderation_target(p_kind, v_id);
  if p_kind = 'chisme' then
    delete from public.chismes where id = v_id;
  else
    select c.chisme_id into v_chisme_id from public.comments c where c.id = v_id;
    delete from public.comments where id = v_id;
  end if;
  perform private.audit('delete', p_kind, v_id, '{}'::jsonb);
  if v_author is not null then
    perform private.notify(v_author, 'moderation_decision',
      case when p_kind = 'chisme' then 'Un moderador ha eliminado tu chisme tras revisar las denuncias.'
           else 'Un moderador ha eliminado tu comentario tras revisar las denuncias.' end,
      jsonb_build_object('decision', 'deleted') || case when p_kind = 'comment' then jsonb_build_object('chismeId', v_chisme_id) else '{}'::jsonb end,
      'moderation:deleted:' || v_id::text);
  end if;
end;
$$;
comment on function public.moderate_delete(text, text) is 'Moderators: deletes a chisme (with its comments, likes and reports; its image goes with the next purge) or a comment (with its replies and reports); audited, the author is told.';
revoke execute on function public.moderate_delete(text, text) from public, anon;
grant execute on function public.moderate_delete(text, text) to authenticated;

-- Security definer: finds the author through the authorship tables without revealing them.
create or replace function public.moderate_suspend_author(p_kind text, p_id text, p_days text)
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
  insert into private.suspensions as s (user_id, suspended_until)
  values (v_author, now() + make_interval(days => v_days))
  on conflict (user_id) do update
    set suspended_until = greatest(
      case when s.suspended_until > now() then s.suspended_until else now() end,
      excluded.suspended_until),
      created_at = now()
  returning s.suspended_until into v_until;
  perform private.audit('suspend', p_kind, v_id, jsonb_build_object('days', v_days, 'until', v_until));
  perform private.notify(v_author, 'moderation_decision',
    'Un moderador ha suspendido tu cuenta hasta el ' || to_char(v_until at time zone 'UTC', 'DD/MM/YYYY HH24:MI') || ' (UTC). Puedes leer, pero no publicar, comentar, dar me gusta ni reportar.',
    jsonb_build_object('decision', 'suspended', 'until', v_until),
    'moderation:suspended:' || extract(epoch from v_until)::text);
  return v_until;
end;
$$;
comment on function public.moderate_suspend_author(text, text, text) is 'Moderators: suspends the author of a chisme or comment for 1, 7 or 30 days (never revealing who); returns the end date; audited, the author is told.';
revoke execute on function public.moderate_suspend_author(text, text, text) from public, anon;
grant execute on function public.moderate_suspend_author(text, text, text) to authenticated;
