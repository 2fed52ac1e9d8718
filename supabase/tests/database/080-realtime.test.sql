-- Realtime, Broadcast from Database (docs/api.md "Realtime"): what the triggers send, on which
-- private topic, with no one else's user id; and the RLS policies on realtime.messages that
-- decide who may join which topic (tested the way the server checks a join: realtime.topic
-- and the claims set, then a select as the user).
begin;
select plan(31);

-- Arrange
select tests.create_supabase_user('author');
select tests.create_supabase_user('other');
delete from realtime.messages;

-- What the triggers send
select tests.authenticate_as('author');
select set_config('test.casual', (select id::text from public.create_chisme('Mujer', '30', 'Chisme casual en directo', null, 'CR', 'false')), true);
select set_config('test.cotilleo', (select id::text from public.create_chisme('Mujer', '30', 'Cotilleo en directo aquí', null, 'CR', 'true')), true);
select tests.reset_role();

select results_eq(
  $$ select topic, event, private, extension from realtime.messages where payload ->> 'id' = current_setting('test.casual') $$,
  $$ values ('feed:casual'::text, 'chisme_created'::text, true, 'broadcast'::text) $$,
  'a new casual chisme goes to the private feed:casual topic'
);
select results_eq(
  $$ select topic, event from realtime.messages where payload ->> 'id' = current_setting('test.cotilleo') $$,
  $$ values ('feed:cotilleo'::text, 'chisme_created'::text) $$,
  'a new cotilleo chisme goes to feed:cotilleo'
);
select is(
  (select array_agg(k order by k) from realtime.messages m, jsonb_object_keys(m.payload) k where m.payload ->> 'id' = current_setting('test.casual')),
  array['comments', 'content', 'cotilleo', 'country', 'created_at', 'crisis', 'file_exist', 'gender', 'id', 'image_viewable',
        'is_mine', 'liked_by_me', 'likes', 'report', 'tags', 'updated_at', 'years'],
  'the chisme_created payload is a feed_chisme'
);
select results_eq(
  $$ select (payload ->> 'is_mine')::boolean, (payload ->> 'liked_by_me')::boolean, payload ->> 'content' from realtime.messages where payload ->> 'id' = current_setting('test.casual') $$,
  $$ values (false, false, 'Chisme casual en directo'::text) $$,
  'the broadcast chisme has is_mine and liked_by_me false'
);
select is_empty(
  $$ select 1 from realtime.messages where position(tests.get_supabase_uid('author')::text in payload::text) > 0 $$,
  'no chisme broadcast carries the author''s id'
);

select tests.authenticate_as('other');
select public.like_chisme(current_setting('test.casual'));
select set_config('test.root', (select id::text from public.add_comment(current_setting('test.casual'), null, 'Comentario en directo', 'Hombre', '30', 'ES')), true);
select tests.authenticate_as('author');
select public.add_comment(current_setting('test.casual'), current_setting('test.root'), 'Respuesta en directo', 'Mujer', '30', 'CR');
select tests.authenticate_as('other');
select public.report_chisme(current_setting('test.casual'));
select tests.reset_role();

