-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

-- Notifications (spec §3, §4, §9): created only by the database (comment, reply and like
-- pipelines), read, marked read and deleted only by their owner. At most 100 per user and
-- 30 days of retention, enforced on every insert and hidden from reads beyond that, so the
-- rules hold even where pg_cron is missing. No other user's id ever goes into `data`.
create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  type text not null check (type in ('comment_on_chisme', 'reply_to_comment', 'like_on_chisme', 'moderation_decision')),
  message text not null check (char_length(message) between 1 and 500),
  data jsonb not null default '{}'::jsonb,
  unique_id text,
  is_read boolean not null default false,
  created_at timestamptz not null default now(),
  constraint notifications_user_id_unique_id_key unique (user_id, unique_id),
  group_key text,
  senders int not null default 1 check (senders >= 1)
);
alter table public.notifications enable row level security;
comment on table public.notifications is 'In-app notifications; only the database creates them, only the owner reads/marks/deletes them.';
comment on column public.notifications.group_key is 'What unread notifications of one kind collapse on (the chisme id).';
comment on column public.notifications.senders is 'How many distinct people this (collapsed) notification stands for.';
revoke all on table public.notifications from public, anon, authenticated, service_role;
grant all on table public.notifications to service_role;
grant select on table public.notifications to authenticated;

create index notifications_user_id_created_at_idx on public.notifications (user_id, created_at desc, id desc);

create policy notifications_select_authenticated on public.notifications
  for select to authenticated
  using (user_id = (select auth.uid()) and created_at > now() - interval '30 days');
comment on policy notifications_select_authenticated on public.notifications is 'The owner reads their notifications of the last 30 days (retention holds even without cron).';

create policy notifications_update_authenticated on public.notifications
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
comment on policy notifications_update_authenticated on public.notifications is 'The owner marks their notifications read (column grant: is_read only).';

create policy notifications_delete_authenticated on public.notifications
  for delete to authenticated
  using (user_id = (select auth.uid()));
comment on policy notifications_delete_authenticated on public.notifications is 'The owner deletes their notifications.';

-- The spec's API errors for notifications, as keys (the check constraints back them up).
create or replace function private.check_notification_rules()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if new.user_id is null then
    raise exception 'notification_user_required' using errcode = 'P0001';
  end if;
  if new.type is null then
    raise exception 'notification_type_required' using errcode = 'P0001';
  end if;
  if char_length(new.message) > 500 then
    raise exception 'notification_message_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 500)::text;
  end if;
  return new;
end;
$$;
revoke all on function private.check_notification_rules() from public, anon, authenticated, service_role;
comment on function private.check_notification_rules() is 'Trigger: user, type and message length (≤ 500) as error keys.';

create trigger notifications_before_insert_check_rules
  before insert on public.notifications
  for each row execute function private.check_notification_rules();

-- After insert or a collapse (private.apply_notification_write), in order:
--   insert:
--   1. marked for the next realtime flush, which sends it to the owner's private topic
--      (private.mark_notification_created, 80-realtime.sql);
--   2. the push, when the owner has a device and the row is unread (private.queue_push,
--      62-push.sql);
--   3. the cap and retention: the owner keeps the newest 100, none older than 30 days
--      (private.trim_notifications, below). The cap may delete an old row's push item with it
--      (the foreign key cascades), never the new row's.
--   collapse (an unread row's message or time changed):
--   1. marked for the next realtime flush, which sends its latest state
--      (private.mark_notification_changed, 80-realtime.sql);
--   2. the push again, unless one is already pending or sent (private.queue_push).
-- Security definer: the steps are private functions no API role may execute, whoever writes.
create or replace function private.apply_notification_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- each step's value is dropped: a call as an expression, not a PERFORM query (docs/database.md,
  -- "Write pipelines")
  v_step text;
begin
  if tg_op = 'INSERT' then
    v_step := private.mark_notification_created(new.id);
    v_step := private.queue_push(new);
    v_step := private.trim_notifications(new.user_id);
  else
    v_step := private.mark_notification_changed(new.id);
    v_step := private.queue_push(new);
  end if;
  return null;
end;
$$;
revoke all on function private.apply_notification_write() from public, anon, authenticated, service_role;
comment on function private.apply_notification_write() is 'Trigger: the effects of a new or collapsed notification in order (the realtime flush mark, the push, then the 100-row cap and the 30-day retention).';

create trigger notifications_after_insert_apply_effects
  after insert on public.notifications
  for each row execute function private.apply_notification_write();

-- Only a collapse (an unread row whose message or time changed) has effects; marking read
-- has none.
create trigger notifications_after_update_apply_effects
  after update on public.notifications
  for each row
  when (not new.is_read and (new.message is distinct from old.message or new.created_at is distinct from old.created_at))
  execute function private.apply_notification_write();

create or replace function private.trim_notifications(p_user_id uuid)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  delete from public.notifications n
  where n.user_id = p_user_id
    and (
      n.created_at <= now() - interval '30 days'
      or n.id in (
        select k.id from public.notifications k
        where k.user_id = p_user_id
        order by k.created_at desc, k.id desc
        offset 100
      )
    );
