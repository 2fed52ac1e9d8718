-- Realtime, Broadcast from Database (docs/api.md "Realtime"): what the write pipelines send, on which
-- private topic, with no one else's user id; and the RLS policies on realtime.messages that
-- decide who may join which topic (tested the way the server checks a join: realtime.topic
-- and the claims set, then a select as the user).
begin;
select plan(32);

-- Arrange
select tests.create_supabase_users('author', 'other');
select private.flush_realtime(); -- what the seed left for the flush
delete from realtime.messages;

-- What the triggers send
select tests.authenticate_as('author');
select tests.arrange($arrange$ select set_config('test.casual', (select id::text from tests.create_chisme('Mujer', '30', 'Chisme casual en directo', null, 'CR', 'false')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.cotilleo', (select id::text from tests.create_chisme('Mujer', '30', 'Cotilleo en directo aquí', null, 'CR', 'true')), true) $arrange$);
select tests.reset_role();

select is_empty(
  $$ select 1 from realtime.messages where event in ('chisme_created', 'chisme_counts') $$,
  'a new chisme is broadcast at once to nobody: it waits for the flush'
);

select tests.authenticate_as('other');
select tests.arrange($arrange$ select public.like_chisme(current_setting('test.casual')) $arrange$);
select tests.arrange($arrange$ select set_config('test.root', (select id::text from tests.add_comment(current_setting('test.casual'), null, 'Comentario en directo', 'Hombre', '30', 'ES')), true) $arrange$);
select tests.authenticate_as('author');
select tests.arrange($arrange$ select public.add_comment(current_setting('test.casual'), current_setting('test.root'), 'Respuesta en directo', 'Mujer', '30', 'CR') $arrange$);
select tests.authenticate_as('other');
select tests.arrange($arrange$ select public.report_chisme(current_setting('test.casual'), 'spam') $arrange$);
select tests.reset_role();
select is_empty($$ select 1 from realtime.messages where topic like 'notifications:%' $$, 'notifications wait for the flush too');
select private.flush_realtime();

select results_eq(
  $$ select topic, private, payload -> 'counts' from realtime.messages
     where event = 'chisme_counts' and topic = 'head:recent:casual' $$,
  $$ values ('head:recent:casual', true,
            jsonb_build_array(jsonb_build_object('id', current_setting('test.casual')::uuid, 'likes', 1, 'comments', 1, 'file_exist', false, 'image_viewable', false))) $$,
  'the flush sends the casual chisme''s latest counts once, on the head of recent casual'
);
select is(
  (select array_agg(distinct k order by k) from realtime.messages m, jsonb_object_keys(m.payload -> 'created') k where m.topic = 'head:recent:casual'),
  array['count', 'ids', 'newest'],
  'the new-chismes news carries a count, ids and the newest time: no content, no author'
);
select is(
  (select array_agg(distinct m.payload -> 'created' -> 'ids') from realtime.messages m where m.topic like 'head:%:cotilleo'),
  array[jsonb_build_array(current_setting('test.cotilleo'))],
  'the cotilleo chisme is announced on a cotilleo head only'
);
select is_empty(
  $$ select 1 from realtime.messages where position(tests.get_supabase_uid('author')::text in payload::text) > 0
       and topic <> 'notifications:' || tests.get_supabase_uid('author') $$,
  'no chisme broadcast carries the author''s id'
);
select ok(
  (select bool_and(payload::text !~ 'Chisme casual en directo') from realtime.messages where topic like 'head:%'),
  'no head broadcast carries a chisme''s content'
);
select results_eq(
  $$ select topic, event, e ->> 'type' from realtime.messages m, jsonb_array_elements(m.payload -> 'created') e where event = 'notifications' order by e ->> 'type' $$,
  $$ values ('notifications:' || tests.get_supabase_uid('author'), 'notifications'::text, 'comment_on_chisme'::text),
            ('notifications:' || tests.get_supabase_uid('author'), 'notifications'::text, 'like_on_chisme'::text),
            ('notifications:' || tests.get_supabase_uid('other'), 'notifications'::text, 'reply_to_comment'::text) $$,
  'each notification goes to its owner''s topic'
);
select results_eq(
  $$ select e from realtime.messages m, jsonb_array_elements(m.payload -> 'created') e where event = 'notifications' and e ->> 'type' = 'like_on_chisme' $$,
  $$ select to_jsonb(n) from public.notifications n where n.type = 'like_on_chisme' and n.user_id = tests.get_supabase_uid('author') $$,
  'the notification payload holds the notifications row'
);
select is_empty(
  $$ select 1 from realtime.messages
     where position(tests.get_supabase_uid('other')::text in payload::text) > 0
       and topic <> 'notifications:' || tests.get_supabase_uid('other') $$,
  'no message carries the liker''s or commenter''s id (except their own notifications)'
);
select is_empty(
  $$ select 1 from realtime.messages
     where position(tests.get_supabase_uid('author')::text in payload::text) > 0
       and topic <> 'notifications:' || tests.get_supabase_uid('author') $$,
  'no message carries the author''s id (except their own notifications)'
);
select is(private.flush_realtime(), 0, 'nothing changed: the next flush sends nothing');

-- Join authorisation: signed-in users on the head topics; the feed:<mode> topics of an earlier
-- design are no topic any more
select set_config('test.group', 'head:recent:casual', true);
insert into realtime.messages (topic, extension, private, payload, event) values ('feed:casual', 'broadcast', true, '{}', 'x');
select tests.authenticate_as('other');
select set_config('realtime.topic', current_setting('test.group'), true);
select isnt_empty($$ select 1 from realtime.messages where topic = current_setting('test.group') $$, 'other: may receive a casual head topic');
select is_empty($$ select 1 from realtime.messages where topic <> current_setting('test.group') $$, 'other: joined to a head sees no other topic''s messages');
select set_config('realtime.topic', 'feed:casual', true);
select is_empty($$ select 1 from realtime.messages where topic = 'feed:casual' $$, 'other: may not receive feed:casual, gone with its broadcasts');
select set_config('realtime.topic', 'chismes:otro:1', true);
select tests.reset_role();
insert into realtime.messages (topic, extension, private, payload, event) values ('chismes:otro:1', 'broadcast', true, '{}', 'x');
insert into realtime.messages (topic, extension, private, payload, event) values (current_setting('test.group'), 'presence', true, '{}', 'x');
select tests.authenticate_as('other');
select set_config('realtime.topic', 'chismes:otro:1', true);
select is_empty($$ select 1 from realtime.messages $$, 'other: may not join an unknown topic');
select set_config('realtime.topic', current_setting('test.group'), true);
select is_empty($$ select 1 from realtime.messages where extension = 'presence' $$, 'other: only broadcast messages are authorised');

-- Join authorisation: notifications only for their owner
select set_config('realtime.topic', 'notifications:' || tests.get_supabase_uid('other'), true);
select isnt_empty($$ select 1 from realtime.messages $$, 'other: may receive their own notifications topic');
select set_config('realtime.topic', 'notifications:' || tests.get_supabase_uid('author'), true);
select is_empty($$ select 1 from realtime.messages $$, 'other: may not receive the author''s notifications topic');
select tests.authenticate_as('author');
select isnt_empty($$ select 1 from realtime.messages $$, 'author: may receive their own notifications topic');
select is((select count(*)::int from realtime.messages), 1, 'author: sees exactly their one message (two notifications)');

-- The server's probe: a row inserted with elevated rights, then selected as the user
select tests.reset_role();
insert into realtime.messages (topic, extension, private) values ('notifications:' || tests.get_supabase_uid('other'), 'broadcast', true);
select tests.authenticate_as('author');
select set_config('realtime.topic', 'notifications:' || tests.get_supabase_uid('other'), true);
select is_empty($$ select 1 from realtime.messages where event is null $$, 'probe: the author is refused the other user''s notifications topic');
select tests.authenticate_as('other');
select set_config('realtime.topic', 'notifications:' || tests.get_supabase_uid('other'), true);
select isnt_empty($$ select 1 from realtime.messages where event is null $$, 'probe: the owner is allowed');

-- Nobody sends from a client
select throws_ok(
  $$ insert into realtime.messages (topic, extension, private, payload, event) values ('notifications:' || tests.get_supabase_uid('other'), 'broadcast', true, '{}', 'x') $$,
  '42501', null, 'other: may not send on their own topic'
);
select set_config('realtime.topic', current_setting('test.group'), true);
select throws_ok(
  $$ insert into realtime.messages (topic, extension, private, payload, event) values (current_setting('test.group'), 'broadcast', true, '{}', 'chisme_counts') $$,
  '42501', null, 'other: may not send fake counts to a head topic'
);
-- Supabase grants UPDATE on realtime.messages to the API roles; no policy lets them change a row.
select results_eq($$ with changed as (update realtime.messages set payload = '{}' returning 1) select count(*)::int from changed $$,
  array[0], 'other: may not alter messages');
select throws_ok($$ delete from realtime.messages $$, '42501', null, 'other: may not delete messages');

-- Anon joins nothing
select tests.clear_authentication();
select set_config('realtime.topic', current_setting('test.group'), true);
select is_empty($$ select 1 from realtime.messages $$, 'anon: may not receive a head topic');
select set_config('realtime.topic', 'notifications:' || tests.get_supabase_uid('other'), true);
select is_empty($$ select 1 from realtime.messages $$, 'anon: may not receive a notifications topic');
select throws_ok(
  $$ insert into realtime.messages (topic, extension, private, payload, event) values (current_setting('test.group'), 'broadcast', true, '{}', 'x') $$,
  '42501', null, 'anon: may not send'
);

-- A token without a user joins no notifications topic
select tests.reset_role();
select set_config('role', 'authenticated', true);
select set_config('request.jwt.claims', '{"role":"authenticated"}', true);
select set_config('realtime.topic', 'notifications:', true);
select is_empty($$ select 1 from realtime.messages $$, 'a token without a user joins no notifications topic');
select set_config('realtime.topic', 'notifications:null', true);
select is_empty($$ select 1 from realtime.messages $$, 'nor a "null" one');

select * from finish();
rollback;
