-- Realtime, Broadcast from Database (ARCHITECTURE "Realtime", docs/api.md): triggers send
-- payloads built here, with no user id of anyone but the recipient, to private topics;
-- RLS on realtime.messages lets signed-in users join the feed topics and only the owner join
-- their notification topic. Nobody may send on these topics from a client.

-- Security definer: realtime.send inserts into realtime.messages, which clients cannot write.
create or replace function private.broadcast_new_chisme()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.send(
    to_jsonb(private.to_feed_chisme(new, false, false)),
    'chisme_created',
    case when new.cotilleo then 'feed:cotilleo' else 'feed:casual' end,
    true
  );
  return null;
end;
$$;
comment on function private.broadcast_new_chisme() is 'Trigger: broadcasts a new chisme (no author) to its mode''s feed topic.';

create trigger chismes_after_insert_broadcast
  after insert on public.chismes
  for each row execute function private.broadcast_new_chisme();

create or replace function private.broadcast_chisme_counts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.send(
    jsonb_build_object('id', new.id, 'likes', new.likes, 'comments', new.comments),
    'chisme_counts',
    case when new.cotilleo then 'feed:cotilleo' else 'feed:casual' end,
    true
  );
  return null;
end;
$$;
comment on function private.broadcast_chisme_counts() is 'Trigger: broadcasts a chisme''s like and comment counts when they change.';

create trigger chismes_after_update_broadcast_counts
  after update of likes, comments on public.chismes
  for each row when (old.likes is distinct from new.likes or old.comments is distinct from new.comments)
  execute function private.broadcast_chisme_counts();

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
comment on function private.broadcast_new_notification() is 'Trigger: broadcasts a new notification to its owner''s private topic.';

create trigger notifications_after_insert_broadcast
  after insert on public.notifications
  for each row execute function private.broadcast_new_notification();

create policy messages_select_authenticated on realtime.messages
  for select to authenticated
  using (
    extension = 'broadcast'
    and topic = (select realtime.topic())
    and (
      topic in ('feed:casual', 'feed:cotilleo')
      or topic = 'notifications:' || (select auth.uid())::text
    )
  );
comment on policy messages_select_authenticated on realtime.messages is 'Signed-in users receive the feed topics; only the owner receives notifications:<user id>.';
