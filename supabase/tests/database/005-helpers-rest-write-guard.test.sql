-- REST table writes are refused with a key, and the RPCs that replace them work (docs/decisions/0008-text-arguments-and-rest-write-guard.md).
-- PostgREST runs private.check_request (db-pre-request) as the request's role with
-- request.method and request.path set; here that is reproduced with the same settings. The
-- stack test (hostile-user.test.ts) sends the real HTTP requests.
begin;
select plan(30);


-- Refused: every write method on every table route, for both API roles
select is(tests.rest_write_refusal('authenticated', 'POST', '/likes'), '{"status": 403, "code": "rest_write_not_allowed", "message": "rest_write_not_allowed"}', 'authenticated POST /likes: 403 rest_write_not_allowed');
select is(tests.rest_write_refusal('authenticated', 'POST', '/chismes') ->> 'message', 'rest_write_not_allowed', 'authenticated POST /chismes is refused');
select is(tests.rest_write_refusal('authenticated', 'POST', '/comments') ->> 'message', 'rest_write_not_allowed', 'authenticated POST /comments is refused');
select is(tests.rest_write_refusal('authenticated', 'POST', '/reports') ->> 'message', 'rest_write_not_allowed', 'authenticated POST /reports is refused');
select is(tests.rest_write_refusal('authenticated', 'POST', '/country_logs') ->> 'message', 'rest_write_not_allowed', 'authenticated POST /country_logs is refused');
select is(tests.rest_write_refusal('authenticated', 'DELETE', '/likes') ->> 'message', 'rest_write_not_allowed', 'authenticated DELETE /likes is refused');
select is(tests.rest_write_refusal('authenticated', 'PATCH', '/notifications') ->> 'message', 'rest_write_not_allowed', 'authenticated PATCH /notifications is refused');
select is(tests.rest_write_refusal('authenticated', 'DELETE', '/notifications') ->> 'message', 'rest_write_not_allowed', 'authenticated DELETE /notifications is refused');
select is(tests.rest_write_refusal('authenticated', 'PATCH', '/profiles') ->> 'message', 'rest_write_not_allowed', 'authenticated PATCH /profiles is refused');
select is(tests.rest_write_refusal('authenticated', 'PUT', '/profiles') ->> 'message', 'rest_write_not_allowed', 'authenticated PUT /profiles is refused');
select is(tests.rest_write_refusal('anon', 'POST', '/chismes'), '{"status": 403, "code": "rest_write_not_allowed", "message": "rest_write_not_allowed"}', 'anon POST /chismes: 403 rest_write_not_allowed');
select is(tests.rest_write_refusal('authenticated', 'POST', '/rest/v1/likes') ->> 'message', 'rest_write_not_allowed', 'a path that keeps the gateway prefix is refused too');

select is_empty(
  $$ select t.tablename::text from pg_tables t where t.schemaname = 'public'
       and tests.rest_write_refusal('authenticated', 'POST', '/' || t.tablename) is null $$,
  'every table of the app in public is guarded (a new table must join the list in private.check_request)'
);

-- Allowed: reads, RPCs, the service role, routes that are no table of the app
select is(tests.rest_write_refusal('authenticated', 'GET', '/chismes'), null, 'authenticated GET /chismes passes');
select is(tests.rest_write_refusal('authenticated', 'HEAD', '/notifications'), null, 'authenticated HEAD /notifications passes');
select is(tests.rest_write_refusal('authenticated', 'POST', '/rpc/like_chisme'), null, 'authenticated POST /rpc/like_chisme passes');
select is(tests.rest_write_refusal('anon', 'POST', '/rpc/get_sign_in_methods'), null, 'anon POST /rpc/get_sign_in_methods passes');
select is(tests.rest_write_refusal('service_role', 'PATCH', '/chismes'), null, 'the service role''s table writes pass (edge functions)');
select is(tests.rest_write_refusal('authenticated', 'POST', '/local_stack_test_notes'), null, 'a route that is no table of the app keeps PostgREST''s own answers');

-- The RPCs that replace the REST writes
select tests.create_supabase_users('reader', 'other');
select private.notify(tests.get_supabase_uid('reader'), 'comment_on_chisme', 'Primera', '{}'::jsonb, null);
select private.notify(tests.get_supabase_uid('reader'), 'comment_on_chisme', 'Segunda', '{}'::jsonb, null);
select private.notify(tests.get_supabase_uid('other'), 'comment_on_chisme', 'Ajena', '{}'::jsonb, null);
select tests.arrange($arrange$ select set_config('test.first', (select id::text from public.notifications where message = 'Primera'), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.second', (select id::text from public.notifications where message = 'Segunda'), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.foreign', (select id::text from public.notifications where message = 'Ajena'), true) $arrange$);

select tests.authenticate_as('reader');
select is(public.mark_notification_read(current_setting('test.first')), true, 'mark_notification_read: true for one''s own notification');
select is((select is_read from public.notifications where id = current_setting('test.first')::uuid), true, 'mark_notification_read: it is read now');
select is(public.mark_notification_read(current_setting('test.foreign')), false, 'mark_notification_read: someone else''s notification answers false');
select is(public.delete_notification(current_setting('test.second')), true, 'delete_notification: true for one''s own notification');
select is(public.delete_notification(current_setting('test.second')), false, 'delete_notification: a second delete answers false (already gone)');
select is(public.delete_notification(current_setting('test.foreign')), false, 'delete_notification: someone else''s notification answers false');
select lives_ok($$ select public.update_my_profile(p_cotilleo => 'true') $$, 'update_my_profile: a JSON true switches cotilleo on');
select is((select cotilleo from public.profiles where id = tests.get_supabase_uid('reader')), true, 'update_my_profile: cotilleo is on, the rest kept');
select is(tests.log_country('Costa Rica'), true, 'log_country: the first log of a country is stored');
select is(tests.log_country('costa rica '), false, 'log_country: a repeat within 24 hours answers false');

select tests.reset_role();
select is((select is_read from public.notifications where id = current_setting('test.foreign')::uuid), false, 'nothing the reader did touched the other person''s notification');

select * from finish();
rollback;
