-- Country logs (docs/api.md "Storage and functions"): the log-country function records where
-- a user was seen, once per user and country within 24 hours, with the user's JWT or the
-- service role; each user reads only their own.
begin;
select plan(26);

-- Arrange
select tests.create_supabase_users('user', 'other');

-- Act as the user (what the function does with the caller's JWT)
select tests.authenticate_as('user');
select is(tests.log_country('Costa Rica'), true, 'user: the first log of a country is recorded');
select results_eq(
  $$ select country, user_id = tests.get_supabase_uid('user') from public.country_logs $$,
  $$ values ('Costa Rica'::text, true) $$,
  'user: the log is the caller''s'
);
select is(tests.log_country('Costa Rica'), false, 'user: the same country within 24 hours is skipped silently');
select is(tests.log_country('  COSTA RICA '), false, 'user: case and spaces do not make a new country');
select is(tests.log_country('España'), true, 'user: another country is recorded');
select is((select count(*)::int from public.country_logs), 2, 'user: sees their two logs');
select throws_ok($$ insert into public.country_logs (country) values ('Chile') $$, '42501', null, 'user: cannot insert logs directly (log_country only)');
select throws_ok($$ insert into public.country_logs (country, created_at) values ('Chile', now() - interval '2 days') $$, '42501', null, 'user: cannot choose the time');
select throws_ok($$ select public.log_country('   ') $$, 'P0001', 'country_required', 'user: a blank country is refused');
select throws_ok($$ select public.log_country(null) $$, 'P0001', 'country_required', 'user: a missing country is refused');
select throws_ok($$ select public.log_country(repeat('p', 101)) $$, 'P0001', 'country_too_long', 'user: a country over 100 characters is refused');
select throws_ok($$ update public.country_logs set country = 'Marte' $$, '42501', null, 'user: cannot edit logs');
select throws_ok($$ delete from public.country_logs $$, '42501', null, 'user: cannot delete logs');

-- A day later the same country is recorded again
select tests.reset_role();
update public.country_logs set created_at = now() - interval '25 hours' where country = 'Costa Rica';
select tests.authenticate_as('user');
select is(tests.log_country('Costa Rica'), true, 'user: after 24 hours the country is recorded again');

-- Act as another user
select tests.authenticate_as('other');
select is_empty($$ select 1 from public.country_logs $$, 'other: sees none of the user''s logs');
select is(tests.log_country('Costa Rica'), true, 'other: their own first log of the country is recorded');

-- The service role (what the function does without the caller's JWT)
select tests.authenticate_as_service_role();
select isnt_empty(
  $$ insert into public.country_logs (user_id, country) values (tests.get_supabase_uid('user'), 'México') returning 1 $$,
  'service role: records a log for a given user'
);
select is_empty(
  $$ insert into public.country_logs (user_id, country) values (tests.get_supabase_uid('user'), 'España') returning 1 $$,
  'service role: the 24-hour rule holds for it too'
);
select throws_ok($$ insert into public.country_logs (country) values ('Chile') $$, 'P0001', 'not_authenticated', 'service role: a log needs a user');
select is((select count(*)::int from public.country_logs where user_id = tests.get_supabase_uid('user')), 4, 'service role: sees every log');

-- A token without a user
select tests.reset_role();
select set_config('role', 'authenticated', true);
select set_config('request.jwt.claims', '{"role":"authenticated"}', true);
select throws_ok($$ select public.log_country('Chile') $$, 'P0001', 'not_authenticated', 'a token without a user cannot log');

-- Act as anon
select tests.clear_authentication();
select throws_ok($$ insert into public.country_logs (country) values ('Chile') $$, '42501', null, 'anon: cannot log');
select throws_ok($$ select * from public.country_logs $$, '42501', null, 'anon: cannot read logs');

-- Security: no definer function involved
select tests.reset_role();
select is(
  (select prosecdef from pg_proc where oid = 'private.skip_recent_country_log(public.country_logs)'::regprocedure),
  false,
  'the 24-hour rule runs as the caller (no security definer)'
);
select has_index('public', 'country_logs', 'country_logs_user_id_country_created_at_idx', 'the lookup is indexed');
select policies_are('public', 'country_logs', array['country_logs_select_authenticated', 'country_logs_insert_authenticated'], 'only select and insert policies exist');

select * from finish();
rollback;
