-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

-- Bounded realtime fan-out (docs/scaling.md, docs/api.md "Realtime").
--
-- Broadcasting every counter change and every new chisme at once on one feed:<mode> topic
-- that every person online joins would cost messages/s = people online × writes/s, and hosted
-- Realtime bills every delivered message (Team plan: 2,500/s for 10,000 connections, 15 per
-- person per minute). So:
-- 1. Counts go to *group topics* `chismes:<mode>:<bucket>`, one per mode and five-minute
--    slice of created_at (private.chisme_bucket). A browser joins only the groups of the cards
--    on its screen (mostly one: 20 consecutive cards of a feed rarely straddle two slices),
--    so counts of chismes nobody shows cost nobody anything. A group, not one topic per
--    chisme, because a screen of 20 live cards would otherwise receive up to 20 messages per
--    interval (the bench's `scale` section measured it: docs/scaling.md).
-- 2. A counter change only marks the chisme in private.realtime_changed_chismes (one row per
--    chisme, `on conflict do nothing`: a viral chisme's likes find the row there and take no
--    lock on it; they already hold the chisme's row lock for the counter update). The flush,
--    private.flush_realtime(), runs every 4 s (pg_cron ≥ 1.5 here, the local stack's daemon
--    otherwise) and sends at most one `chisme_counts` message per group with the latest
--    counts of the chismes changed in it: one message per chisme per interval at most.
-- 3. New chismes are never broadcast with their content: the same flush tells the groups
--    at the top of each mode's recent feed how many chismes arrived and their ids (no
--    content, no author) in the same message, for the web's "N chismes nuevos" pill. The
--    pill needs no 4-second freshness: news goes out at most every 12 s per mode, so a group
--    that hears only news (a reader at the top of a quiet feed) costs 5 messages a minute.
-- 4. The image state (rare: once per upload) and moderation hiding/restoring go to the
--    chisme's group at once, so the /chismes/:id page needs only that one topic.
-- 5. Notifications go to the owner's topic. A new notification is sent at once; a
--    collapse (`notification_updated`, one per person who likes or comments) goes through the
--    same flush: at most one message per notification per interval, with its latest state
--    (the payload is the row). Worst case per person: docs/scaling.md.
-- Counters themselves are untouched: the write pipelines' counting steps stay exact.

-- ---------------------------------------------------------------------------------------------
-- Groups
-- ---------------------------------------------------------------------------------------------

-- The web computes the same value from created_at (web/src/lib/chisme-topic.ts, which names
-- this file): keep both alike.
create or replace function private.chisme_bucket(p_created_at timestamptz)
returns bigint
language sql
immutable
parallel safe
set search_path = ''
as $$
  select floor(extract(epoch from p_created_at) / 300)::bigint;
$$;
revoke all on function private.chisme_bucket(timestamp with time zone) from public, anon, authenticated, service_role;
comment on function private.chisme_bucket(timestamptz) is 'The five-minute slice of created_at that names a chisme''s realtime group topic.';

create or replace function private.chisme_topic(p_cotilleo boolean, p_created_at timestamptz)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select 'chismes:' || case when p_cotilleo then 'cotilleo' else 'casual' end || ':' || private.chisme_bucket(p_created_at)::text;
$$;
revoke all on function private.chisme_topic(boolean,timestamp with time zone) from public, anon, authenticated, service_role;
comment on function private.chisme_topic(boolean, timestamptz) is 'The private realtime topic carrying a chisme''s live counts, image state and moderation state.';

-- Security definer: realtime.send inserts into realtime.messages, which clients cannot write.
-- The first effect of a new notification (60-notifications.sql).
create or replace function private.broadcast_new_notification(p_notification public.notifications)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.send(to_jsonb(p_notification), 'notification_created', 'notifications:' || p_notification.user_id::text, true);
end;
$$;
revoke all on function private.broadcast_new_notification(public.notifications) from public, anon, authenticated, service_role;
comment on function private.broadcast_new_notification(public.notifications) is 'Write step: broadcasts a new notification to its owner''s private topic.';

create policy messages_select_authenticated on realtime.messages
  for select to authenticated
  using (
    extension = 'broadcast'
    and topic = (select realtime.topic())
    and (select auth.uid()) is not null
    and (
      topic ~ '^chismes:(casual|cotilleo):[0-9]{1,12}$'
      or topic = 'notifications:' || (select auth.uid())::text
      or (topic = 'moderation' and (select private.is_moderator()))
    )
  );
-- Signed-in users receive the feed topics and the group topics chismes:<mode>:<bucket>; only the
-- owner receives notifications:<user id>; only moderators receive moderation. (No COMMENT ON POLICY:
-- realtime.messages is supabase_realtime_admin's, and a project's postgres may only create, alter
-- and drop policies on it through supautils.policy_grants.)

-- ---------------------------------------------------------------------------------------------
-- Outbox
-- ---------------------------------------------------------------------------------------------

-- Unlogged: a crash loses at most one interval of live counts (the next change or the card's
-- refresh on view repairs them), and the hot like path writes no WAL for it.
create unlogged table private.realtime_changed_chismes (
  chisme_id uuid primary key
);
revoke all on table private.realtime_changed_chismes from public, anon, authenticated, service_role;
comment on table private.realtime_changed_chismes is 'Chismes whose counts changed since the last realtime flush (drained by private.flush_realtime). No API access.';

create unlogged table private.realtime_new_chismes (
  chisme_id uuid primary key,
  cotilleo boolean not null,
  created_at timestamptz not null
);
revoke all on table private.realtime_new_chismes from public, anon, authenticated, service_role;
comment on table private.realtime_new_chismes is 'Chismes created since the last realtime flush, for the new-chismes pill (drained by private.flush_realtime). No API access.';

create unlogged table private.realtime_changed_notifications (
  notification_id uuid primary key
);
revoke all on table private.realtime_changed_notifications from public, anon, authenticated, service_role;
comment on table private.realtime_changed_notifications is 'Collapsed notifications changed since the last realtime flush (drained by private.flush_realtime). No API access.';

create table private.realtime_news_sent (
  cotilleo boolean primary key,
  sent_at timestamptz not null
);
revoke all on table private.realtime_news_sent from public, anon, authenticated, service_role;
comment on table private.realtime_news_sent is 'When the realtime flush last announced new chismes of each mode (news at most every 12 s). No API access.';

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

-- A collapse (private.apply_notification_write, 60-notifications.sql) only marks the row; the
-- flush sends it.
create or replace function private.mark_notification_changed(p_notification_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.realtime_changed_notifications (notification_id) values (p_notification_id) on conflict do nothing;
end;
$$;
revoke all on function private.mark_notification_changed(uuid) from public, anon, authenticated, service_role;
comment on function private.mark_notification_changed(uuid) is 'Write step: marks a collapsed notification for the next realtime flush, which sends its latest state to its owner''s private topic.';

-- ---------------------------------------------------------------------------------------------
-- Flush
-- ---------------------------------------------------------------------------------------------

-- Security definer: drains the private outbox and calls realtime.send. One transaction per
-- call; an advisory lock makes two callers (pg_cron, the local daemon, a test) take turns, so
-- a group never gets two messages from one interval. Returns the number of messages sent.
create or replace function private.flush_realtime()
returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_sent int := 0;
  v_message record;
  v_news boolean[];
begin
  perform pg_advisory_xact_lock(hashtext('private.flush_realtime'));
  -- the modes whose news is due: some waiting, and none sent in the last 12 s (11 s: a flush
  -- every 4 s lands a little after 12 s, never before)
  select coalesce(array_agg(distinct n.cotilleo), '{}') into v_news
  from private.realtime_new_chismes n
  where not exists (
    select 1 from private.realtime_news_sent s
    where s.cotilleo = n.cotilleo and s.sent_at > clock_timestamp() - interval '11 seconds'
  );
  for v_message in
    with changed as (
      delete from private.realtime_changed_chismes returning chisme_id
    ), created as (
      delete from private.realtime_new_chismes where cotilleo = any(v_news) returning chisme_id, cotilleo, created_at
    ), counts as (
      select c.cotilleo, private.chisme_bucket(c.created_at) as bucket,
             jsonb_agg(jsonb_build_object('id', c.id, 'likes', c.likes, 'comments', c.comments) order by c.created_at desc, c.id) as counts
      from changed d
      join public.chismes c on c.id = d.chisme_id
      where c.hidden_at is null
      group by 1, 2
    ), fresh as (
      -- new chismes still visible (one hidden within the interval is not announced)
      select n.cotilleo, n.chisme_id, n.created_at
      from created n
      join public.chismes c on c.id = n.chisme_id and c.hidden_at is null and c.deleted_at is null
    ), pill as (
      select f.cotilleo, count(*)::int as total,
             (array_agg(f.chisme_id order by f.created_at desc, f.chisme_id desc))[1:50] as ids,
             min(f.created_at) as oldest, max(f.created_at) as newest
      from fresh f
      group by 1
    ), pill_groups as (
      -- the groups of the new chismes, and the group of the newest chisme readers had at
      -- the top of the recent feed before them
      select distinct f.cotilleo, private.chisme_bucket(f.created_at) as bucket from fresh f
      union
      select p.cotilleo, private.chisme_bucket(top.created_at)
      from pill p
      cross join lateral (
        select c.created_at from public.chismes c
        where c.cotilleo = p.cotilleo and c.hidden_at is null and c.created_at < p.oldest
        order by c.cotilleo, c.created_at desc, c.id desc
        limit 1
      ) top
    ), messages as (
      select coalesce(k.cotilleo, g.cotilleo) as cotilleo, coalesce(k.bucket, g.bucket) as bucket, k.counts
      from counts k
      full join pill_groups g on g.cotilleo = k.cotilleo and g.bucket = k.bucket
    )
    select m.cotilleo, m.bucket,
           jsonb_build_object('counts', coalesce(m.counts, '[]'::jsonb))
           || case when p.total is null then '{}'::jsonb
                   else jsonb_build_object('created', jsonb_build_object('count', p.total, 'ids', to_jsonb(p.ids), 'newest', p.newest)) end
             as payload
    from messages m
    left join pill p on p.cotilleo = m.cotilleo
  loop
    perform realtime.send(v_message.payload, 'chisme_counts',
      'chismes:' || case when v_message.cotilleo then 'cotilleo' else 'casual' end || ':' || v_message.bucket::text, true);
    v_sent := v_sent + 1;
  end loop;
  insert into private.realtime_news_sent (cotilleo, sent_at)
  select m, clock_timestamp() from unnest(v_news) m
  on conflict (cotilleo) do update set sent_at = excluded.sent_at;
  -- collapsed notifications: their latest state (unless deleted meanwhile), once each
  for v_message in
    with changed as (
      delete from private.realtime_changed_notifications returning notification_id
    )
    select n.user_id, to_jsonb(n) as payload
    from changed d
    join public.notifications n on n.id = d.notification_id
  loop
    perform realtime.send(v_message.payload, 'notification_updated', 'notifications:' || v_message.user_id::text, true);
    v_sent := v_sent + 1;
  end loop;
  return v_sent;
end;
$$;
revoke all on function private.flush_realtime() from public, anon, authenticated, service_role;
comment on function private.flush_realtime() is 'Sends at most one chisme_counts message per group topic with the latest counts of the chismes changed since the last flush and the new chismes of the mode, and the latest state of each collapsed notification; run every 4 s (pg_cron or the local stack''s daemon).';

-- ---------------------------------------------------------------------------------------------
-- Immediate, rare events: the image state and moderation on the chisme's group
-- ---------------------------------------------------------------------------------------------

-- Security definer: realtime.send inserts into realtime.messages, which clients cannot write.
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
    private.chisme_topic(p_chisme.cotilleo, p_chisme.created_at),
    true
  );
end;
$$;
revoke all on function private.broadcast_chisme_image(public.chismes) from public, anon, authenticated, service_role;
comment on function private.broadcast_chisme_image(public.chismes) is 'Write step: broadcasts on the chisme''s group topic that its image was stored (or removed) and whether it is viewable now.';

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
    private.chisme_topic(p_chisme.cotilleo, p_chisme.created_at),
    true
  );
end;
$$;
revoke all on function private.broadcast_chisme_moderation(public.chismes) from public, anon, authenticated, service_role;
comment on function private.broadcast_chisme_moderation(public.chismes) is 'Write step: tells the chisme''s group topic that moderation hid or restored it (id only).';
