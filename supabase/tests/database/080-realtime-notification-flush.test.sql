-- Notifications on the owner's topic within the realtime budget (docs/scaling.md): a new
-- notification is sent at once; its collapses (one per person who likes or comments) wait for
-- private.flush_realtime, which sends the row's latest state once per interval.
begin;
select plan(6);

select tests.lift_rate_limits();
select tests.create_supabase_users('author', 'f1', 'f2', 'f3', 'f4');
select tests.authenticate_as('author');
select tests.post_chisme('c', 'Mujer', '30', 'Chisme que gusta mucho', null, 'CR', 'false');
select tests.reset_role();
select private.flush_realtime();
delete from realtime.messages;
create function pg_temp.events(p_event text) returns int language sql as $$
  select count(*)::int from realtime.messages where topic = 'notifications:' || tests.get_supabase_uid('author') and event = p_event
$$;

select tests.authenticate_as('f1');
select public.like_chisme(current_setting('test.c'));
select tests.authenticate_as('f2');
select public.like_chisme(current_setting('test.c'));
select tests.authenticate_as('f3');
select public.like_chisme(current_setting('test.c'));
select tests.authenticate_as('f4');
select public.like_chisme(current_setting('test.c'));
select tests.reset_role();
select is(pg_temp.events('notification_created'), 1, 'the first like''s notification is sent at once');
select is(pg_temp.events('notification_updated'), 0, 'the three collapses send nothing by themselves');
select private.flush_realtime();
select is(pg_temp.events('notification_updated'), 1, 'the flush sends one update for the three collapses');
select results_eq(
  $$ select payload from realtime.messages where event = 'notification_updated' $$,
  $$ select to_jsonb(n) from public.notifications n where n.user_id = tests.get_supabase_uid('author') and n.type = 'like_on_chisme' $$,
  'with the row''s latest state (4 people)'
);
select is((select (payload ->> 'senders')::int from realtime.messages where event = 'notification_updated'), 4, 'the update counts the four people');
delete from realtime.messages;
select private.flush_realtime();
select is(pg_temp.events('notification_updated'), 0, 'nothing changed: the next flush sends no update');

select * from finish();
rollback;
