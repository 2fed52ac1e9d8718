-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

-- Bounded realtime fan-out (docs/scaling.md, docs/api.md "Realtime",
-- docs/decisions/0031-realtime-head-topics.md).
--
-- Hosted Realtime bills every message delivered to every client (Team plan: 2,500/s for 10,000
-- connections: 15 per person per minute). A topic per chisme or per time slice costs a reader
-- one message per interval per topic on screen (a desktop at 50 % zoom showed 11); here a
-- person joins at most one count topic, whatever the screen:
-- 1. Counts go to *head topics* `head:<tab>:<mode>`, one per tab (recent, top, trending) and
--    mode: the first private.head_size() chismes of that tab, where most people look. The
--    flush, private.flush_realtime(), runs every 4 s (pg_cron's seconds schedule; the local
--    stack's pg_cron stand-in) and sends at most one `chisme_counts` message per head topic with
--    the latest counts of the head's chismes that changed: 15 messages a minute at most, and
--    counts at the top of a tab at most one interval (+ delivery) stale.
-- 2. The long tail (deep scroll, the old tab, filtered feeds) gets no push: the web refreshes
--    its cards on view and at most every 30 s while they stay visible, with one batched GET
--    (public.get_chisme_counts, 25-feed.sql), served by a read replica.
-- 3. A counter change only marks the chisme in private.realtime_changed_chismes (one row per
--    chisme, `on conflict do nothing`: a viral chisme's likes find the row there and take no
--    lock on it; they already hold the chisme's row lock for the counter update).
-- 4. New chismes are never broadcast with their content: the flush tells `head:recent:<mode>`
--    how many arrived and their ids (no content, no author) in the same message, for the web's
--    "N chismes nuevos" pill; every reader of the recent tab joins it, wherever they scrolled.
-- 5. The image state and moderation hiding/restoring go at once to the chisme's own topic
--    `chisme:<id>` (the /chismes/:id page), and through the flush to the head topics.
-- 6. Notifications go to the owner's topic through the same flush: at most one `notifications`
--    message per person per interval, with every row created or collapsed in it.
-- Counters themselves are untouched: the write pipelines' counting steps stay exact.

-- ---------------------------------------------------------------------------------------------
-- Topics
-- ---------------------------------------------------------------------------------------------

-- The web pushes nothing for cards past its own head (web/src/lib/chisme-topic.ts HEAD_CARDS,
-- fewer, so that a few rows a reader does not see — blocks, reports — keep it inside this).
create or replace function private.head_size()
returns int
language sql
immutable
parallel safe
set search_path = ''
as $$
  select 40;
$$;
revoke all on function private.head_size() from public, anon, authenticated, service_role;
comment on function private.head_size() is 'How many chismes at the top of each tab and mode the head topics carry live counts for.';

create or replace function private.head_topic(p_tab text, p_cotilleo boolean)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select 'head:' || p_tab || ':' || case when p_cotilleo then 'cotilleo' else 'casual' end;
$$;
revoke all on function private.head_topic(text, boolean) from public, anon, authenticated, service_role;
comment on function private.head_topic(text, boolean) is 'The private realtime topic carrying the live counts of the head of a tab (recent, top, trending) and mode.';

-- The chismes each head topic carries now, in the tabs' own orders (get_feed, 25-feed.sql),
-- without any caller's filters, blocks or reports.
create or replace function private.head_chismes()
returns table (tab text, cotilleo boolean, chisme_id uuid)
language sql
stable
security definer
set search_path = ''
as $$
  select 'recent', m.cotilleo, h.id
  from (values (false), (true)) m (cotilleo)
  cross join lateral (
    select c.id from public.chismes c
    where c.cotilleo = m.cotilleo and c.hidden_at is null and c.deleted_at is null
    order by c.created_at desc, c.id desc
    limit private.head_size()
  ) h
  union all
  select 'top', m.cotilleo, h.id
  from (values (false), (true)) m (cotilleo)
  cross join lateral (
    select c.id from public.chismes c
    where c.cotilleo = m.cotilleo and c.hidden_at is null and c.deleted_at is null
    order by c.likes desc, c.created_at desc, c.id desc
    limit private.head_size()
  ) h
  union all
  select 'trending', m.cotilleo, h.id
  from (values (false), (true)) m (cotilleo)
  cross join lateral (
    select t.id from private.trending_chismes t
    where t.cotilleo = m.cotilleo and t.hidden_at is null and t.created_at > now() - interval '24 hours'
    order by t.likes desc, t.created_at desc, t.id desc
    limit private.head_size()
  ) h;
$$;
revoke all on function private.head_chismes() from public, anon, authenticated, service_role;
comment on function private.head_chismes() is 'The chismes at the head of each tab (recent, top, trending) and mode: what the head topics carry.';

create or replace function private.chisme_topic(p_chisme_id uuid)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select 'chisme:' || p_chisme_id::text;
$$;
revoke all on function private.chisme_topic(uuid) from public, anon, authenticated, service_role;
comment on function private.chisme_topic(uuid) is 'The private realtime topic of one chisme (its image state and moderation state, for its own page).';

create policy messages_select_authenticated on realtime.messages
  for select to authenticated
  using (
    extension = 'broadcast'
    and topic = (select realtime.topic())
    and (select auth.uid()) is not null
    and (
      topic ~ '^head:(recent|top|trending):casual$'
      -- the cotilleo heads carry ids and counts of adults-only chismes: adults only (0035)
      or (topic ~ '^head:(recent|top|trending):cotilleo$' and (select private.caller_is_adult()))
      -- chisme:<id> of a chisme the caller may read (RLS on public.chismes, as the joining
      -- user); the case keeps the cast off other topics
      or exists (
        select 1 from public.chismes c
        where c.id = (select case when realtime.topic() ~ '^chisme:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                                  then substr(realtime.topic(), 8)::uuid end)
      )
      or topic = 'notifications:' || (select auth.uid())::text
      or (topic = 'moderation' and (select private.is_moderator()))
    )
  );
-- Signed-in users receive the head topics head:<tab>:casual (head:<tab>:cotilleo once they
-- confirmed being adults) and the topic chisme:<id> of a chisme they may read; only the owner receives notifications:<user id>; only moderators
-- receive moderation. (No COMMENT ON POLICY: realtime.messages is supabase_realtime_admin's,
-- and a project's postgres may only create, alter and drop policies on it through
-- supautils.policy_grants.)

-- ---------------------------------------------------------------------------------------------
-- Outbox
-- ---------------------------------------------------------------------------------------------

-- Unlogged: a crash loses at most one interval of live counts (the next change or the card's
-- refresh on view repairs them), and the hot like path writes no WAL for it.
create unlogged table private.realtime_changed_chismes (
  chisme_id uuid primary key
);
revoke all on table private.realtime_changed_chismes from public, anon, authenticated, service_role;
comment on table private.realtime_changed_chismes is 'Chismes whose counts, image or moderation state changed since the last realtime flush (drained by private.flush_realtime). No API access.';

create unlogged table private.realtime_new_chismes (
  chisme_id uuid primary key,
  cotilleo boolean not null,
  created_at timestamptz not null
);
revoke all on table private.realtime_new_chismes from public, anon, authenticated, service_role;
comment on table private.realtime_new_chismes is 'Chismes created since the last realtime flush, for the new-chismes pill (drained by private.flush_realtime). No API access.';

-- Unlogged too: a crash loses at most one interval of live notifications; the list and the
-- count are fetched again when the channel rejoins (web: use-notifications-realtime).
create unlogged table private.realtime_changed_notifications (
  notification_id uuid primary key,
  created boolean not null
);
revoke all on table private.realtime_changed_notifications from public, anon, authenticated, service_role;
comment on table private.realtime_changed_notifications is 'Notifications created or collapsed since the last realtime flush (drained by private.flush_realtime). No API access.';

-- Security definer: the outbox is private; runs inside the like/comment transaction, as steps
-- of the chismes pipeline (20-chismes.sql).
create or replace function private.mark_chisme_counts_changed(p_chisme_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.realtime_changed_chismes (chisme_id) values (p_chisme_id) on conflict do nothing;
end;
$$;
revoke all on function private.mark_chisme_counts_changed(uuid) from public, anon, authenticated, service_role;
comment on function private.mark_chisme_counts_changed(uuid) is 'Write step: marks a chisme whose like or comment count changed, for the next realtime flush (no broadcast here).';

create or replace function private.mark_chisme_created(p_chisme_id uuid, p_cotilleo boolean, p_created_at timestamptz)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.realtime_new_chismes (chisme_id, cotilleo, created_at) values (p_chisme_id, p_cotilleo, p_created_at)
  on conflict do nothing;
end;
$$;
revoke all on function private.mark_chisme_created(uuid,boolean,timestamp with time zone) from public, anon, authenticated, service_role;
comment on function private.mark_chisme_created(uuid, boolean, timestamptz) is 'Write step: notes a new chisme for the next realtime flush (the new-chismes pill; no content is broadcast).';

-- The first effect of a new notification (60-notifications.sql): the flush sends it.
create or replace function private.mark_notification_created(p_notification_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.realtime_changed_notifications (notification_id, created) values (p_notification_id, true)
  on conflict (notification_id) do update set created = true;
end;
$$;
revoke all on function private.mark_notification_created(uuid) from public, anon, authenticated, service_role;
comment on function private.mark_notification_created(uuid) is 'Write step: marks a new notification for the next realtime flush, which sends it to its owner''s private topic.';

-- A collapse (private.apply_notification_write, 60-notifications.sql) only marks the row; the
-- flush sends it (as new, when it was created in the same interval).
create or replace function private.mark_notification_changed(p_notification_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.realtime_changed_notifications (notification_id, created) values (p_notification_id, false) on conflict do nothing;
end;
$$;
revoke all on function private.mark_notification_changed(uuid) from public, anon, authenticated, service_role;
comment on function private.mark_notification_changed(uuid) is 'Write step: marks a collapsed notification for the next realtime flush, which sends its latest state to its owner''s private topic.';

-- ---------------------------------------------------------------------------------------------
-- Flush
-- ---------------------------------------------------------------------------------------------

-- Security definer: drains the private outbox and calls realtime.send. One transaction per
-- call; an advisory lock makes two callers (pg_cron, a test) take turns, so a topic never gets
-- two messages from one interval. Returns the number of messages sent.
create or replace function private.flush_realtime()
returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_sent int := 0;
  v_message record;
begin
  perform pg_advisory_xact_lock(hashtext('private.flush_realtime'));
  for v_message in
    with changed as (
      delete from private.realtime_changed_chismes returning chisme_id
    ), created as (
      delete from private.realtime_new_chismes returning chisme_id, cotilleo, created_at
    ), heads as (
      select * from private.head_chismes()
    ), topics as (
      select t.tab, m.cotilleo
      from (values ('recent'), ('top'), ('trending')) t (tab)
      cross join (values (false), (true)) m (cotilleo)
    ), counts as (
      -- the changed chismes each head holds now, with their latest counts and image state
      select h.tab, h.cotilleo,
             jsonb_agg(jsonb_build_object(
               'id', c.id, 'likes', c.likes, 'comments', c.comments,
               'file_exist', f.file_exist, 'image_viewable', f.image_viewable
             ) order by c.created_at desc, c.id) as counts
      from changed d
      join heads h on h.chisme_id = d.chisme_id
      join public.chismes c on c.id = d.chisme_id
      cross join lateral private.to_feed_chisme(c, false, false) f
      group by 1, 2
    ), hidden as (
      -- hidden within the interval: every head of the mode drops it (rare)
      select c.cotilleo, jsonb_agg(c.id order by c.id) as ids
      from changed d
      join public.chismes c on c.id = d.chisme_id
      where c.hidden_at is not null
      group by 1
    ), pill as (
      -- new chismes still visible (one hidden within the interval is not announced)
      select n.cotilleo, count(*)::int as total,
             (array_agg(n.chisme_id order by n.created_at desc, n.chisme_id desc))[1:50] as ids,
             max(n.created_at) as newest
      from created n
      join public.chismes c on c.id = n.chisme_id and c.hidden_at is null and c.deleted_at is null
      group by 1
    )
    select private.head_topic(t.tab, t.cotilleo) as topic,
           jsonb_build_object('counts', coalesce(k.counts, '[]'::jsonb))
           || case when h.ids is null then '{}'::jsonb else jsonb_build_object('hidden', h.ids) end
           || case when p.total is null then '{}'::jsonb
                   else jsonb_build_object('created', jsonb_build_object('count', p.total, 'ids', to_jsonb(p.ids), 'newest', p.newest)) end
             as payload
    from topics t
    left join counts k on k.tab = t.tab and k.cotilleo = t.cotilleo
    left join hidden h on h.cotilleo = t.cotilleo
    left join pill p on p.cotilleo = t.cotilleo and t.tab = 'recent'
    where k.counts is not null or h.ids is not null or p.total is not null
  loop
    perform realtime.send(v_message.payload, 'chisme_counts', v_message.topic, true);
    v_sent := v_sent + 1;
  end loop;
  -- notifications: one message per person with every row created or collapsed in the interval
  -- (their latest state; one deleted meanwhile is left out)
  for v_message in
    with changed as (
      delete from private.realtime_changed_notifications returning notification_id, created
    )
    select n.user_id,
           jsonb_build_object(
             'created', coalesce(jsonb_agg(to_jsonb(n) order by n.created_at, n.id) filter (where d.created), '[]'::jsonb),
             'updated', coalesce(jsonb_agg(to_jsonb(n) order by n.created_at, n.id) filter (where not d.created), '[]'::jsonb)
           ) as payload
    from changed d
    join public.notifications n on n.id = d.notification_id
    group by n.user_id
  loop
    perform realtime.send(v_message.payload, 'notifications', 'notifications:' || v_message.user_id::text, true);
    v_sent := v_sent + 1;
  end loop;
  return v_sent;
end;
$$;
revoke all on function private.flush_realtime() from public, anon, authenticated, service_role;
comment on function private.flush_realtime() is 'Sends at most one chisme_counts message per head topic (the latest counts of its changed chismes, the mode''s hidden ones and, on recent, the new ones) and one notifications message per person; run every 4 s by pg_cron.';

-- ---------------------------------------------------------------------------------------------
-- Immediate, rare events: the image state and moderation on the chisme's own topic
-- ---------------------------------------------------------------------------------------------

-- Security definer: realtime.send inserts into realtime.messages, which clients cannot write.
-- The feeds hear of it through the flush (the head topics carry the image state).
create or replace function private.broadcast_chisme_image(p_chisme public.chismes)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.feed_chisme := private.to_feed_chisme(p_chisme, false, false);
begin
  perform realtime.send(
    jsonb_build_object('id', p_chisme.id, 'file_exist', v_row.file_exist, 'image_viewable', v_row.image_viewable),
    'chisme_image',
    private.chisme_topic(p_chisme.id),
    true
  );
  perform private.mark_chisme_counts_changed(p_chisme.id);
end;
$$;
revoke all on function private.broadcast_chisme_image(public.chismes) from public, anon, authenticated, service_role;
comment on function private.broadcast_chisme_image(public.chismes) is 'Write step: broadcasts on the chisme''s own topic that its image was stored (or removed) and whether it is viewable now; marks it for the head topics'' next flush.';

create or replace function private.broadcast_chisme_moderation(p_chisme public.chismes)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.send(
    jsonb_build_object('id', p_chisme.id),
    case when p_chisme.hidden_at is null then 'chisme_restored' else 'chisme_hidden' end,
    private.chisme_topic(p_chisme.id),
    true
  );
  perform private.mark_chisme_counts_changed(p_chisme.id);
end;
$$;
revoke all on function private.broadcast_chisme_moderation(public.chismes) from public, anon, authenticated, service_role;
comment on function private.broadcast_chisme_moderation(public.chismes) is 'Write step: tells the chisme''s own topic that moderation hid or restored it (id only); marks it for the next flush, which tells the head topics of its mode that it is hidden.';
