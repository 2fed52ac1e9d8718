-- Push subscriptions and their sender (62-push.sql, docs/decisions/0028-web-push.md): one row
-- per device, saved for a live session and only for a known push service; read and removed
-- by their owner only (no table is reachable by any API role); gone when the session ends
-- (sign-out on the device or everywhere) or the account is deleted; exported without
-- endpoint or keys. The sender's RPCs are the service role's only: a lease makes a second
-- claim find nothing, 404/410 removes the subscription, 429/5xx retries later, then drops.
begin;
select plan(36);

select tests.lift_rate_limits();
select tests.create_supabase_users('owner', 'intruder', 'leaver');
insert into private.push_services (endpoint_pattern) values ('^https://push\.test/');

create function pg_temp.sign_in(p_who text) returns uuid language plpgsql as $$
declare
  v_session uuid := gen_random_uuid();
begin
  perform tests.reset_role();
  insert into auth.sessions (id, user_id, created_at, updated_at) values (v_session, tests.get_supabase_uid(p_who), now(), now());
  perform set_config('test.session_' || p_who, v_session::text, true);
  perform tests.set_request_role('authenticated', jsonb_build_object('sub', tests.get_supabase_uid(p_who), 'role', 'authenticated',
    'aud', 'authenticated', 'session_id', v_session)::text);
  perform set_config('request.headers', '{"user-agent":"Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36"}', true);
  return v_session;
end;
$$;
create function pg_temp.p256dh() returns text language sql as $$
  select rtrim(translate(replace(encode('\x04'::bytea || extensions.gen_random_bytes(64), 'base64'), E'\n', ''), '+/', '-_'), '=')
$$;
create function pg_temp.auth_secret() returns text language sql as $$
  select rtrim(translate(encode(extensions.gen_random_bytes(16), 'base64'), '+/', '-_'), '=')
$$;
do $$
declare
  v_function regprocedure;
begin
  for v_function in select p.oid::regprocedure from pg_proc p where p.pronamespace = pg_my_temp_schema() loop
    execute format('grant execute on function %s to public', v_function);
  end loop;
end;
$$;

-- saving: a live session, a known push service, well-formed keys
select pg_temp.sign_in('owner');
select throws_ok($$ select public.save_push_subscription('https://evil.example/x', pg_temp.p256dh(), pg_temp.auth_secret()) $$,
  'P0001', 'push_subscription_invalid', 'an endpoint that is no known push service is refused (the sender posts nowhere else)');
select throws_ok($$ select public.save_push_subscription('http://127.0.0.1:54322/', pg_temp.p256dh(), pg_temp.auth_secret()) $$,
  'P0001', 'push_subscription_invalid', 'nor an address on the server''s own network');
select throws_ok($$ select public.save_push_subscription('https://push.test/a', 'AAAA', pg_temp.auth_secret()) $$,
  'P0001', 'push_subscription_invalid', 'a p256dh key that is not a P-256 point is refused');
select throws_ok($$ select public.save_push_subscription('https://push.test/a', pg_temp.p256dh(), 'not base64url!') $$,
  'P0001', 'push_subscription_invalid', 'a malformed auth secret is refused');
select lives_ok($$ select set_config('test.d1', public.save_push_subscription('https://push.test/owner-1', pg_temp.p256dh(), pg_temp.auth_secret(), 'Europe/Madrid')::text, true) $$,
  'a well-formed subscription is saved');
select is((select array_agg(user_agent_family || '/' || this_device) from public.get_my_push_devices()), array['Chrome en Android/true'],
  'the owner sees their device: browser and system from the User-Agent, marked as this one');
select is(public.get_push_settings() ->> 'time_zone', 'Europe/Madrid', 'the browser''s time zone is kept with the settings');
select tests.set_request_role('authenticated', jsonb_build_object('sub', tests.get_supabase_uid('owner'), 'role', 'authenticated')::text);
select throws_ok($$ select public.save_push_subscription('https://push.test/owner-2', pg_temp.p256dh(), pg_temp.auth_secret()) $$,
  'P0001', 'not_authenticated', 'a token without a live session saves nothing');

-- nobody else reaches it
select pg_temp.sign_in('intruder');
select is_empty($$ select * from public.get_my_push_devices() $$, 'another person sees no device of the owner''s');
select is(public.delete_push_device(current_setting('test.d1')), false, 'another person cannot remove it by id');
select is(public.delete_push_subscription('https://push.test/owner-1'), false, 'nor by its endpoint');
select throws_ok($$ select * from private.push_subscriptions $$, '42501', null, 'the table itself is out of reach of a signed-in person');
select throws_ok($$ select * from public.claim_push_deliveries(10) $$, '42501', null, 'the sender''s claim is the service role''s only');
select throws_ok($$ select public.finish_push_deliveries('[]') $$, '42501', null, 'and so is its report');
select tests.clear_authentication();
select throws_ok($$ select * from public.get_my_push_devices() $$, '42501', null, 'a visitor reaches nothing');
select tests.reset_role();
select is((select count(*)::int from private.push_subscriptions where user_id = tests.get_supabase_uid('owner')), 1, 'the owner''s row is still there');

-- the same browser saved by another account becomes that account's (never both)
select pg_temp.sign_in('intruder');
select public.save_push_subscription('https://push.test/owner-1', pg_temp.p256dh(), pg_temp.auth_secret());
select tests.reset_role();
select is((select array_agg(user_id) from private.push_subscriptions where endpoint = 'https://push.test/owner-1'),
  array[tests.get_supabase_uid('intruder')], 'one row per endpoint: the account that saved it last');
