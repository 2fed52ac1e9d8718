-- Notification floods can neither bury nor wipe a person's notifications.
--
-- Before: every comment, reply or like inserted a row, and the 100-row cap deleted the oldest,
-- so one account sending 300 comments wiped all of its victim's earlier notifications and
-- fired 300 live toasts. Now:
-- 1. Collapse: unread notifications of one kind on one chisme are one row that counts the
--    distinct people behind it ("3 personas comentaron tu chisme"); a collapse updates the row
--    (no insert, so the cap deletes nothing) and is broadcast as `notification_updated`.
--    Read notifications are never touched: the next event starts a new unread row.
-- 2. Per-sender budget: one sender produces at most `notification` / hour (settings table,
--    default 5) notification events per recipient; past it the comment or like still happens
--    but notifies nobody.
-- The 100-row cap and the 30-day retention stay as they were. Who the senders were is kept
-- only privately (to count distinct people); no sender id reaches the recipient.

alter table public.notifications
  add column group_key text,
  add column senders int not null default 1 check (senders >= 1);
comment on column public.notifications.group_key is 'What unread notifications of one kind collapse on (the chisme id).';
comment on column public.notifications.senders is 'How many distinct people this (collapsed) notification stands for.';

create unique index notifications_unread_group_idx
  on public.notifications (user_id, type, group_key)
  where not is_read and group_key is not null;

create table private.notification_senders (
  notification_id uuid not null references public.notifications (id) on delete cascade,
  sender_id uuid not null references auth.users (id) on delete cascade,
  primary key (notification_id, sender_id)
);
comment on table private.notification_senders is 'Distinct senders behind a collapsed notification (counted, never served). No API access.';
create index notification_senders_sender_id_idx on private.notification_senders (sender_id);

create table private.notification_budgets (
  sender_id uuid not null references auth.users (id) on delete cascade,
  recipient_id uuid not null references auth.users (id) on delete cascade,
  window_start timestamptz not null,
  events int not null default 0,
  primary key (sender_id, recipient_id, window_start)
);
comment on table private.notification_budgets is 'Notification events per sender, recipient and hour. No API access.';
create index notification_budgets_recipient_id_idx on private.notification_budgets (recipient_id);

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
comment on function private.collapsed_notification_message(text, int, text) is 'The Spanish message of a notification standing for p_senders people.';

-- The one way notifications are created. Runs as its owner (called from security definer
-- triggers). The sender is the caller of the write that notifies (auth.uid()).
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
  v_limit int;
  v_events int;
  v_id uuid;
  v_senders int;
begin
  if p_unique_id is not null and exists (
    select 1 from public.notifications n where n.user_id = p_user_id and n.unique_id = p_unique_id
  ) then
    return;
  end if;

  if v_sender_id is not null then
    select min(s.max_events) * coalesce((select o.factor from private.rate_limit_overrides o where o.user_id = v_sender_id), 1)
    into v_limit
    from private.rate_limit_settings s
    where s.action = 'notification';
    insert into private.notification_budgets as b (sender_id, recipient_id, window_start, events)
    values (v_sender_id, p_user_id, date_trunc('hour', clock_timestamp()), 1)
    on conflict (sender_id, recipient_id, window_start) do update set events = b.events + 1
    returning b.events into v_events;
    if v_limit is not null and v_events > v_limit then
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
comment on function private.notify(uuid, text, text, jsonb, text) is 'Creates or collapses a notification, within the sender''s per-recipient budget (used by the database''s own triggers only).';

-- A collapse is broadcast like a new notification, as `notification_updated` (one update per
-- event, so one broadcast); marking read or anything else the owner does is not.
create or replace function private.broadcast_updated_notification()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.send(to_jsonb(new), 'notification_updated', 'notifications:' || new.user_id::text, true);
  return null;
end;
$$;
comment on function private.broadcast_updated_notification() is 'Trigger: broadcasts a collapsed notification''s new state to its owner''s private topic.';

create trigger notifications_after_update_broadcast
  after update on public.notifications
  for each row
  when (not new.is_read and (new.message is distinct from old.message or new.created_at is distinct from old.created_at))
  execute function private.broadcast_updated_notification();

-- Daily purge of ended budget windows, with the rate-limit counters' job.
create or replace function private.delete_expired_notification_budgets()
returns int
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_count int;
begin
  delete from private.notification_budgets b where b.window_start < now() - interval '1 hour';
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
comment on function private.delete_expired_notification_budgets() is 'Deletes ended notification budget windows; run daily by pg_cron.';

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('delete-expired-notification-budgets', '27 4 * * *',
      'select private.delete_expired_notification_budgets()');
  end if;
end;
$$;

-- Revoke-by-default for this migration's private functions (see 20261122021700).
revoke execute on function private.collapsed_notification_message(text, int, text) from public, anon, authenticated, service_role;
revoke execute on function private.broadcast_updated_notification() from public, anon, authenticated, service_role;
revoke execute on function private.delete_expired_notification_budgets() from public, anon, authenticated, service_role;
