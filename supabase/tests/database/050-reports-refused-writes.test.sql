-- Refused reports count towards the report limit (docs/decisions/0024-refused-writes-count.md,
-- supabase/schemas/50-reports.sql). Over the API (request.method set, as PostgREST sets it)
-- report_chisme and report_comment answer a refusal with status 400 and PostgREST's error
-- body, so the transaction commits the refusal's count: N refusals and then a valid report
-- meet the limit at N. Called from SQL they raise as before.
-- local-stack/tests/refused-writes-count.test.ts sends the same over HTTP.
begin;
select plan(16);

select tests.away_from_minute_end();
select tests.create_supabase_users('author502', 'reporter502', 'witness502');
-- The default 5 reports a minute.
select tests.limit_per_minute('report', 5, 'reporter502', 'witness502');

select tests.authenticate_as('author502');
select tests.arrange($arrange$ select set_config('test.chisme', (select id::text from tests.create_chisme('Mujer', '40', 'Un chisme que será denunciado', '[]', 'ES', 'false')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.comment', (select id::text from tests.add_comment(current_setting('test.chisme'), null, 'Un comentario denunciable', 'Mujer', '40', 'ES')), true) $arrange$);
select tests.authenticate_as('reporter502');
select tests.arrange($arrange$ select set_config('test.own', (select id::text from tests.create_chisme('Hombre', '30', 'El chisme propio del denunciante', '[]', 'ES', 'false')), true) $arrange$);

-- ── five refusals over the API, then a valid report ──
select tests.authenticate_as('reporter502');
select set_config('request.method', 'POST', true);
select is(
  public.report_chisme('no-es-un-id', 'Spam')::jsonb,
  '{"code": "P0001", "details": null, "hint": null, "message": "report_target_not_found"}'::jsonb,
  'api: a refused report is answered with PostgREST''s error body (code, details, hint, message)'
);
select is(current_setting('response.status', true), '400', 'api: with status 400, as PostgREST answers a raised P0001');
select is(tests.minute_events('reporter502', 'report'), 1, 'api: the refused report counted as one report');
select is(public.report_chisme(current_setting('test.own'), 'Spam')::jsonb ->> 'message', 'report_own_chisme', 'api: one''s own chisme is refused with its key');
select is(public.report_comment('no-es-un-id', 'Spam')::jsonb ->> 'message', 'report_target_not_found', 'api: a malformed comment id is refused with its key');
select is(public.report_comment(gen_random_uuid()::text, 'Spam')::jsonb ->> 'message', 'report_target_not_found', 'api: an unknown comment is refused with its key');
select is(
  public.report_chisme(current_setting('test.chisme'), 'spam', repeat('motivo ', 300))::jsonb,
  '{"code": "P0001", "details": "{\"max\": 2000}", "hint": null, "message": "report_explanation_too_long"}'::jsonb,
  'api: an over-long explanation is refused with its key and detail'
);
select is(tests.minute_events('reporter502', 'report'), 5, 'api: five refused reports, five counted');
select is(
  public.report_comment(current_setting('test.comment'), 'Spam')::jsonb ->> 'message',
  'rate_limited', 'api: a valid report after five refusals meets the limit of 5 a minute'
);
select is(tests.minute_events('reporter502', 'report'), 5, 'api: refusals past the limit leave the window at its limit');
select is(tests.rows_of('public.reports', 'reporter502'), 0, 'api: nothing was stored');

-- ── a success over the API: null, no status set; a repeat is refused and counted ──
select tests.authenticate_as('witness502');
select set_config('request.method', 'POST', true);
select set_config('response.status', '', true);
select ok(public.report_chisme(current_setting('test.chisme'), 'Spam') is null, 'api: a stored report answers null (PostgREST sends null)');
select is(tests.rows_of('public.reports', 'witness502'), 1, 'api: the report was stored');
select is(current_setting('response.status', true), '', 'api: a success sets no status (200)');
select is(public.report_chisme(current_setting('test.chisme'), 'Spam')::jsonb ->> 'message', 'report_already_exists', 'api: a repeat is refused with its key');

-- ── from SQL (no request.method): the keys are raised ──
select set_config('request.method', '', true);
select throws_ok(
  $$ select public.report_comment('no-es-un-id', 'Spam') $$,
  'P0001', 'report_target_not_found', 'sql: a refused report raises its key'
);

select * from finish();
rollback;