select pg_temp.sign_in('owner');
select public.save_push_subscription('https://push.test/owner-1', pg_temp.p256dh(), pg_temp.auth_secret());

-- at most max_devices per person: the least recently reached goes
select tests.reset_role();
update private.push_limits set max_devices = 3;
select pg_temp.sign_in('owner');
select public.save_push_subscription('https://push.test/owner-' || i, pg_temp.p256dh(), pg_temp.auth_secret()) from generate_series(2, 4) i;
select tests.reset_role();
select is((select count(*)::int from private.push_subscriptions where user_id = tests.get_supabase_uid('owner')), 3, 'a fourth device past a cap of three drops one');
select ok(exists (select 1 from private.push_subscriptions where endpoint = 'https://push.test/owner-4'), 'never the one just saved');

-- removing this device
select pg_temp.sign_in('owner');
select is(public.delete_push_subscription('https://push.test/owner-4'), true, 'the owner switches this device off');
select is(public.delete_push_subscription('https://push.test/owner-4'), false, 'switching it off again finds nothing');
select is((select count(*)::int from public.get_my_push_devices()), 2, 'and it leaves the list');

-- sign-out: the session's end takes its subscriptions with it
select pg_temp.sign_in('leaver');
select public.save_push_subscription('https://push.test/leaver-phone', pg_temp.p256dh(), pg_temp.auth_secret());
select pg_temp.sign_in('leaver');
select public.save_push_subscription('https://push.test/leaver-laptop', pg_temp.p256dh(), pg_temp.auth_secret());
select tests.reset_role();
delete from auth.sessions where id = current_setting('test.session_leaver')::uuid;
select is((select array_agg(endpoint) from private.push_subscriptions where user_id = tests.get_supabase_uid('leaver')),
  array['https://push.test/leaver-phone'], 'signing out on one device removes that device''s subscription only');

-- the export: devices and settings, never an endpoint or a key
select pg_temp.sign_in('leaver');
select is(jsonb_array_length(public.get_my_data() -> 'push_devices'), 1, 'get_my_data exports the person''s devices');
select ok(public.get_my_data()::text !~ 'push\.test' and public.get_my_data() -> 'push_settings' ? 'quiet_start',
  'with the settings and without endpoints or keys');

-- account deletion
select tests.reset_role();
select public.delete_account(tests.get_supabase_uid('leaver'));
select is((select count(*)::int from private.push_subscriptions s where s.endpoint like 'https://push.test/leaver%'), 0,
  'deleting the account removes its subscriptions');

-- settings: defaults, changes, refusals
select pg_temp.sign_in('intruder');
select is(public.get_push_settings() - 'time_zone',
  '{"comments": true, "replies": true, "likes": false, "quiet_hours": true, "quiet_start": "23:00", "quiet_end": "08:00", "show_text": false}'::jsonb,
  'the defaults: comments and replies, quiet 23:00–08:00, no text on the lock screen');
select throws_ok($$ select public.update_push_settings(p_quiet_start => '25:00') $$, 'P0001', 'push_settings_invalid', 'a time that is not HH:MM is refused');
select throws_ok($$ select public.update_push_settings(p_time_zone => 'Mars/Olympus') $$, 'P0001', 'push_settings_invalid', 'an unknown time zone is refused');
select throws_ok($$ select public.update_push_settings(p_likes => 'quizás') $$, 'P0001', 'push_settings_invalid', 'a flag that is not a boolean is refused');

-- the sender: lease, success, dead subscriptions, retries
select tests.reset_role();
insert into private.push_deliveries (subscription_id, payload, topic, urgency, ttl)
select s.id, '{"title":"Chismes"}', 'summary', 'normal', 60 from private.push_subscriptions s where s.user_id = tests.get_supabase_uid('owner');
select tests.authenticate_as_service_role();
create temporary table claimed on commit drop as select * from public.claim_push_deliveries(10);
select is((select count(*)::int from claimed), 2, 'the service role claims the ready deliveries, one per device');
select is((select count(*)::int from public.claim_push_deliveries(10)), 0, 'a second caller finds them leased (sending twice is avoided)');
select is(public.finish_push_deliveries((select jsonb_agg(jsonb_build_object('id', id,
    'outcome', case when endpoint = (select min(c.endpoint) from claimed c) then 'gone' else 'retry' end, 'retry_after', 30)) from claimed)),
  '{"sent": 0, "gone": 1, "retry": 1, "failed": 0}'::jsonb, 'the answers are recorded');
select tests.reset_role();
select is((select count(*)::int from private.push_subscriptions where endpoint = (select min(c.endpoint) from claimed c)), 0,
  'a 404/410 from the push service removes the subscription');
select ok((select bool_and(not_before >= now() + interval '30 seconds' and lease_until is null) from private.push_deliveries),
  'a 429/5xx is retried no sooner than Retry-After');
update private.push_deliveries set not_before = now(), attempts = 5;
select tests.authenticate_as_service_role();
select public.finish_push_deliveries((select jsonb_agg(jsonb_build_object('id', id, 'outcome', 'retry')) from public.claim_push_deliveries(10)));
select tests.reset_role();
select is((select count(*)::int from private.push_deliveries), 0, 'after max_attempts a delivery is dropped');

select * from finish();
rollback;
