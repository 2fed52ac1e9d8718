-- Refused likes and unlikes count towards the like limit (docs/decisions/0024-refused-writes-count.md,
-- supabase/schemas/30-likes.sql). Over the API (request.method set, as PostgREST sets it)
-- like_chisme and unlike_chisme answer a refusal with status 400 and PostgREST's error body, so
-- the transaction commits the refusal's count: N refusals and then a valid like meet the limit
-- at N. Called from SQL they raise as before. local-stack/tests/refused-writes-count.test.ts
-- sends the same over HTTP.
begin;
select plan(17);

select tests.away_from_minute_end();
select tests.create_supabase_users('author302', 'liker302', 'fan302');
-- Five likes a minute.
select tests.limit_per_minute('like', 5, 'liker302', 'fan302');

select tests.authenticate_as('author302');
select tests.arrange($arrange$ select set_config('test.chisme', (select id::text from tests.create_chisme('Mujer', '40', 'Un chisme que gustará', '[]', 'ES', 'false')), true) $arrange$);
select tests.authenticate_as('liker302');
select tests.arrange($arrange$ select set_config('test.own', (select id::text from tests.create_chisme('Hombre', '30', 'El chisme propio del liker', '[]', 'ES', 'false')), true) $arrange$);

-- ── five refusals over the API, then a valid like ──
select tests.authenticate_as('liker302');
select set_config('request.method', 'POST', true);
select is(
  public.like_chisme('no-es-un-id')::jsonb,
  '{"code": "P0001", "details": null, "hint": null, "message": "chisme_not_found"}'::jsonb,
  'api: a refused like is answered with PostgREST''s error body (code, details, hint, message)'
);
select is(current_setting('response.status', true), '400', 'api: with status 400, as PostgREST answers a raised P0001');
select is(tests.minute_events('liker302', 'like'), 1, 'api: the refused like counted as one like');
select is(public.like_chisme(gen_random_uuid()::text)::jsonb ->> 'message', 'chisme_not_found', 'api: an unknown chisme is refused with its key');
select is(public.like_chisme(current_setting('test.own'))::jsonb ->> 'message', 'like_own_chisme', 'api: one''s own chisme is refused with its key');
select is(public.unlike_chisme(current_setting('test.chisme'))::jsonb ->> 'message', 'like_not_found', 'api: an unlike without a like is refused with its key');
select is(public.unlike_chisme('no-es-un-id')::jsonb ->> 'message', 'chisme_not_found', 'api: an unlike of a malformed id is refused with its key');
select is(tests.minute_events('liker302', 'like'), 5, 'api: five refused likes and unlikes, five counted');
select is(
  public.like_chisme(current_setting('test.chisme'))::jsonb ->> 'message',
  'rate_limited', 'api: a valid like after five refusals meets the limit of 5 a minute'
);
select is(
  (public.like_chisme(current_setting('test.chisme'))::jsonb ->> 'details')::jsonb ->> 'action',
  'like', 'api: rate_limited keeps its detail (action, retry_after)'
);
select is(tests.minute_events('liker302', 'like'), 5, 'api: refusals past the limit leave the window at its limit');
select is(tests.rows_of('public.likes', 'liker302'), 0, 'api: nothing was stored');

-- ── a success over the API: the count as a JSON number, no status set ──
select tests.authenticate_as('fan302');
select set_config('request.method', 'POST', true);
select set_config('response.status', '', true);
select is(public.like_chisme(current_setting('test.chisme'))::jsonb, '1'::jsonb, 'api: a like answers the new count as a JSON number');
select is(public.unlike_chisme(current_setting('test.chisme'))::jsonb, '0'::jsonb, 'api: an unlike answers the new count as a JSON number');
select is(current_setting('response.status', true), '', 'api: a success sets no status (200)');

-- ── from SQL (no request.method): the keys are raised, uncounted ──
select tests.authenticate_as('fan302');
select set_config('request.method', '', true);
select throws_ok(
  $$ select public.unlike_chisme(current_setting('test.chisme')) $$,
  'P0001', 'like_not_found', 'sql: a refused unlike raises its key'
);
select is(tests.minute_events('fan302', 'like'), 2, 'sql: a raised refusal is rolled back with its statement, uncounted');

select * from finish();
rollback;
