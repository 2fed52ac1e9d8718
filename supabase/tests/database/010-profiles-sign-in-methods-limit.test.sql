-- The login pre-check is limited per client (10-profiles.sql, docs/decisions/0002-rate-limits.md
-- "Per client"): one client address may look up 10 distinct e-mail addresses a minute and 50
-- an hour, what people signing in from it need and far below an enumeration. The address is
-- the one the proxies hand PostgREST in request.headers: cf-connecting-ip (Cloudflare, in front
-- of hosted Supabase), else the first entry of x-forwarded-for.
begin;
select plan(12);

-- Arrange: away from the end of a minute, so the one-minute window cannot roll over mid-test.
select tests.away_from_minute_end();
select tests.create_supabase_user('known', email => 'conocida@test.chismes');
select results_eq(
  $$ select window_seconds, max_events from private.rate_limit_settings where action = 'sign_in_lookup' order by window_seconds $$,
  $$ values (60, 10), (3600, 50) $$,
  'the limit: 10 distinct addresses a minute, 50 an hour, per client'
);

-- Act as anon from one client, behind Cloudflare (x-forwarded-for's first entry is forged)
select tests.clear_authentication();
select set_config('request.headers', '{"cf-connecting-ip": "203.0.113.7", "x-forwarded-for": "198.51.100.1, 203.0.113.7"}', true);
select is(public.get_sign_in_methods('conocida@test.chismes'), array['email'], 'a lookup is answered');
select lives_ok($$ select public.get_sign_in_methods('persona' || n || '@test.chismes') from generate_series(1, 9) n $$,
  'nine more distinct addresses within the minute');
select throws_ok($$ select public.get_sign_in_methods('persona10@test.chismes') $$, 'P0001', 'rate_limited',
  'the eleventh distinct address within the minute is refused');
select is(tests.error_detail($$ select public.get_sign_in_methods('persona10@test.chismes') $$) ->> 'action', 'sign_in_lookup',
  'the refusal names the sign-in lookups');
select ok((tests.error_detail($$ select public.get_sign_in_methods('persona10@test.chismes') $$) ->> 'retry_after')::int between 1 and 60,
  'with the seconds to wait (1–60)');
select is(public.get_sign_in_methods('  CONOCIDA@test.chismes '), array['email'], 'an address already looked up is answered again: a person retrying spends nothing');

-- Another client is not limited by this one; a forged x-forwarded-for does not escape
select set_config('request.headers', '{"cf-connecting-ip": "203.0.113.8", "x-forwarded-for": "203.0.113.7"}', true);
select is(public.get_sign_in_methods('persona10@test.chismes'), '{}'::text[], 'another client address looks up its own addresses');
select set_config('request.headers', '{"cf-connecting-ip": "203.0.113.7", "x-forwarded-for": "192.0.2.99"}', true);
select throws_ok($$ select public.get_sign_in_methods('persona11@test.chismes') $$, 'P0001', 'rate_limited',
  'a new x-forwarded-for behind the same Cloudflare address is still the same client');

-- Without Cloudflare, the first x-forwarded-for entry is the client
select set_config('request.headers', '{"x-forwarded-for": "203.0.113.7, 10.0.0.1"}', true);
select throws_ok($$ select public.get_sign_in_methods('persona12@test.chismes') $$, 'P0001', 'rate_limited',
  'x-forwarded-for''s first entry names the client when cf-connecting-ip is absent');

-- A request without any client address (SQL, the local stack's gateway) is not limited
select set_config('request.headers', '', true);
select lives_ok($$ select public.get_sign_in_methods('persona' || n || '@test.chismes') from generate_series(20, 40) n $$,
  'without a client address, no limit applies');

-- Counting is a write: over GET (a read-only transaction, maybe on a replica) a client's lookup
-- cannot run, so the web calls it with POST (docs/api.md)
select set_config('request.headers', '{"cf-connecting-ip": "203.0.113.9"}', true);
set transaction read only;
select throws_ok($$ select public.get_sign_in_methods('persona13@test.chismes') $$, '25006', null,
  'a client''s lookup in a read-only transaction is refused');

select * from finish();
rollback;
