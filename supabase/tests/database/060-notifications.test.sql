-- Notifications (spec §4, §5, §9): only the owner reads, marks read and deletes; only the
-- database creates them; message ≤ 500; at most 100 per user; 30-day retention on insert, on
-- read and by the daily job.
begin;
select plan(39);

-- Arrange
select tests.create_supabase_users('owner', 'other');
insert into public.notifications (user_id, type, message, data, unique_id, created_at)
select tests.get_supabase_uid('owner'), 'comment_on_chisme', 'Nuevo comentario ' || n, jsonb_build_object('chismeId', gen_random_uuid()), 'comment:' || n,
       now() - n * interval '1 minute'
from generate_series(1, 5) n;
insert into public.notifications (user_id, type, message, unique_id)
values (tests.get_supabase_uid('other'), 'like_on_chisme', 'Le gustó al otro', 'like:x');

-- Act as the owner
select tests.authenticate_as('owner');
select is((select count(*)::int from public.notifications), 5, 'owner: sees their notifications');
select is((select count(*)::int from public.notifications where not is_read), 5, 'owner: all start unread');
select results_eq(
  $$ select public.mark_notification_read(n.id::text) from public.notifications n where n.message = 'Nuevo comentario 1' $$,
  array[true],
  'owner: marks one notification read (mark_notification_read)'
);
select is((select count(*)::int from public.notifications where not is_read), 4, 'owner: the unread count drops');
select throws_ok($$ update public.notifications set message = 'cambiado' $$, '42501', null, 'owner: cannot change the message');
select throws_ok($$ update public.notifications set user_id = tests.get_supabase_uid('other') $$, '42501', null, 'owner: cannot hand a notification to someone else');
select throws_ok($$ update public.notifications set created_at = now() $$, '42501', null, 'owner: cannot change the date');
select is(public.mark_all_notifications_read(), 4, 'owner: mark all read returns how many changed');
select is(public.mark_all_notifications_read(), 0, 'owner: a second mark all changes nothing');
select is((select count(*)::int from public.notifications where not is_read), 0, 'owner: nothing unread remains');
select results_eq(
  $$ select public.delete_notification(n.id::text) from public.notifications n where n.message = 'Nuevo comentario 2' $$,
  array[true],
  'owner: deletes a notification (delete_notification)'
);
select is((select count(*)::int from public.notifications), 4, 'owner: it is gone');
select throws_ok($$ insert into public.notifications (user_id, type, message) values (tests.get_supabase_uid('owner'), 'like_on_chisme', 'falsa') $$,
  '42501', null, 'owner: cannot create notifications');

-- Act as another user
select tests.authenticate_as('other');
select results_eq($$ select message from public.notifications $$, array['Le gustó al otro'], 'other: sees only their own');
select throws_ok(
  $$ update public.notifications set is_read = false where user_id = tests.get_supabase_uid('owner') $$,
  '42501', null,
  'other: cannot mark the owner''s notifications (no direct update at all)'
);
select throws_ok(
  $$ delete from public.notifications where user_id = tests.get_supabase_uid('owner') $$,
  '42501', null,
  'other: cannot delete the owner''s notifications (no direct delete at all)'
);
select is(public.mark_all_notifications_read(), 1, 'other: mark all touches only their own');
select throws_ok($$ insert into public.notifications (user_id, type, message) values (tests.get_supabase_uid('owner'), 'like_on_chisme', 'spam') $$,
  '42501', null, 'other: cannot notify someone');

-- A token without a user
select tests.reset_role();
select set_config('role', 'authenticated', true);
select set_config('request.jwt.claims', '{"role":"authenticated"}', true);
select throws_ok($$ select public.mark_all_notifications_read() $$, 'P0001', 'not_authenticated', 'a token without a user cannot mark all read');

