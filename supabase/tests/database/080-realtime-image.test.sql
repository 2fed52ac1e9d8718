-- Realtime: when the chisme-image function (service role) marks a chisme's image as stored,
-- the chisme's own page hears it on its private topic chisme:<id> at once, and the head topics
-- at the next flush, with no one's user id; other updates of the chisme send no image event.
begin;
select plan(7);

-- Arrange
select tests.create_supabase_user('author');
select tests.authenticate_as('author');
select tests.arrange($arrange$ select set_config('test.cotilleo', (select id::text from tests.create_chisme('Mujer', '30', 'Cotilleo con foto ahora', null, 'CR', 'true')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.casual', (select id::text from tests.create_chisme('Mujer', '30', 'Chisme casual sin foto', null, 'CR', 'false')), true) $arrange$);
select tests.reset_role();
delete from realtime.messages;

-- Act: the service role stores the image, as the chisme-image function does
select tests.authenticate_as_service_role();
update public.chismes set file_exist = true where id = current_setting('test.cotilleo')::uuid;
select tests.reset_role();

select results_eq(
  $$ select topic, event, private, payload from realtime.messages where event = 'chisme_image' $$,
  $$ values ('chisme:' || current_setting('test.cotilleo'), 'chisme_image'::text, true,
             jsonb_build_object('id', current_setting('test.cotilleo')::uuid, 'file_exist', true, 'image_viewable', true)) $$,
  'storing a fresh cotilleo image broadcasts chisme_image, viewable, on the chisme''s own topic'
);
select private.flush_realtime();
select results_eq(
  $$ select m.topic, e ->> 'file_exist', e ->> 'image_viewable' from realtime.messages m, jsonb_array_elements(m.payload -> 'counts') e
     where m.event = 'chisme_counts' and e ->> 'id' = current_setting('test.cotilleo') and m.topic like 'head:recent:%' $$,
  $$ values ('head:recent:cotilleo', 'true', 'true') $$,
  'the next flush carries the image state to the head of recent cotilleo, which holds the new chisme'
);
delete from realtime.messages where event = 'chisme_counts';
select is_empty(
  $$ select 1 from realtime.messages where position(tests.get_supabase_uid('author')::text in payload::text) > 0 $$,
  'the image broadcast carries no user id'
);

-- An old chisme's image is announced as stored but not viewable
delete from realtime.messages;
update public.chismes set created_at = now() - interval '21 minutes', file_exist = false where id = current_setting('test.cotilleo')::uuid;
delete from realtime.messages;
update public.chismes set file_exist = true where id = current_setting('test.cotilleo')::uuid;
select results_eq(
  $$ select (payload ->> 'file_exist')::boolean, (payload ->> 'image_viewable')::boolean from realtime.messages where event = 'chisme_image' $$,
  $$ values (true, false) $$,
  'an image stored after the 20-minute window is announced as not viewable'
);

-- Updates that do not change file_exist send no image event
delete from realtime.messages;
update public.chismes set file_exist = true where id = current_setting('test.cotilleo')::uuid;
update public.chismes set content = 'Cotilleo con foto editado' where id = current_setting('test.cotilleo')::uuid;
select is_empty(
  $$ select 1 from realtime.messages where event = 'chisme_image' $$,
  'setting file_exist to the value it has, or editing other columns, broadcasts no image event'
);

-- Casual chismes go to their own topic (the event follows the row's mode)
update public.chismes set file_exist = true where id = current_setting('test.casual')::uuid;
select results_eq(
  $$ select topic, (payload ->> 'image_viewable')::boolean from realtime.messages where event = 'chisme_image' $$,
  $$ values ('chisme:' || current_setting('test.casual'), false) $$,
  'a casual chisme''s event goes to its own topic and is never viewable'
);

-- Clients cannot call the trigger function
select ok(
  not has_function_privilege('authenticated', 'private.broadcast_chisme_image(public.chismes)', 'execute'),
  'signed-in users cannot execute the broadcast trigger function'
);

select * from finish();
rollback;
