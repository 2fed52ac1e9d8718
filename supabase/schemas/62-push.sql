-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

-- Web Push (docs/decisions/0028-web-push.md): notifications that reach a person whose app is
-- closed. Nothing here decides who is notified: a push is queued only when private.notify
-- created or collapsed a notification row (so blocks, mutes, the sender budget and hidden
-- content already applied), by one AFTER trigger on public.notifications. Then, per person:
-- the kinds they chose, at most one push per unread notification row (the device replaces an
-- older push of the same kind and chisme by its Topic and tag), at most `max_per_hour` pushes
-- in any hour and then one summary, nothing during their quiet hours and one summary when
-- they end. The push-send edge function claims ready deliveries (claim_push_deliveries),
-- encrypts and sends them, and reports back (finish_push_deliveries); it never runs inside
-- the write that caused them.

-- The push services a subscription may point at (rows in the reference-data migration): the
-- sender posts to the endpoint a browser gave, so an arbitrary URL would let anyone make it
-- call any host.
create table private.push_services (
  endpoint_pattern text primary key check (endpoint_pattern like '^http%'),
  note text not null default ''
);
revoke all on table private.push_services from public, anon, authenticated, service_role;
comment on table private.push_services is 'Anchored regular expressions a push endpoint must match (the browsers'' push services). No API access.';

-- One row per device. The session it was saved in is a foreign key: every way a session ends
-- (sign-out on this device or everywhere, a password change ending other sessions, a revoked
-- refresh token, the account deleted) removes the device's subscription with it.
create table private.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  endpoint text not null unique check (char_length(endpoint) between 1 and 1024),
  p256dh text not null check (char_length(p256dh) <= 100),
  auth text not null check (char_length(auth) <= 40),
  user_agent_family text not null check (char_length(user_agent_family) <= 60),
  created_at timestamptz not null default now(),
  last_success_at timestamptz
);
revoke all on table private.push_subscriptions from public, anon, authenticated, service_role;
comment on table private.push_subscriptions is 'Web Push subscriptions, one per device; read and removed by their owner through RPCs, read by the sender (service role) only. No API access.';

create index push_subscriptions_user_id_idx on private.push_subscriptions (user_id);
create index push_subscriptions_session_id_idx on private.push_subscriptions (session_id);

-- What a person wants pushed; no row = the defaults.
create table private.push_settings (
  user_id uuid primary key references auth.users (id) on delete cascade,
  comments boolean not null default true,
  replies boolean not null default true,
  likes boolean not null default false,
  quiet_hours boolean not null default true,
  quiet_start time not null default '23:00',
  quiet_end time not null default '08:00',
  time_zone text not null default 'UTC' check (char_length(time_zone) <= 64),
  show_text boolean not null default false,
  updated_at timestamptz not null default now()
);
revoke all on table private.push_settings from public, anon, authenticated, service_role;
comment on table private.push_settings is 'A person''s push settings (kinds, quiet hours in their time zone, text on the lock screen). No API access.';

-- The single limits row (reference data).
create table private.push_limits (
  id boolean primary key default true check (id),
  max_per_hour int not null default 6 check (max_per_hour between 1 and 100),
  max_devices int not null default 10 check (max_devices between 1 and 100),
  ttl_seconds int not null default 43200 check (ttl_seconds between 60 and 2419200),
  max_attempts int not null default 5 check (max_attempts between 1 and 20)
);
revoke all on table private.push_limits from public, anon, authenticated, service_role;
comment on table private.push_limits is 'Push budget per person and hour (then one summary), devices per person, TTL, send attempts. One row. No API access.';