select results_eq(
  $$ select topic, payload from realtime.messages where event = 'chisme_counts' order by inserted_at, payload ->> 'comments' $$,
  $$ values ('feed:casual'::text, jsonb_build_object('id', current_setting('test.casual')::uuid, 'likes', 1, 'comments', 0)),
            ('feed:casual'::text, jsonb_build_object('id', current_setting('test.casual')::uuid, 'likes', 1, 'comments', 1)) $$,
  'a like and a root comment each broadcast the counts; a reply and a report do not'
);
select results_eq(
  $$ select topic, event, payload ->> 'type' from realtime.messages where event = 'notification_created' order by payload ->> 'type' $$,
  $$ values ('notifications:' || tests.get_supabase_uid('author'), 'notification_created'::text, 'comment_on_chisme'::text),
            ('notifications:' || tests.get_supabase_uid('author'), 'notification_created'::text, 'like_on_chisme'::text),
            ('notifications:' || tests.get_supabase_uid('other'), 'notification_created'::text, 'reply_to_comment'::text) $$,
  'each notification goes to its owner''s topic'
);
select results_eq(
  $$ select payload from realtime.messages where event = 'notification_created' and payload ->> 'type' = 'like_on_chisme' $$,
  $$ select to_jsonb(n) from public.notifications n where n.type = 'like_on_chisme' and n.user_id = tests.get_supabase_uid('author') $$,
  'the notification payload is the notifications row'
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
update public.chismes set file_exist = true where id = current_setting('test.cotilleo')::uuid;
select is((select count(*)::int from realtime.messages where event = 'chisme_counts'), 2, 'marking file_exist broadcasts no counts');

-- Join authorisation: signed-in users on the feed topics
select tests.authenticate_as('other');
select set_config('realtime.topic', 'feed:casual', true);
select isnt_empty($$ select 1 from realtime.messages where topic = 'feed:casual' $$, 'other: may receive feed:casual');
select is_empty($$ select 1 from realtime.messages where topic <> 'feed:casual' $$, 'other: joined to feed:casual sees no other topic''s messages');
select set_config('realtime.topic', 'feed:cotilleo', true);
select isnt_empty($$ select 1 from realtime.messages where topic = 'feed:cotilleo' $$, 'other: may receive feed:cotilleo');
select set_config('realtime.topic', 'feed:otro', true);
select tests.reset_role();
insert into realtime.messages (topic, extension, private, payload, event) values ('feed:otro', 'broadcast', true, '{}', 'x');
insert into realtime.messages (topic, extension, private, payload, event) values ('feed:casual', 'presence', true, '{}', 'x');
select tests.authenticate_as('other');
select set_config('realtime.topic', 'feed:otro', true);
select is_empty($$ select 1 from realtime.messages $$, 'other: may not join an unknown topic');
select set_config('realtime.topic', 'feed:casual', true);
select is_empty($$ select 1 from realtime.messages where extension = 'presence' $$, 'other: only broadcast messages are authorised');

-- Join authorisation: notifications only for their owner
select set_config('realtime.topic', 'notifications:' || tests.get_supabase_uid('other'), true);
select isnt_empty($$ select 1 from realtime.messages $$, 'other: may receive their own notifications topic');
select set_config('realtime.topic', 'notifications:' || tests.get_supabase_uid('author'), true);
select is_empty($$ select 1 from realtime.messages $$, 'other: may not receive the author''s notifications topic');
select tests.authenticate_as('author');
select isnt_empty($$ select 1 from realtime.messages $$, 'author: may receive their own notifications topic');
select is((select count(*)::int from realtime.messages), 2, 'author: sees exactly their two notifications');

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
select set_config('realtime.topic', 'feed:casual', true);
select throws_ok(
  $$ insert into realtime.messages (topic, extension, private, payload, event) values ('feed:casual', 'broadcast', true, '{}', 'chisme_created') $$,
  '42501', null, 'other: may not send fake chismes to a feed'
);
select throws_ok($$ update realtime.messages set payload = '{}' $$, '42501', null, 'other: may not alter messages');
select throws_ok($$ delete from realtime.messages $$, '42501', null, 'other: may not delete messages');

-- Anon joins nothing
select tests.clear_authentication();
select set_config('realtime.topic', 'feed:casual', true);
select is_empty($$ select 1 from realtime.messages $$, 'anon: may not receive feed:casual');
select set_config('realtime.topic', 'notifications:' || tests.get_supabase_uid('other'), true);
select is_empty($$ select 1 from realtime.messages $$, 'anon: may not receive a notifications topic');
select throws_ok(
  $$ insert into realtime.messages (topic, extension, private, payload, event) values ('feed:casual', 'broadcast', true, '{}', 'x') $$,
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
