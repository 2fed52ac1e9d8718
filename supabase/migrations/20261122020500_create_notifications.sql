-- Notifications (spec §3, §4, §9): created only by the database (comment, reply and like
-- triggers), read, marked read and deleted only by their owner. At most 100 per user and
-- 30 days of retention, enforced on every insert and hidden from reads beyond that, so the
-- rules hold even where pg_cron is missing. No other user's id ever goes into `data`.

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  type text not null check (type in ('comment_on_chisme', 'reply_to_comment', 'like_on_chisme')),
  message text not null check (char_length(message) between 1 and 500),
  data jsonb not null default '{}'::jsonb,
  unique_id text,
  is_read boolean not null default false,
  created_at timestamptz not null default now(),
  constraint notifications_user_id_unique_id_key unique (user_id, unique_id)
);
comment on table public.notifications is 'In-app notifications; only the database creates them, only the owner reads/marks/deletes them.';

create index notifications_user_id_created_at_idx on public.notifications (user_id, created_at desc, id desc);

alter table public.notifications enable row level security;

revoke all on table public.notifications from anon, authenticated;
grant select, delete on table public.notifications to authenticated;
grant update (is_read) on table public.notifications to authenticated;
grant all on table public.notifications to service_role;

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
comment on function private.check_notification_rules() is 'Trigger: user, type and message length (≤ 500) as error keys.';

create trigger notifications_before_insert_check_rules
  before insert on public.notifications
  for each row execute function private.check_notification_rules();

-- Cap and retention on insert: keep the newest 100 of the owner, none older than 30 days.
create or replace function private.trim_notifications()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  delete from public.notifications n
  where n.user_id = new.user_id
    and (
      n.created_at <= now() - interval '30 days'
      or n.id in (
        select k.id from public.notifications k
        where k.user_id = new.user_id
        order by k.created_at desc, k.id desc
        offset 100
      )
    );
  return null;
end;
$$;
comment on function private.trim_notifications() is 'Trigger: deletes the owner''s notifications beyond the newest 100 and older than 30 days.';

create trigger notifications_after_insert_trim
  after insert on public.notifications
  for each row execute function private.trim_notifications();

-- The one way notifications are created. Runs as its owner (called from security definer
-- triggers); `on conflict do nothing` makes a notification with a unique id happen once.
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
begin
  insert into public.notifications (user_id, type, message, data, unique_id)
  values (p_user_id, p_type, p_message, p_data, p_unique_id)
  on conflict (user_id, unique_id) do nothing;
end;
$$;
comment on function private.notify(uuid, text, text, jsonb, text) is 'Creates a notification (used by the database''s own triggers only).';

create or replace function public.mark_all_notifications_read()
returns int
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
  v_count int;
begin
  update public.notifications set is_read = true
  where user_id = v_user_id and not is_read;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
comment on function public.mark_all_notifications_read() is 'Marks every unread notification of the caller read; returns how many changed.';
revoke execute on function public.mark_all_notifications_read() from public, anon;
grant execute on function public.mark_all_notifications_read() to authenticated;

-- Daily retention for everyone (scheduled with pg_cron where it exists).
create or replace function private.delete_expired_notifications()
returns int
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_count int;
begin
  delete from public.notifications where created_at <= now() - interval '30 days';
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
comment on function private.delete_expired_notifications() is 'Deletes every notification older than 30 days; run daily by pg_cron.';