-- One row per notification that may be pushed: pending until planned, then sent or
-- summarised, and kept (until the notification goes) so that a collapse into a notification
-- already pushed pushes nothing more until the person reads it.
create table private.push_items (
  notification_id uuid primary key references public.notifications (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null,
  chisme_id uuid,
  state text not null default 'pending' check (state in ('pending', 'sent', 'summarised', 'skipped')),
  queued_at timestamptz not null default now(),
  due_at timestamptz not null default now()
);
revoke all on table private.push_items from public, anon, authenticated, service_role;
comment on table private.push_items is 'Notifications to push (pending) or already pushed; due_at holds them through quiet hours. No API access.';

create index push_items_pending_idx on private.push_items (due_at, user_id) where state = 'pending';
create index push_items_user_id_idx on private.push_items (user_id);

-- Pushes sent per person (not per device), the last hour's: the budget.
create table private.push_sends (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  sent_at timestamptz not null default now(),
  summary boolean not null default false
);
revoke all on table private.push_sends from public, anon, authenticated, service_role;
comment on table private.push_sends is 'Pushes planned per person in the last hour (the per-person budget). No API access.';

create index push_sends_user_id_sent_at_idx on private.push_sends (user_id, sent_at);
create index push_sends_sent_at_idx on private.push_sends (sent_at);

-- One message for one device, claimed with a lease by the sender and retried with back-off.
create table private.push_deliveries (
  id bigint generated always as identity primary key,
  subscription_id uuid not null references private.push_subscriptions (id) on delete cascade,
  payload jsonb not null,
  topic text not null check (topic ~ '^[A-Za-z0-9_-]{1,32}$'),
  urgency text not null check (urgency in ('very-low', 'low', 'normal', 'high')),
  ttl int not null,
  attempts int not null default 0,
  not_before timestamptz not null default now(),
  lease_until timestamptz,
  created_at timestamptz not null default now()
);
revoke all on table private.push_deliveries from public, anon, authenticated, service_role;
comment on table private.push_deliveries is 'Encrypted-at-send push messages per device: claimed under a lease, deleted once answered. No API access.';

create index push_deliveries_not_before_idx on private.push_deliveries (not_before);
create index push_deliveries_subscription_id_idx on private.push_deliveries (subscription_id);

-- ---------------------------------------------------------------------------------------------
-- Helpers
-- ---------------------------------------------------------------------------------------------

-- The bytes of an unpadded base64url text, or null when it is not one.
create or replace function private.base64url_bytes(p_text text)
returns bytea
language plpgsql
immutable
security invoker
set search_path = ''
as $$
begin
  if p_text is null or p_text !~ '^[A-Za-z0-9_-]+={0,2}$' then
    return null;
  end if;
  return decode(rpad(translate(rtrim(p_text, '='), '-_', '+/'), ((char_length(rtrim(p_text, '=')) + 3) / 4) * 4, '='), 'base64');
exception when others then
  return null;
end;
$$;
revoke all on function private.base64url_bytes(text) from public, anon, authenticated, service_role;
comment on function private.base64url_bytes(text) is 'Decodes unpadded base64url (push subscription keys); null when malformed.';

-- "Chrome en Android": what the devices list shows, from the request's User-Agent header.
create or replace function private.user_agent_family(p_user_agent text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select concat_ws(' en ',
    case
      when p_user_agent ~ 'Edg(e|A|iOS)?/' then 'Edge'
      when p_user_agent ~ 'SamsungBrowser/' then 'Samsung Internet'
      when p_user_agent ~ '(OPR|Opera)/' then 'Opera'
      when p_user_agent ~ '(Firefox|FxiOS)/' then 'Firefox'
      when p_user_agent ~ '(Chrome|Chromium|CriOS)/' then 'Chrome'
      when p_user_agent ~ 'Safari/' then 'Safari'
      else 'Navegador'
    end,
    case
      when p_user_agent ~ 'Android' then 'Android'
      when p_user_agent ~ '(iPhone|iPod)' then 'iPhone'
      when p_user_agent ~ 'iPad' then 'iPad'
      when p_user_agent ~ 'Windows' then 'Windows'
      when p_user_agent ~ '(Macintosh|Mac OS X)' then 'Mac'
      when p_user_agent ~ 'CrOS' then 'ChromeOS'
      when p_user_agent ~ 'Linux' then 'Linux'
    end);
$$;
revoke all on function private.user_agent_family(text) from public, anon, authenticated, service_role;
comment on function private.user_agent_family(text) is 'Browser and system of a User-Agent header, in Spanish ("Chrome en Android"); never the header itself.';

-- Whether p_at falls in the quiet hours [start, end) of a time zone (they may wrap midnight).
create or replace function private.in_quiet_hours(p_settings private.push_settings, p_at timestamptz)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select p_settings.quiet_hours and p_settings.quiet_start <> p_settings.quiet_end and case
    when p_settings.quiet_start < p_settings.quiet_end
      then (p_at at time zone p_settings.time_zone)::time >= p_settings.quiet_start
       and (p_at at time zone p_settings.time_zone)::time < p_settings.quiet_end
    else (p_at at time zone p_settings.time_zone)::time >= p_settings.quiet_start
      or (p_at at time zone p_settings.time_zone)::time < p_settings.quiet_end
  end;
$$;
revoke all on function private.in_quiet_hours(private.push_settings, timestamptz) from public, anon, authenticated, service_role;
comment on function private.in_quiet_hours(private.push_settings, timestamptz) is 'True when the instant is inside the person''s quiet hours, read in their time zone.';

-- The instant the quiet hours holding p_at end.
create or replace function private.quiet_hours_end(p_settings private.push_settings, p_at timestamptz)
returns timestamptz
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_local timestamp := p_at at time zone p_settings.time_zone;
  v_end timestamp := v_local::date + p_settings.quiet_end;
begin
  if v_end <= v_local then
    v_end := v_end + interval '1 day';
  end if;
  return v_end at time zone p_settings.time_zone;
end;
$$;
revoke all on function private.quiet_hours_end(private.push_settings, timestamptz) from public, anon, authenticated, service_role;
comment on function private.quiet_hours_end(private.push_settings, timestamptz) is 'The next end of the person''s quiet hours after the instant.';

-- A person's settings, their row or the defaults.
create or replace function private.push_settings_of(p_user_id uuid)
returns private.push_settings
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(
    (select s from private.push_settings s where s.user_id = p_user_id),
    row(p_user_id, true, true, false, true, '23:00'::time, '08:00'::time, 'UTC', false, now())::private.push_settings);
$$;
revoke all on function private.push_settings_of(uuid) from public, anon, authenticated, service_role;
comment on function private.push_settings_of(uuid) is 'The person''s push settings, or the defaults when they saved none.';

-- The push's text without the notification's content (the lock-screen setting off).
create or replace function private.push_private_text(p_kind text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select case p_kind
    when 'comment_on_chisme' then 'Tienes un comentario nuevo en Chismes'
    when 'reply_to_comment' then 'Tienes una respuesta nueva en Chismes'
    when 'like_on_chisme' then 'Tienes un me gusta nuevo en Chismes'
    else 'Tienes una notificación nueva en Chismes'
  end;
$$;
revoke all on function private.push_private_text(text) from public, anon, authenticated, service_role;
comment on function private.push_private_text(text) is 'The push text naming only the kind, for lock screens that should show nothing else.';

create or replace function private.push_summary_text(p_count int)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select case when p_count = 1 then 'Tienes 1 notificación nueva' else format('Tienes %s notificaciones nuevas', p_count) end;
$$;
revoke all on function private.push_summary_text(int) from public, anon, authenticated, service_role;
comment on function private.push_summary_text(int) is 'The summary push''s text ("Tienes N notificaciones nuevas").';

-- ---------------------------------------------------------------------------------------------
-- Queueing: the one hook into notification creation
-- ---------------------------------------------------------------------------------------------

-- Security definer: writes the private queue from the notifying write's transaction. One
-- index probe for a person without devices; an insert (or a touch of a still pending item)
-- for one with devices; a collapse into a notification that was skipped (a kind switched off,
-- a thread muted then) queues it again. Nothing is sent here. Called by the notifications'
-- pipeline (private.apply_notification_write, 60-notifications.sql) on insert and collapse.
create or replace function private.queue_push(p_notification public.notifications)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_notification.is_read
    or p_notification.type not in ('comment_on_chisme', 'reply_to_comment', 'like_on_chisme')
    or p_notification.user_id = (select auth.uid())
    or not exists (select 1 from private.push_subscriptions s where s.user_id = p_notification.user_id) then
    return;
  end if;
  insert into private.push_items (notification_id, user_id, kind, chisme_id)
  values (p_notification.id, p_notification.user_id, p_notification.type,
          private.uuid_or_null(p_notification.data ->> 'chismeId'))
  on conflict (notification_id) do update set state = 'pending', queued_at = excluded.queued_at, due_at = excluded.due_at
  where private.push_items.state in ('pending', 'skipped');
end;
$$;
revoke all on function private.queue_push(public.notifications) from public, anon, authenticated, service_role;
comment on function private.queue_push(public.notifications) is 'Write step: queues a push for a created or collapsed unread notification of a person with a device (never one''s own action).';

create or replace function private.uuid_or_null(p_text text)
returns uuid
language plpgsql
immutable
security invoker
set search_path = ''
as $$
begin
  return p_text::uuid;
exception when data_exception then
  return null;
end;
$$;
revoke all on function private.uuid_or_null(text) from public, anon, authenticated, service_role;
comment on function private.uuid_or_null(text) is 'A uuid from text, or null when it is not one.';


-- ---------------------------------------------------------------------------------------------
-- Planning: pending items → deliveries, per person
-- ---------------------------------------------------------------------------------------------

-- One message to every device of a person.
create or replace function private.add_push_deliveries(p_user_id uuid, p_payload jsonb, p_topic text, p_urgency text)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  insert into private.push_deliveries (subscription_id, payload, topic, urgency, ttl)
  select s.id, p_payload, p_topic, p_urgency, (select l.ttl_seconds from private.push_limits l)
  from private.push_subscriptions s where s.user_id = p_user_id;
  insert into private.push_sends (user_id, summary) values (p_user_id, p_topic = 'summary');
$$;
revoke all on function private.add_push_deliveries(uuid, jsonb, text, text) from public, anon, authenticated, service_role;
comment on function private.add_push_deliveries(uuid, jsonb, text, text) is 'Adds one delivery per device of the person and counts one push against their budget.';

-- One person's due items: drops what no longer applies, then pushes within the budget or
-- summarises. Returns the pushes planned (not deliveries).
create or replace function private.plan_person_pushes(p_user_id uuid)
returns int
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_settings private.push_settings := private.push_settings_of(p_user_id);
  v_max int := (select l.max_per_hour from private.push_limits l);
  v_sent int;
  v_summary_sent boolean;
  v_held int;
  v_fresh int;
  v_planned int := 0;
  v_item record;
begin
  -- Quiet now: hold everything until the quiet hours end.
  if private.in_quiet_hours(v_settings, now()) then
    update private.push_items i set due_at = private.quiet_hours_end(v_settings, now())
    where i.user_id = p_user_id and i.state = 'pending';
    return 0;
  end if;

  -- What no longer applies: a kind switched off, a notification read, a chisme hidden, gone
  -- or muted since; nothing for a person without devices.
  update private.push_items i set state = 'skipped'
  where i.user_id = p_user_id and i.state = 'pending' and i.due_at <= now()
    and (
      not exists (select 1 from private.push_subscriptions s where s.user_id = p_user_id)
      or (i.kind = 'comment_on_chisme' and not v_settings.comments)
      or (i.kind = 'reply_to_comment' and not v_settings.replies)
      or (i.kind = 'like_on_chisme' and not v_settings.likes)
      or not exists (select 1 from public.notifications n where n.id = i.notification_id and not n.is_read)
      or not exists (select 1 from public.chismes c where c.id = i.chisme_id and c.hidden_at is null)
      or exists (select 1 from private.thread_mutes m where m.user_id = p_user_id and m.chisme_id = i.chisme_id)
    );

  select count(*) filter (where not s.summary), coalesce(bool_or(s.summary), false)
  into v_sent, v_summary_sent
  from private.push_sends s where s.user_id = p_user_id and s.sent_at > now() - interval '1 hour';

  select count(*) filter (where private.in_quiet_hours(v_settings, i.queued_at)), count(*)
  into v_held, v_fresh
  from private.push_items i where i.user_id = p_user_id and i.state = 'pending' and i.due_at <= now();

  -- Quiet hours just ended: one summary of everything waiting.
  if v_held > 0 then
    perform private.add_push_deliveries(p_user_id,
      jsonb_build_object('title', 'Chismes', 'body', private.push_summary_text(v_fresh), 'tag', 'summary', 'url', '/notifications/'),
      'summary', 'normal');
    update private.push_items i set state = 'summarised'
    where i.user_id = p_user_id and i.state = 'pending' and i.due_at <= now();
    return 1;
  end if;

  -- Within the budget: one push per notification, oldest first.
  for v_item in
    select i.notification_id, i.kind, i.chisme_id, n.message
    from private.push_items i join public.notifications n on n.id = i.notification_id
    where i.user_id = p_user_id and i.state = 'pending' and i.due_at <= now()
    order by i.queued_at, i.notification_id
    limit greatest(v_max - v_sent, 0)
  loop
    perform private.add_push_deliveries(p_user_id,
      jsonb_build_object(
        'title', 'Chismes',
        'body', case when v_settings.show_text then v_item.message else private.push_private_text(v_item.kind) end,
        'tag', v_item.kind || ':' || v_item.chisme_id,
        'url', '/chismes/' || v_item.chisme_id || '?notificacion=' || v_item.notification_id,
        'notificationId', v_item.notification_id),
      -- per person, kind and chisme, so the push service replaces an undelivered older one;
      -- hashed with the person's id so that two people's topics never match
      md5(p_user_id::text || ':' || v_item.kind || ':' || v_item.chisme_id::text),
      case when v_item.kind = 'like_on_chisme' then 'low' else 'normal' end);
    update private.push_items i set state = 'sent' where i.notification_id = v_item.notification_id;
    v_planned := v_planned + 1;
  end loop;

  -- Past the budget: one summary an hour of what is left; later ones wait in it.
  select count(*) into v_fresh
  from private.push_items i where i.user_id = p_user_id and i.state = 'pending' and i.due_at <= now();
  if v_fresh > 0 then
    if not v_summary_sent then
      perform private.add_push_deliveries(p_user_id,
        jsonb_build_object('title', 'Chismes', 'body', private.push_summary_text(v_fresh), 'tag', 'summary', 'url', '/notifications/'),
        'summary', 'normal');
      v_planned := v_planned + 1;
    end if;
    update private.push_items i set state = 'summarised'
    where i.user_id = p_user_id and i.state = 'pending' and i.due_at <= now();
  end if;
  return v_planned;
end;
$$;
revoke all on function private.plan_person_pushes(uuid) from public, anon, authenticated, service_role;
comment on function private.plan_person_pushes(uuid) is 'Turns one person''s due push items into deliveries: kinds, quiet hours, at most max_per_hour an hour then one summary.';

-- Everyone's due items. An advisory lock makes two callers take turns (the budget is counted
-- once); the loser only claims deliveries.
create or replace function private.plan_pushes(p_max_people int default 500)
returns int
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid;
  v_planned int := 0;
begin
  if not pg_try_advisory_xact_lock(hashtext('private.plan_pushes')) then
    return 0;
  end if;
  delete from private.push_sends s where s.sent_at <= now() - interval '1 hour';
  for v_user_id in
    select distinct i.user_id from private.push_items i
    where i.state = 'pending' and i.due_at <= now()
    limit p_max_people
  loop
    v_planned := v_planned + private.plan_person_pushes(v_user_id);
  end loop;
  return v_planned;
end;
$$;
revoke all on function private.plan_pushes(int) from public, anon, authenticated, service_role;
comment on function private.plan_pushes(int) is 'Plans the due pushes of up to p_max_people people; one caller at a time.';

-- For the schedule (pg_cron on hosted, the stack's daemon here): whether calling the sender
-- would find work, so an idle project invokes no function.
create or replace function private.push_work_pending()
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select exists (select 1 from private.push_items i where i.state = 'pending' and i.due_at <= now())
    or exists (select 1 from private.push_deliveries d
               where d.not_before <= now() and (d.lease_until is null or d.lease_until <= now()));
$$;
revoke all on function private.push_work_pending() from public, anon, authenticated, service_role;
comment on function private.push_work_pending() is 'True when a push is due or a delivery is ready: the schedule calls push-send only then.';

-- ---------------------------------------------------------------------------------------------
-- The sender's RPCs (service role only)
-- ---------------------------------------------------------------------------------------------

-- Security definer: plans, then leases up to p_limit ready deliveries with what sending needs
-- (endpoint and keys). A lease of 60 s: a sender that dies mid-way leaves them to the next
-- call; `skip locked` lets two callers take different rows.
create or replace function public.claim_push_deliveries(p_limit int default 100)
returns table (id bigint, endpoint text, p256dh text, auth text, payload jsonb, topic text, urgency text, ttl int, attempts int)
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.plan_pushes();
  return query
  with ready as (
    select d.id from private.push_deliveries d
    where d.not_before <= now() and (d.lease_until is null or d.lease_until <= now())
    order by d.not_before, d.id
    limit least(greatest(coalesce(p_limit, 100), 1), 500)
    for update skip locked
  )
  update private.push_deliveries d
  set lease_until = now() + interval '60 seconds', attempts = d.attempts + 1
  from ready r, private.push_subscriptions s
  where d.id = r.id and s.id = d.subscription_id
  returning d.id, s.endpoint, s.p256dh, s.auth, d.payload, d.topic, d.urgency, d.ttl, d.attempts;
end;
$$;
revoke all on function public.claim_push_deliveries(int) from public, anon, authenticated, service_role;
grant execute on function public.claim_push_deliveries(int) to service_role;
comment on function public.claim_push_deliveries(int) is 'Service role only (push-send): plans due pushes and leases up to p_limit ready deliveries with their endpoint and keys.';

-- Security definer: what the push services answered. p_results: [{ id, outcome, retry_after }]
-- with outcome `sent` (2xx), `gone` (404/410: the subscription is dead and removed), `retry`
-- (429, 5xx, network: again after Retry-After or an exponential back-off, at most
-- max_attempts) or `failed` (another 4xx: dropped).
create or replace function public.finish_push_deliveries(p_results jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_max_attempts int := (select l.max_attempts from private.push_limits l);
  v_sent bigint[];
  v_gone bigint[];
  v_failed bigint[];
  v_retry bigint[];
  v_retry_after int[];
  v_counts jsonb;
begin
  if jsonb_typeof(p_results) is distinct from 'array' then
    raise exception 'push_results_invalid' using errcode = 'P0001';
  end if;
  select coalesce(array_agg(r.id) filter (where r.outcome = 'sent'), '{}'),
         coalesce(array_agg(r.id) filter (where r.outcome = 'gone'), '{}'),
         coalesce(array_agg(r.id) filter (where r.outcome = 'failed'), '{}'),
         coalesce(array_agg(r.id order by r.id) filter (where r.outcome = 'retry'), '{}'),
         coalesce(array_agg(r.retry_after order by r.id) filter (where r.outcome = 'retry'), '{}')
  into v_sent, v_gone, v_failed, v_retry, v_retry_after
  from (
    select distinct on ((e ->> 'id')::bigint) (e ->> 'id')::bigint as id, e ->> 'outcome' as outcome,
      least(coalesce((e ->> 'retry_after')::int, 0), 86400) as retry_after
    from jsonb_array_elements(p_results) e
    where e ->> 'id' ~ '^[0-9]{1,18}$' and e ->> 'outcome' in ('sent', 'gone', 'retry', 'failed')
      and coalesce(e ->> 'retry_after', '0') ~ '^[0-9]{1,9}$'
  ) r;

  update private.push_subscriptions s set last_success_at = now()
  from private.push_deliveries d where d.id = any (v_sent) and s.id = d.subscription_id;
  delete from private.push_deliveries d where d.id = any (v_sent);

  delete from private.push_subscriptions s
  using private.push_deliveries d where d.id = any (v_gone) and s.id = d.subscription_id;

  delete from private.push_deliveries d
  where d.id = any (v_failed) or (d.id = any (v_retry) and d.attempts >= v_max_attempts);

  update private.push_deliveries d
  set lease_until = null,
      not_before = now() + greatest(make_interval(secs => r.retry_after),
                                    least(interval '10 seconds' * power(2, d.attempts - 1), interval '1 hour'))
  from unnest(v_retry, v_retry_after) as r (id, retry_after)
  where d.id = r.id;

  v_counts := jsonb_build_object('sent', cardinality(v_sent), 'gone', cardinality(v_gone),
    'retry', cardinality(v_retry), 'failed', cardinality(v_failed));
  return v_counts;
end;
$$;
revoke all on function public.finish_push_deliveries(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.finish_push_deliveries(jsonb) to service_role;
comment on function public.finish_push_deliveries(jsonb) is 'Service role only (push-send): records the push services'' answers; removes dead subscriptions (404/410), schedules retries with back-off.';

-- ---------------------------------------------------------------------------------------------
-- The person's RPCs
-- ---------------------------------------------------------------------------------------------

-- The session of the caller's token (every token GoTrue issues carries one).
create or replace function private.require_session()
returns uuid
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_session_id uuid := private.uuid_or_null((select auth.jwt()) ->> 'session_id');
begin
  perform private.require_user();
  if v_session_id is null or not exists (select 1 from auth.sessions s where s.id = v_session_id) then
    raise exception 'not_authenticated' using errcode = 'P0001';
  end if;
  return v_session_id;
end;
$$;
revoke all on function private.require_session() from public, anon, authenticated, service_role;
comment on function private.require_session() is 'The caller''s live auth session id, or not_authenticated.';

-- Security definer: writes private.push_subscriptions for the caller's own session. An
-- endpoint already saved (this browser, maybe by another account before) becomes the
-- caller's: whoever holds the browser's keys is that device. Past max_devices the device
-- least recently reached is dropped.
create or replace function public.save_push_subscription(p_endpoint text, p_p256dh text, p_auth text, p_time_zone text default null)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
  v_session_id uuid := private.require_session();
  v_p256dh bytea := private.base64url_bytes(p_p256dh);
  v_auth bytea := private.base64url_bytes(p_auth);
  v_family text := private.user_agent_family(coalesce(nullif(current_setting('request.headers', true), '')::jsonb ->> 'user-agent', ''));
  v_max_devices int := (select l.max_devices from private.push_limits l);
  v_id uuid;
begin
  if p_endpoint is null or char_length(p_endpoint) > 1024 or p_endpoint ~ '\s'
    or not exists (select 1 from private.push_services p where p_endpoint ~ p.endpoint_pattern)
    or v_p256dh is null or length(v_p256dh) <> 65 or get_byte(v_p256dh, 0) <> 4
    or v_auth is null or length(v_auth) <> 16 then
    raise exception 'push_subscription_invalid' using errcode = 'P0001';
  end if;
  -- An unknown time zone (an older tz database than the browser's) keeps the one saved.
  if p_time_zone is not null and char_length(p_time_zone) <= 64
    and exists (select 1 from pg_catalog.pg_timezone_names z where z.name = p_time_zone) then
    perform public.update_push_settings(p_time_zone => p_time_zone);
  end if;

  insert into private.push_subscriptions as s (user_id, session_id, endpoint, p256dh, auth, user_agent_family)
  values (v_user_id, v_session_id, p_endpoint, p_p256dh, p_auth, v_family)
  on conflict (endpoint) do update
  set user_id = excluded.user_id, session_id = excluded.session_id, p256dh = excluded.p256dh, auth = excluded.auth,
      user_agent_family = excluded.user_agent_family,
      created_at = case when s.user_id = excluded.user_id then s.created_at else now() end,
      last_success_at = case when s.user_id = excluded.user_id then s.last_success_at end
  returning s.id into v_id;

  delete from private.push_subscriptions s
  where s.user_id = v_user_id and s.id in (
    select k.id from private.push_subscriptions k where k.user_id = v_user_id
    order by k.id = v_id desc, coalesce(k.last_success_at, k.created_at) desc, k.id offset v_max_devices);
  return v_id;
end;
$$;
revoke all on function public.save_push_subscription(text, text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.save_push_subscription(text, text, text, text) to service_role;
grant execute on function public.save_push_subscription(text, text, text, text) to authenticated;
comment on function public.save_push_subscription(text, text, text, text) is 'Saves this device''s push subscription for the caller''s session (and their time zone); returns its id. Key: push_subscription_invalid (not a known push service, malformed keys).';

-- Security definer: the caller's own rows only.
create or replace function public.delete_push_subscription(p_endpoint text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
begin
  delete from private.push_subscriptions s where s.user_id = v_user_id and s.endpoint = p_endpoint;
  return found;
end;
$$;
revoke all on function public.delete_push_subscription(text) from public, anon, authenticated, service_role;
grant execute on function public.delete_push_subscription(text) to service_role;
grant execute on function public.delete_push_subscription(text) to authenticated;
comment on function public.delete_push_subscription(text) is 'Removes the caller''s subscription with this endpoint (this device switched off); false when there is none.';

create or replace function public.delete_push_device(p_id text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
begin
  delete from private.push_subscriptions s where s.user_id = v_user_id and s.id = private.uuid_or_null(p_id);
  return found;
end;
$$;
revoke all on function public.delete_push_device(text) from public, anon, authenticated, service_role;
grant execute on function public.delete_push_device(text) to service_role;
grant execute on function public.delete_push_device(text) to authenticated;
comment on function public.delete_push_device(text) is 'Removes one of the caller''s devices from the list; false when it is not theirs or gone.';

-- Security definer: reads the caller's own devices; never an endpoint or a key.
create or replace function public.get_my_push_devices()
returns table (id uuid, user_agent_family text, created_at timestamptz, last_success_at timestamptz, this_device boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
  v_session_id uuid := private.uuid_or_null((select auth.jwt()) ->> 'session_id');
begin
  return query
  select s.id, s.user_agent_family, s.created_at, s.last_success_at, s.session_id = v_session_id
  from private.push_subscriptions s where s.user_id = v_user_id
  order by s.created_at desc, s.id;
end;
$$;
revoke all on function public.get_my_push_devices() from public, anon, authenticated, service_role;
grant execute on function public.get_my_push_devices() to service_role;
grant execute on function public.get_my_push_devices() to authenticated;
comment on function public.get_my_push_devices() is 'The caller''s devices that receive pushes (browser and system, since when, last delivery; which one is this session''s).';

create or replace function private.push_settings_json(p_settings private.push_settings)
returns jsonb
language sql
immutable
security invoker
set search_path = ''
as $$
  select jsonb_build_object('comments', p_settings.comments, 'replies', p_settings.replies, 'likes', p_settings.likes,
    'quiet_hours', p_settings.quiet_hours, 'quiet_start', to_char(p_settings.quiet_start, 'HH24:MI'),
    'quiet_end', to_char(p_settings.quiet_end, 'HH24:MI'), 'time_zone', p_settings.time_zone, 'show_text', p_settings.show_text);
$$;
revoke all on function private.push_settings_json(private.push_settings) from public, anon, authenticated, service_role;
comment on function private.push_settings_json(private.push_settings) is 'The settings as the API answers them.';

create or replace function public.get_push_settings()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return private.push_settings_json(private.push_settings_of(private.require_user()));
end;
$$;
revoke all on function public.get_push_settings() from public, anon, authenticated, service_role;
grant execute on function public.get_push_settings() to service_role;
grant execute on function public.get_push_settings() to authenticated;
comment on function public.get_push_settings() is 'The caller''s push settings (the defaults until they change one).';

-- Security definer: writes the caller's settings row. Null keeps a value. Key:
-- push_settings_invalid (a flag that is not a boolean, a time that is not HH:MM, an unknown
-- time zone).
create or replace function public.update_push_settings(
  p_comments text default null, p_replies text default null, p_likes text default null,
  p_quiet_hours text default null, p_quiet_start text default null, p_quiet_end text default null,
  p_time_zone text default null, p_show_text text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
  v_now private.push_settings := private.push_settings_of(v_user_id);
  v_time_pattern constant text := '^([01][0-9]|2[0-3]):[0-5][0-9]$';
begin
  if (p_quiet_start is not null and p_quiet_start !~ v_time_pattern) or (p_quiet_end is not null and p_quiet_end !~ v_time_pattern)
    or (p_time_zone is not null and (char_length(p_time_zone) > 64
        or not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = p_time_zone))) then
    raise exception 'push_settings_invalid' using errcode = 'P0001';
  end if;
  v_now.comments := coalesce(private.boolean_arg(p_comments, 'push_settings_invalid'), v_now.comments);
  v_now.replies := coalesce(private.boolean_arg(p_replies, 'push_settings_invalid'), v_now.replies);
  v_now.likes := coalesce(private.boolean_arg(p_likes, 'push_settings_invalid'), v_now.likes);
  v_now.quiet_hours := coalesce(private.boolean_arg(p_quiet_hours, 'push_settings_invalid'), v_now.quiet_hours);
  v_now.show_text := coalesce(private.boolean_arg(p_show_text, 'push_settings_invalid'), v_now.show_text);
  v_now.quiet_start := coalesce(p_quiet_start::time, v_now.quiet_start);
  v_now.quiet_end := coalesce(p_quiet_end::time, v_now.quiet_end);
  v_now.time_zone := coalesce(p_time_zone, v_now.time_zone);
  v_now.updated_at := now();
  insert into private.push_settings values (v_now.*)
  on conflict (user_id) do update
  set comments = excluded.comments, replies = excluded.replies, likes = excluded.likes, quiet_hours = excluded.quiet_hours,
      quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, time_zone = excluded.time_zone,
      show_text = excluded.show_text, updated_at = excluded.updated_at;
  return private.push_settings_json(v_now);
end;
$$;
revoke all on function public.update_push_settings(text, text, text, text, text, text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.update_push_settings(text, text, text, text, text, text, text, text) to service_role;
grant execute on function public.update_push_settings(text, text, text, text, text, text, text, text) to authenticated;
comment on function public.update_push_settings(text, text, text, text, text, text, text, text) is 'Changes the caller''s push settings (null keeps a value); returns them all. Key: push_settings_invalid.';
