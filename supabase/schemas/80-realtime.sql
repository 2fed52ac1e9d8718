-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

create or replace function private.broadcast_new_notification()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.send(to_jsonb(new), 'notification_created', 'notifications:' || new.user_id::text, true);
  return null;
end;
$$;
revoke all on function private.broadcast_new_notification() from public, anon, authenticated, service_role;
comment on function private.broadcast_new_notification() is 'Trigger: broadcasts a new notification to its owner''s private topic.';

create trigger notifications_after_insert_broadcast
  after insert on public.notifications
  for each row execute function private.broadcast_new_notification();

create policy messages_select_authenticated on realtime.messages
  for select to authenticated
  using (
    extension = 'broadcast'
    and topic = (select realtime.topic())
    and (select auth.uid()) is not null
    and (
      topic in ('feed:casual', 'feed:cotilleo')
      or topic ~ '^chismes:(casual|cotilleo):[0-9]{1,12}$'
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

-- Security definer: the outbox is private; runs inside the like/comment transaction.
create or replace function private.mark_chisme_counts_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.realtime_changed_chismes (chisme_id) values (new.id) on conflict do nothing;
  return null;
end;
$$;
revoke all on function private.mark_chisme_counts_changed() from public, anon, authenticated, service_role;
comment on function private.mark_chisme_counts_changed() is 'Trigger: marks a chisme whose like or comment count changed, for the next realtime flush (no broadcast here).';

create or replace function private.mark_chisme_created()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.realtime_new_chismes (chisme_id, cotilleo, created_at) values (new.id, new.cotilleo, new.created_at)
  on conflict do nothing;
  return null;
end;
$$;
revoke all on function private.mark_chisme_created() from public, anon, authenticated, service_role;
comment on function private.mark_chisme_created() is 'Trigger: notes a new chisme for the next realtime flush (the new-chismes pill; no content is broadcast).';

-- The notifications_after_update_broadcast trigger (a collapse) only marks the row; the
-- flush sends it.
create or replace function private.broadcast_updated_notification()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.realtime_changed_notifications (notification_id) values (new.id) on conflict do nothing;
  return null;
end;
$$;
revoke all on function private.broadcast_updated_notification() from public, anon, authenticated, service_role;
comment on function private.broadcast_updated_notification() is 'Trigger: marks a collapsed notification for the next realtime flush, which sends its latest state to its owner''s private topic.';

create trigger notifications_after_update_broadcast
  after update on public.notifications
  for each row
  when (not new.is_read and (new.message is distinct from old.message or new.created_at is distinct from old.created_at))
  execute function private.broadcast_updated_notification();

create trigger chismes_after_insert_mark_realtime
  after insert on public.chismes
  for each row execute function private.mark_chisme_created();

create trigger chismes_after_update_mark_realtime_counts
  after update of likes, comments on public.chismes
  for each row when (new.hidden_at is null and (old.likes is distinct from new.likes or old.comments is distinct from new.comments))
  execute function private.mark_chisme_counts_changed();

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
      join public.chismes c on c.id = n.chisme_id and c.hidden_at is null
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
create or replace function private.broadcast_chisme_image()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.feed_chisme := private.to_feed_chisme(new, false, false);
begin
  perform realtime.send(
    jsonb_build_object('id', new.id, 'file_exist', v_row.file_exist, 'image_viewable', v_row.image_viewable),
    'chisme_image',
    private.chisme_topic(new.cotilleo, new.created_at),
    true
  );
  return null;
end;
$$;
revoke all on function private.broadcast_chisme_image() from public, anon, authenticated, service_role;
comment on function private.broadcast_chisme_image() is 'Trigger: broadcasts on the chisme''s group topic that its image was stored (or removed) and whether it is viewable now.';

create trigger chismes_after_update_broadcast_image
  after update of file_exist on public.chismes
  for each row when (new.hidden_at is null and old.file_exist is distinct from new.file_exist)
  execute function private.broadcast_chisme_image();

create or replace function private.broadcast_chisme_moderation()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.send(
    jsonb_build_object('id', new.id),
    case when new.hidden_at is null then 'chisme_restored' else 'chisme_hidden' end,
    private.chisme_topic(new.cotilleo, new.created_at),
    true
  );
  return null;
end;
$$;
revoke all on function private.broadcast_chisme_moderation() from public, anon, authenticated, service_role;
comment on function private.broadcast_chisme_moderation() is 'Trigger: tells the chisme''s group topic that moderation hid or restored it (id only).';

create trigger chismes_after_update_broadcast_moderation
  after update of hidden_at on public.chismes
  for each row when ((old.hidden_at is null) <> (new.hidden_at is null))
  execute function private.broadcast_chisme_moderation();
