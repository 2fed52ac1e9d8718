-- Notifications on the owner's topic within the realtime budget (docs/scaling.md): every new
-- or collapsed row waits for private.flush_realtime, which sends one `notifications` message
-- per person per interval with all of them (their latest state), and nothing when nothing
-- changed.
begin;
select plan(10);

select tests.lift_rate_limits();
select tests.create_supabase_users('author', 'other', 'f1', 'f2', 'f3', 'f4');
select tests.authenticate_as('author');
select tests.post_chisme('c', 'Mujer', '30', 'Chisme que gusta mucho', null, 'CR', 'false');
select tests.post_chisme('d', 'Mujer', '30', 'Chisme que se comenta', null, 'CR', 'false');
select tests.authenticate_as('other');
select tests.post_chisme('o', 'Hombre', '30', 'Chisme de otra persona', null, 'CR', 'false');
select tests.reset_role();
select private.flush_realtime();
delete from realtime.messages;
create function pg_temp.flush_notifications() returns int language plpgsql as $$
declare
  v_before int := (select count(*) from realtime.messages where topic like 'notifications:%');
begin
  perform private.flush_realtime();
  return (select count(*) from realtime.messages where topic like 'notifications:%') - v_before;
end;
$$;
create function pg_temp.messages(p_user text) returns int language sql as $$
  select count(*)::int from realtime.messages where topic = 'notifications:' || tests.get_supabase_uid(p_user)
$$;

-- In one interval: four likes on C (one row, collapsed three times), a comment on D (a second
-- row) for the author, and a like on the other person's chisme
select tests.authenticate_as('f1');
select public.like_chisme(current_setting('test.c'));
select public.like_chisme(current_setting('test.o'));
select tests.authenticate_as('f2');
select public.like_chisme(current_setting('test.c'));
select public.add_comment(current_setting('test.d'), null, 'Comentario en el mismo rato', 'Hombre', '30', 'ES');
select tests.authenticate_as('f3');
select public.like_chisme(current_setting('test.c'));
select tests.authenticate_as('f4');
select public.like_chisme(current_setting('test.c'));
select tests.reset_role();
select is(pg_temp.messages('author'), 0, 'new and collapsed rows send nothing by themselves');
select is(pg_temp.flush_notifications(), 2, 'the flush sends two notification messages: one per person');
select is(pg_temp.messages('author'), 1, 'the author gets one message for two rows and three collapses');
select results_eq(
  $$ select event, jsonb_array_length(payload -> 'created'), jsonb_array_length(payload -> 'updated')
     from realtime.messages where topic = 'notifications:' || tests.get_supabase_uid('author') $$,
  $$ values ('notifications'::text, 2, 0) $$,
  'both rows are new in this interval (a row created and collapsed in it is sent once, as new)'
);
select results_eq(
  $$ select e from realtime.messages m, jsonb_array_elements(m.payload -> 'created') e
     where m.topic = 'notifications:' || tests.get_supabase_uid('author') order by e ->> 'type' $$,
  $$ select to_jsonb(n) from public.notifications n where n.user_id = tests.get_supabase_uid('author') order by n.type $$,
  'with each row''s latest state (the like row counts four people)'
);
select is(pg_temp.messages('other'), 1, 'the other person gets their own message');

-- The next interval: two collapses of the like row, and nothing else
delete from realtime.messages;
select tests.create_supabase_users('f5', 'f6');
select tests.authenticate_as('f5');
select public.like_chisme(current_setting('test.c'));
select tests.authenticate_as('f6');
select public.like_chisme(current_setting('test.c'));
select tests.reset_role();
select is(pg_temp.flush_notifications(), 1, 'two collapses of one row: one message');
select results_eq(
  $$ select jsonb_array_length(payload -> 'created'), jsonb_array_length(payload -> 'updated'), (payload -> 'updated' -> 0 ->> 'senders')::int
     from realtime.messages where topic like 'notifications:%' $$,
  $$ values (0, 1, 6) $$,
  'the row as updated, once, with its latest state (6 people)'
);
delete from realtime.messages;
select is(pg_temp.flush_notifications(), 0, 'nothing changed: the next flush sends nothing');

-- A row deleted before the flush is left out
select tests.authenticate_as('f1');
select public.add_comment(current_setting('test.c'), null, 'Comentario que se borra', 'Hombre', '30', 'ES');
select tests.reset_role();
delete from public.notifications where user_id = tests.get_supabase_uid('author') and type = 'comment_on_chisme';
select is(pg_temp.flush_notifications(), 0, 'a notification deleted before the flush is not sent');

select * from finish();
rollback;
