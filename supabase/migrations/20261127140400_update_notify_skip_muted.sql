-- Muted threads produce no notification rows: private.notify also returns when the recipient
-- muted the thread (the chisme of data.chismeId) for the kinds a thread makes. Body otherwise
-- as in 20261127140200_update_notify_skip_blocked.sql.

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
  -- A person is never notified of what someone they blocked does (20261127140000).
  if v_sender_id is not null and exists (
    select 1 from private.blocks b where b.blocker_id = p_user_id and b.blocked_id = v_sender_id
  ) then
    return;
  end if;

  -- Nor of a thread they muted (20261127140300_create_thread_mutes.sql).
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