-- Act as anon
select tests.clear_authentication();
select throws_ok($$ select * from public.notifications $$, '42501', null, 'anon: cannot read notifications');
select throws_ok($$ select public.mark_all_notifications_read() $$, '42501', null, 'anon: cannot mark all read');
select throws_ok($$ update public.notifications set is_read = true $$, '42501', null, 'anon: cannot mark read');
select throws_ok($$ delete from public.notifications $$, '42501', null, 'anon: cannot delete');

-- Rules of creation (service role, as the edge functions would be; the database itself uses them)
select tests.authenticate_as_service_role();
select throws_ok(
  $$ insert into public.notifications (user_id, type, message) values (tests.get_supabase_uid('owner'), 'like_on_chisme', repeat('m', 501)) $$,
  'P0001', 'notification_message_too_long', 'a message over 500 characters is refused'
);
select lives_ok(
  $$ insert into public.notifications (user_id, type, message) values (tests.get_supabase_uid('owner'), 'like_on_chisme', repeat('m', 500)) $$,
  'a 500-character message is accepted'
);
select throws_ok($$ insert into public.notifications (type, message) values ('like_on_chisme', 'x') $$, 'P0001', 'notification_user_required', 'a notification needs its user');
select throws_ok($$ insert into public.notifications (user_id, message) values (tests.get_supabase_uid('owner'), 'x') $$, 'P0001', 'notification_type_required', 'a notification needs its type');
select throws_ok($$ insert into public.notifications (user_id, type, message) values (tests.get_supabase_uid('owner'), 'spam', 'x') $$, '23514', null, 'only the three types exist');

-- Once per unique id
select tests.reset_role();
select lives_ok(
  $$ select private.notify(tests.get_supabase_uid('other'), 'like_on_chisme', 'Otra vez', '{}'::jsonb, 'like:x') $$,
  'a notification with an existing unique id is ignored without error'
);
select is((select count(*)::int from public.notifications where user_id = tests.get_supabase_uid('other')), 1, 'the duplicate was not stored');

-- At most 100 per user: creating one deletes the oldest beyond 100
insert into public.notifications (user_id, type, message, created_at)
select tests.get_supabase_uid('owner'), 'like_on_chisme', 'masiva ' || n, now() - interval '1 day' + n * interval '1 second'
from generate_series(1, 105) n;
select is((select count(*)::int from public.notifications where user_id = tests.get_supabase_uid('owner')), 100, 'a user keeps at most 100 notifications');
select is_empty(
  $$ select 1 from public.notifications where message in (select 'masiva ' || n from generate_series(1, 10) n) $$,
  'the 10 oldest beyond 100 were deleted'
);
select ok(exists (select 1 from public.notifications where message = 'masiva 11'), 'the 100th newest is kept');
select ok(exists (select 1 from public.notifications where message = 'masiva 105'), 'the newest is kept');

-- 30-day retention
update public.notifications set created_at = now() - interval '31 days' where message in ('masiva 105', 'masiva 104');
select tests.authenticate_as('owner');
select is_empty($$ select 1 from public.notifications where message in ('masiva 105', 'masiva 104') $$, 'owner: notifications older than 30 days are not served even before cleanup');
select tests.reset_role();
select private.notify(tests.get_supabase_uid('owner'), 'comment_on_chisme', 'nueva', '{}'::jsonb, null);
select is_empty($$ select 1 from public.notifications where message in ('masiva 105', 'masiva 104') $$, 'creating a notification deletes the owner''s expired ones');
update public.notifications set created_at = now() - interval '40 days' where user_id = tests.get_supabase_uid('other');
update public.notifications set created_at = now() - interval '31 days' where message = 'masiva 11';
select is(private.delete_expired_notifications(), 2, 'the daily job deletes every user''s expired notifications');
select is((select count(*)::int from public.notifications where user_id = tests.get_supabase_uid('other')), 0, 'including those of users who got nothing new');
select ok(exists (select 1 from cron.job where jobname = 'delete-expired-notifications' and schedule = '17 3 * * *'), 'the job runs daily');

select * from finish();
rollback;