end;
$$;
revoke all on function private.trim_notifications(uuid) from public, anon, authenticated, service_role;
comment on function private.trim_notifications(uuid) is 'Write step: deletes the owner''s notifications beyond the newest 100 and older than 30 days.';

-- Daily retention for everyone, under the name the pg_cron job calls
-- (supabase/migrations/20261127200100_insert_reference_data.sql): the one purge
-- (private.delete_expired_rows, 12-rate-limits.sql).
create or replace function private.delete_expired_notifications()
returns int
language sql
security invoker
set search_path = ''
as $$
  select private.delete_expired_rows('public.notifications');
$$;
revoke all on function private.delete_expired_notifications() from public, anon, authenticated, service_role;
comment on function private.delete_expired_notifications() is 'Daily job: deletes every notification older than 30 days (private.delete_expired_rows).';

-- Notification floods can neither bury nor wipe a person's notifications.
--
-- With a row per comment, reply or like, the 100-row cap deleting the oldest, one account
-- sending 300 comments would wipe all of its victim's earlier notifications and fire 300 live
-- toasts. So:
-- 1. Collapse: unread notifications of one kind on one chisme are one row that counts the
--    distinct people behind it ("3 personas comentaron tu chisme"); a collapse updates the row
--    (no insert, so the cap deletes nothing) and is broadcast as `notification_updated`.
--    Read notifications are never touched: the next event starts a new unread row.
-- 2. Per-sender budget: one sender produces at most `notification` / hour (settings table,
--    default 5) notification events per recipient; past it the comment or like still happens
--    but notifies nobody. Counted in the one windowed counter (12-rate-limits.sql), one count
--    per sender and recipient (private.notification_budget_subject).
-- The 100-row cap and the 30-day retention hold for every row. Who the senders were is kept
-- only privately (to count distinct people); no sender id reaches the recipient.
create unique index notifications_unread_group_idx
  on public.notifications (user_id, type, group_key)
  where not is_read and group_key is not null;

create table private.notification_senders (
  notification_id uuid not null references public.notifications (id) on delete cascade,
  sender_id uuid not null references auth.users (id) on delete cascade,
  primary key (notification_id, sender_id)
);
revoke all on table private.notification_senders from public, anon, authenticated, service_role;
comment on table private.notification_senders is 'Distinct senders behind a collapsed notification (counted, never served). No API access.';

create index notification_senders_sender_id_idx on private.notification_senders (sender_id);

