-- Refused writes count towards the rate limit (docs/decisions/0024-refused-writes-count.md,
-- supabase/schemas/12-rate-limits.sql, 95-country-logs.sql). Over the API
-- (request.method set, as PostgREST sets it) create_chisme, add_comment and log_country answer a
-- refusal with status 400 and PostgREST's error body instead of raising, so the transaction
-- commits the refusal's count and nothing else; N refusals followed by a valid write meet the
-- limit at N. Called from SQL they raise as before. local-stack/tests/refused-writes-count.test.ts sends the same over HTTP
-- with supabase-js.
begin;
select plan(26);

select tests.away_from_minute_end();
select tests.create_supabase_users('refuser242', 'commenter242', 'author242');

-- What a persona wrote: its chismes and comments (the author tables, read as their owner).
create function pg_temp.authored(p_user text) returns int language sql as $$
  select tests.rows_of('public.chisme_authors', p_user) + tests.rows_of('public.comment_authors', p_user);
$$;
grant execute on function pg_temp.authored(text) to authenticated;

select tests.authenticate_as('author242');
select tests.post_chisme('chisme', 'Mujer', '40', 'Un chisme para comentar', '[]', 'ES', 'false');

-- ── chismes over the API: limit 3 a minute ──
select tests.authenticate_as('refuser242');
select set_config('request.method', 'POST', true);

select is(
  public.create_chisme('Mujer', '30', 'corto', '[]', 'ES', 'false')::jsonb,
  '{"code": "P0001", "details": "{\"min\": 10}", "hint": null, "message": "chisme_content_too_short"}'::jsonb,
  'api: a refused chisme is answered with PostgREST''s error body (code, details, hint, message)'
);
select is(current_setting('response.status', true), '400', 'api: with status 400, as PostgREST answers a raised P0001');
select is(tests.minute_events('refuser242', 'chisme'), 1, 'api: the refusal counted as one chisme');
select is(
  (public.create_chisme('Mujer', '30', 'llámame al 600 123 456 esta noche', '[]', 'ES', 'false')::jsonb) ->> 'message',
  'content_personal_data', 'api: personal data is refused with its key'
);
select is(
  (public.create_chisme('Mujer', '30', repeat('x', 20000), '[]', 'ES', 'false')::jsonb) ->> 'message',
  'chisme_content_too_long', 'api: an over-long content is refused with its key'
);
select is(tests.minute_events('refuser242', 'chisme'), 3, 'api: three refusals, three chismes counted');
select is(pg_temp.authored('refuser242'), 0, 'api: the refusals stored nothing');
select is(
  (public.create_chisme('Mujer', '30', 'Un chisme perfectamente válido', '[]', 'ES', 'false')::jsonb) ->> 'message',
  'rate_limited', 'api: a valid chisme after three refusals meets the limit of 3 a minute'
);
select is(
  ((public.create_chisme('Mujer', '30', 'Un chisme perfectamente válido', '[]', 'ES', 'false')::jsonb) ->> 'details')::jsonb ->> 'action',
  'chisme', 'api: rate_limited keeps its detail (action, retry_after)'
);
select is(tests.minute_events('refuser242', 'chisme'), 3, 'api: refusals past the limit leave the window at its limit');
select is(pg_temp.authored('refuser242'), 0, 'api: still nothing stored');

-- ── comments over the API: limit 10 a minute ──
select tests.authenticate_as('commenter242');
select set_config('request.method', 'POST', true);
select is(
  (select count(*)::int from generate_series(1, 9) i
   where (public.add_comment(current_setting('test.chisme'), null, 'escríbeme a pepa@correo.es', 'Mujer', '30', 'ES')::jsonb) ->> 'message' = 'content_personal_data'),
  9, 'api: nine refused comments are each answered with their key'
);
select is(
  (public.add_comment('no-es-un-id', null, 'Hola', 'Mujer', '30', 'ES')::jsonb) ->> 'message',
  'chisme_not_found', 'api: a malformed chisme id is refused with its key (the tenth refusal)'
);
select is(tests.minute_events('commenter242', 'comment'), 10, 'api: ten refusals, ten comments counted');
select is(
  (public.add_comment(current_setting('test.chisme'), null, 'Un comentario normal', 'Mujer', '30', 'ES')::jsonb) ->> 'message',
  'rate_limited', 'api: a valid comment after ten refusals meets the limit of 10 a minute'
);
select is(pg_temp.authored('commenter242'), 0, 'api: the refusals stored nothing');

-- ── country logs over the API: limit 20 an hour (the day's 50 is not reached) ──
select tests.authenticate_as('commenter242');
select set_config('request.method', 'POST', true);
select is(
  (select count(*)::int from generate_series(1, 20) i
   where (public.log_country('llámame al 600 123 45' || (i % 10))::jsonb) ->> 'message' = 'content_personal_data'),
  20, 'api: twenty refused country logs are each answered with their key'
);
select is(
  (public.log_country('Costa Rica')::jsonb) ->> 'message',
  'rate_limited', 'api: a valid country log after twenty refusals meets the limit of 20 an hour'
);
select is(
  (select count(*)::int from public.country_logs where user_id = tests.get_supabase_uid('commenter242')),
  0, 'api: the refused logs stored nothing'
);

-- ── a success over the API: the row as before, no status set ──
select tests.authenticate_as('author242');
select set_config('request.method', 'POST', true);
select set_config('response.status', '', true);
select is(
  (public.create_chisme('Mujer', '40', 'Otro chisme que sí se publica', '[]', 'ES', 'false')::jsonb) ->> 'content',
  'Otro chisme que sí se publica', 'api: a stored chisme is answered as the feed_chisme object'
);
select is(current_setting('response.status', true), '', 'api: a success sets no status (200)');
select is(
  (public.add_comment(current_setting('test.chisme'), null, 'Un comentario que sí se publica', 'Mujer', '40', 'ES')::jsonb) ->> 'is_mine',
  'true', 'api: a stored comment is answered as the thread_comment object'
);
select is(tests.minute_events('author242', 'chisme'), 2, 'api: stored chismes count as before');

-- ── from SQL (no request.method): the keys are raised, as before ──
select tests.authenticate_as('author242');
select set_config('request.method', '', true);
select throws_ok(
  $$ select public.create_chisme('Mujer', '30', 'corto', '[]', 'ES', 'false') $$,
  'P0001', 'chisme_content_too_short', 'sql: a refused chisme raises its key'
);
select throws_ok(
  $$ select public.add_comment(current_setting('test.chisme'), null, '', 'Mujer', '30', 'ES') $$,
  'P0001', 'comment_content_required', 'sql: a refused comment raises its key'
);
select is(tests.minute_events('author242', 'chisme'), 2, 'sql: a raised refusal is rolled back with its statement, uncounted');

select * from finish();
rollback;
