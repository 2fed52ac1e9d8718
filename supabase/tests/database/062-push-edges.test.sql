-- Web Push at its edges (62-push.sql): quiet hours are read in the person's time zone, start
-- included and end excluded; one claim leases at most 500 deliveries whatever it asks; a
-- delivery that failed its last allowed attempt (attempts = max_attempts) is dropped, not
-- retried. Instants, limits and counts are literals.
begin;
select plan(8);

-- 09:00–17:00 in Tokyo (UTC+9, no summer time)
create function pg_temp.quiet(p_at timestamptz) returns boolean language sql as $$
  select private.in_quiet_hours(
    row(null, true, true, false, true, '09:00', '17:00', 'Asia/Tokyo', false, now())::private.push_settings, p_at);
$$;
select is(pg_temp.quiet('2026-11-27 00:00:00+00'), true, 'quiet hours: 09:00 in Tokyo (00:00 UTC), the start, is inside');
select is(pg_temp.quiet('2026-11-27 01:00:00+00'), true, 'quiet hours: 10:00 in Tokyo (01:00 UTC) is inside, read in the person''s zone');
select is(pg_temp.quiet('2026-11-27 08:00:00+00'), false, 'quiet hours: 17:00 in Tokyo (08:00 UTC), the end, is outside');
select is(pg_temp.quiet('2026-11-27 07:59:59+00'), true, 'quiet hours: 16:59:59 in Tokyo is inside');

-- 501 ready deliveries on one device
select tests.create_supabase_users('push_edge');
insert into auth.sessions (id, user_id, created_at, updated_at)
values ('00000000-0000-4000-8000-000000000001', tests.get_supabase_uid('push_edge'), now(), now());
insert into private.push_subscriptions (id, user_id, session_id, endpoint, p256dh, auth, user_agent_family)
values ('00000000-0000-4000-8000-000000000002', tests.get_supabase_uid('push_edge'), '00000000-0000-4000-8000-000000000001',
  'https://push.test/edge', 'p256dh', 'auth', 'Firefox');
insert into private.push_deliveries (subscription_id, payload, topic, urgency, ttl, not_before)
select '00000000-0000-4000-8000-000000000002', '{}', 'edge', 'normal', 60, now() - interval '1 minute' from generate_series(1, 501);

select is((select count(*)::int from public.claim_push_deliveries(1000)), 500, 'claim: at most 500 leased at once, though 1000 asked');
select is((select count(*)::int from private.push_deliveries where lease_until is null), 1, 'claim: the 501st waits for the next claim');

-- a delivery on its last attempt (max_attempts) answered "retry" is dropped; one before it is kept
update private.push_deliveries set attempts = (select max_attempts from private.push_limits)
where id = (select min(id) from private.push_deliveries);
update private.push_deliveries set attempts = (select max_attempts from private.push_limits) - 1
where id = (select min(id) + 1 from private.push_deliveries);
select is(
  public.finish_push_deliveries(jsonb_build_array(
    jsonb_build_object('id', (select min(id) from private.push_deliveries), 'outcome', 'retry'),
    jsonb_build_object('id', (select min(id) + 1 from private.push_deliveries), 'outcome', 'retry'))) ->> 'retry',
  '2', 'finish: two retries answered'
);
select is((select count(*)::int from private.push_deliveries), 500, 'finish: the one past its last attempt is dropped, the other kept');

select * from finish();
rollback;