-- Whose budget a notification event spends: one sender's to one recipient, as one subject of
-- the windowed counter (a name-based id: neither person's id is stored in the counter).
create or replace function private.notification_budget_subject(p_sender_id uuid, p_recipient_id uuid)
returns uuid
language sql
immutable
security invoker
set search_path = ''
as $$
  select md5('notification:' || p_sender_id::text || ':' || p_recipient_id::text)::uuid;
$$;
revoke all on function private.notification_budget_subject(uuid,uuid) from public, anon, authenticated, service_role;
comment on function private.notification_budget_subject(uuid, uuid) is 'The counter subject of one sender''s notification budget towards one recipient.';

-- The message of a collapsed notification, by kind and number of people.
create or replace function private.collapsed_notification_message(p_type text, p_senders int, p_single_message text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select case
    when p_senders <= 1 then p_single_message
    when p_type = 'comment_on_chisme' then format('%s personas comentaron tu chisme', p_senders)
    when p_type = 'reply_to_comment' then format('%s personas respondieron a tus comentarios', p_senders)
    when p_type = 'like_on_chisme' then format('A %s personas les gustó tu chisme', p_senders)
    else p_single_message
  end;
$$;
revoke all on function private.collapsed_notification_message(text,integer,text) from public, anon, authenticated, service_role;
comment on function private.collapsed_notification_message(text, int, text) is 'The Spanish message of a notification standing for p_senders people.';

create or replace function private.keep_notification_read_state()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.is_read := coalesce(new.is_read, old.is_read);
  return new;
end;
$$;
revoke all on function private.keep_notification_read_state() from public, anon, authenticated, service_role;
comment on function private.keep_notification_read_state() is 'Trigger: marking a notification with a null read state keeps the state it had.';

create trigger notifications_before_update_keep_read_state
  before update of is_read on public.notifications
  for each row execute function private.keep_notification_read_state();

-- ---------------------------------------------------------------------------------------------
-- Notifications of decisions
-- ---------------------------------------------------------------------------------------------
-- ---------------------------------------------------------------------------------------------
-- Notifications: the caller's own, within the 30 days the read policy shows
-- ---------------------------------------------------------------------------------------------
create or replace function public.mark_notification_read(p_id text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
begin
  update public.notifications n set is_read = true
  where n.id = private.uuid_arg(p_id, 'notification_not_found')
    and n.user_id = v_user_id
    and n.created_at > now() - interval '30 days';
  return found;
end;
$$;
revoke all on function public.mark_notification_read(text) from public, anon, authenticated, service_role;
grant execute on function public.mark_notification_read(text) to authenticated;
grant execute on function public.mark_notification_read(text) to service_role;
comment on function public.mark_notification_read(text) is 'Marks one of the caller''s notifications read; false when there is no such notification. Security definer: clients hold no write privilege; the caller and the read window are explicit.';

create or replace function public.mark_all_notifications_read()
returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
  v_count int;
begin
  update public.notifications n set is_read = true
  where n.user_id = v_user_id and not n.is_read and n.created_at > now() - interval '30 days';
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
revoke all on function public.mark_all_notifications_read() from public, anon, authenticated, service_role;
grant execute on function public.mark_all_notifications_read() to authenticated;
grant execute on function public.mark_all_notifications_read() to service_role;
comment on function public.mark_all_notifications_read() is 'Marks every unread notification of the caller read; returns how many changed. Security definer: the caller and the read window are explicit.';

create or replace function public.delete_notification(p_id text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
begin
  delete from public.notifications n
  where n.id = private.uuid_arg(p_id, 'notification_not_found')
    and n.user_id = v_user_id
    and n.created_at > now() - interval '30 days';
  return found;
end;
$$;
revoke all on function public.delete_notification(text) from public, anon, authenticated, service_role;
grant execute on function public.delete_notification(text) to authenticated;
grant execute on function public.delete_notification(text) to service_role;
comment on function public.delete_notification(text) is 'Deletes one of the caller''s notifications; false when there is no such notification. Security definer: the caller and the read window are explicit.';

-- Muted threads produce no notification rows: private.notify also returns when the recipient
-- muted the thread (the chisme of data.chismeId) for the kinds a thread makes (65-thread-mutes.sql).
create or replace function private.notify(
  p_user_id uuid,
  p_type text,
  p_message text,
  p_data jsonb,
  p_unique_id text
)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_sender_id uuid := auth.uid();
  v_group_key text := p_data ->> 'chismeId';
  v_limit bigint;
  v_id uuid;
  v_senders int;
begin
  -- A person is never notified of what someone they blocked does (18-blocks.sql).
  if v_sender_id is not null and exists (
    select 1 from private.blocks b where b.blocker_id = p_user_id and b.blocked_id = v_sender_id
  ) then
    return;
  end if;

  -- Nor of a thread they muted (supabase/schemas/65-thread-mutes.sql).
  if p_type in ('comment_on_chisme', 'reply_to_comment', 'like_on_chisme') and v_group_key is not null and exists (
    select 1 from private.thread_mutes m where m.user_id = p_user_id and m.chisme_id = v_group_key::uuid
  ) then
    return;
  end if;

  if p_unique_id is not null and exists (
    select 1 from public.notifications n where n.user_id = p_user_id and n.unique_id = p_unique_id
  ) then
    return;
  end if;

  -- The sender's budget towards this recipient, an hour (past it: silently nothing).
  if v_sender_id is not null then
    select min(s.max_events) * coalesce((select o.factor from private.rate_limit_overrides o where o.user_id = v_sender_id), 1)
    into v_limit
    from private.rate_limit_settings s
    where s.action = 'notification';
    if private.count_in_window('notification', private.notification_budget_subject(v_sender_id, p_user_id),
         array[3600], array[v_limit], clock_timestamp()) is not null then
      return;
    end if;
  end if;

  -- One statement per event on the row, so a collapse is one update and one broadcast. Two
  -- first events racing: the loser's insert finds the unread row taken and collapses into it.
  loop
    select n.id into v_id
    from public.notifications n
    where n.user_id = p_user_id and n.type = p_type and n.group_key = v_group_key and not n.is_read
    for update;
    if found then
      if v_sender_id is not null then
        insert into private.notification_senders (notification_id, sender_id)
        values (v_id, v_sender_id)
        on conflict do nothing;
      end if;
      select greatest(count(*), 1) into v_senders from private.notification_senders s where s.notification_id = v_id;
      update public.notifications
      set data = p_data,
          created_at = now(),
          senders = v_senders,
          message = private.collapsed_notification_message(p_type, v_senders, p_message)
      where id = v_id;
      return;
    end if;

    insert into public.notifications (user_id, type, message, data, unique_id, group_key)
    values (p_user_id, p_type, p_message, p_data, p_unique_id, v_group_key)
    on conflict (user_id, type, group_key) where not is_read and group_key is not null do nothing
    returning id into v_id;
    if v_id is not null then
      -- The 100-cap may already have trimmed the new row (many notifications in one
      -- transaction share one now()); then there is nothing to count.
      if v_sender_id is not null then
        insert into private.notification_senders (notification_id, sender_id)
        select v_id, v_sender_id
        where exists (select 1 from public.notifications n where n.id = v_id);
      end if;
      return;
    end if;
  end loop;
end;
$$;
revoke all on function private.notify(uuid,text,text,jsonb,text) from public, anon, authenticated, service_role;
comment on function private.notify(uuid, text, text, jsonb, text) is 'Creates or collapses a notification, within the sender''s per-recipient budget (used by the database''s own write steps only).';
