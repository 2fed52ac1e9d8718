-- Notification floods (docs/decisions/0004-notification-floods.md): unread notifications of one kind on one chisme collapse into
-- one row counting the people behind it, broadcast as an update; one sender notifies one
-- recipient at most 5 times an hour; a flood leaves the victim's earlier notifications in place;
-- read notifications are never rewritten; the 100-cap stays.
begin;
select plan(17);

select tests.lift_rate_limits();
update private.rate_limit_settings set max_events = 5 where action = 'notification';
select tests.create_supabase_users('victim', 'flooder', 'friend1', 'friend2');
select tests.authenticate_as('victim');
select tests.arrange($arrange$ select set_config('test.old', (select id::text from tests.create_chisme('Mujer', '30', 'Mi chisme de ayer', null, 'CR', 'false')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.new', (select id::text from tests.create_chisme('Mujer', '30', 'Mi chisme de hoy', null, 'CR', 'false')), true) $arrange$);
-- Earlier notifications: 40 from other chismes, already there before the flood
select tests.reset_role();
insert into public.notifications (user_id, type, message, data, unique_id, created_at)
select tests.get_supabase_uid('victim'), 'comment_on_chisme', 'Antiguo ' || n, jsonb_build_object('chismeId', gen_random_uuid()), 'old:' || n, now() - n * interval '1 hour'
from generate_series(1, 40) n;
create function pg_temp.live_events(p_event text) returns int language sql as $$
  select count(*)::int from realtime.messages
  where topic = 'notifications:' || tests.get_supabase_uid('victim') and event = p_event
$$;
select private.flush_realtime();
select set_config('test.created0', pg_temp.live_events('notifications')::text, true);

-- Three people comment on the old chisme: one row, counting three people
select tests.authenticate_as('friend1');
select tests.arrange($arrange$ select public.add_comment(current_setting('test.old'), null, 'Qué fuerte', 'Mujer', '30', 'ES') $arrange$);
select tests.authenticate_as('friend2');
select tests.arrange($arrange$ select public.add_comment(current_setting('test.old'), null, 'No me lo creo', 'Mujer', '30', 'ES') $arrange$);
select tests.authenticate_as('flooder');
select tests.arrange($arrange$ select public.add_comment(current_setting('test.old'), null, 'Yo lo sabía', 'Hombre', '30', 'ES') $arrange$);
select tests.reset_role();
select is(pg_temp.live_events('notifications') - current_setting('test.created0')::int, 0, 'the new row and its collapses wait for the realtime flush');
select private.flush_realtime();
select is(pg_temp.live_events('notifications') - current_setting('test.created0')::int, 1, 'the flush broadcasts the new row and its two collapses once, coalesced, in one message');
select is(
  (select count(*)::int from private.notification_senders s join public.notifications n on n.id = s.notification_id
   where n.data ->> 'chismeId' = current_setting('test.old') and n.type = 'comment_on_chisme'),
  3,
  'the three senders are remembered privately, once each'
);
-- Read as the service role, which sees every message of the topic whatever realtime.topic is set to.
select ok(
  (select count(*) > 0 and bool_and(position(tests.get_supabase_uid('flooder')::text in m.payload::text) = 0 and position(tests.get_supabase_uid('friend1')::text in m.payload::text) = 0)
   from realtime.messages m where m.topic = 'notifications:' || tests.get_supabase_uid('victim')),
  'no broadcast names a sender'
);
select tests.authenticate_as('victim');
select results_eq(
  $$ select count(*)::int, max(senders), max(message) from public.notifications where data ->> 'chismeId' = current_setting('test.old') $$,
  $$ values (1, 3, '3 personas comentaron tu chisme') $$,
  'three people commenting collapse into one notification: "3 personas comentaron tu chisme"'
);

-- The flooder sends 60 comments on the new chisme
select tests.authenticate_as('flooder');
select lives_ok(
  $$ select count(tests.add_comment(current_setting('test.new'), null, 'Spam número ' || n, 'Hombre', '30', 'ES')) from generate_series(1, 60) n $$,
  'flooder: 60 comments are stored (the comments themselves are the rate limiter''s business)'
);
select tests.authenticate_as('victim');
select is((select count(*)::int from public.notifications where message like 'Antiguo %'), 40, 'victim: all 40 earlier notifications survive the flood');
select is((select count(*)::int from public.notifications where data ->> 'chismeId' = current_setting('test.new')), 1, 'victim: the flood is one notification');
select tests.reset_role();
select private.flush_realtime();
select is(
  pg_temp.live_events('notifications') - current_setting('test.created0')::int,
  1 + 1,
  'victim: the flood produced 1 more live message (a new notification and its 3 collapses within the sender''s budget, coalesced), not 60'
);
select tests.authenticate_as('victim');
select is((select message from public.notifications where data ->> 'chismeId' = current_setting('test.new')), 'Nuevo comentario en tu chisme: "Spam número 4"', 'victim: the single sender keeps the single-person message, frozen at their budget');
select is((select count(*)::int from public.notifications), 42, 'victim: 42 notifications in all');

-- A different sender still gets through; the budget is per sender and recipient
select tests.authenticate_as('friend1');
select tests.arrange($arrange$ select public.add_comment(current_setting('test.new'), null, 'Yo también lo vi', 'Mujer', '30', 'ES') $arrange$);
select tests.authenticate_as('victim');
select results_eq(
  $$ select senders, message from public.notifications where data ->> 'chismeId' = current_setting('test.new') $$,
  $$ values (2, '2 personas comentaron tu chisme') $$,
  'victim: another person''s comment still counts'
);

-- Read notifications are never rewritten: the next event starts a new unread one
select tests.arrange($arrange$ select public.mark_all_notifications_read() $arrange$);
select tests.authenticate_as('friend2');
select tests.arrange($arrange$ select public.add_comment(current_setting('test.new'), null, 'Otra cosa más', 'Mujer', '30', 'ES') $arrange$);
select tests.authenticate_as('victim');
select results_eq(
  $$ select is_read, senders from public.notifications where data ->> 'chismeId' = current_setting('test.new') order by is_read $$,
  $$ values (false, 1), (true, 2) $$,
  'victim: a read notification stays as read; a new unread one starts'
);

-- Likes collapse too
select tests.authenticate_as('friend1');
select tests.arrange($arrange$ select public.like_chisme(current_setting('test.old')) $arrange$);
select tests.authenticate_as('friend2');
select tests.arrange($arrange$ select public.like_chisme(current_setting('test.old')) $arrange$);
select tests.authenticate_as('victim');
select is((select message from public.notifications where type = 'like_on_chisme'), 'A 2 personas les gustó tu chisme', 'likes collapse: "A 2 personas les gustó tu chisme"');

-- The 100-cap still holds for genuinely different notifications
select tests.reset_role();
-- (ids above any random one: with one now() for the whole test, the newest row the cap keeps
-- is decided by id, so the next new notification is the one trimmed at once)
insert into public.notifications (id, user_id, type, message, data, unique_id)
select ('ffffffff-ffff-4fff-bfff-' || lpad(n::text, 12, '0'))::uuid, tests.get_supabase_uid('victim'), 'comment_on_chisme', 'Relleno ' || n, jsonb_build_object('chismeId', gen_random_uuid()), 'fill:' || n
from generate_series(1, 100) n;
select tests.authenticate_as('victim');
select is((select count(*)::int from public.notifications), 100, 'victim: the 100-cap holds');
-- At the cap, a new notification can be trimmed in the very insert that made it (one now() for
-- the whole transaction): the sender bookkeeping must not fail the like.
select tests.authenticate_as('friend1');
select lives_ok($$ select public.like_chisme(current_setting('test.new')) $$, 'friend1: a like at the victim''s cap still works');
select throws_ok($$ select * from private.notification_senders $$, '42501', null, 'the sender list is not readable by users');

select * from finish();
rollback;
