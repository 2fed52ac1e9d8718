-- The per-sender notification budget counts per hour, not per minute: events a sender spent
-- earlier in the same hour (two minutes ago, say) still count. The earlier events are the
-- budget's row for this hour (window_start = the hour); a budget counted per minute would not
-- find it and let the sender through. (At minute :00 a per-minute window starts with the hour
-- and the two cannot be told apart.)
begin;
select plan(4);

select tests.lift_rate_limits();
update private.rate_limit_settings set max_events = 5 where action = 'notification';
select tests.create_supabase_users('budget_victim', 'budget_flooder', 'budget_friend');
select tests.authenticate_as('budget_victim');
select lives_ok($$ select set_config('test.first', (select id::text from tests.create_chisme('Mujer', '30', 'Mi primer chisme de hoy', null, 'CR', 'false')), true) $$,
  'arrange: the victim''s chisme');
select lives_ok($$ select set_config('test.second', (select id::text from tests.create_chisme('Mujer', '30', 'Mi segundo chisme de hoy', null, 'CR', 'false')), true) $$,
  'arrange: another chisme of the victim');
select tests.reset_role();
-- Five events two minutes ago, in this hour: the whole budget (the hour's window of the
-- sender's count towards the victim, 12-rate-limits.sql).
insert into private.rate_limit_counters (subject_id, action, window_seconds, window_start, events)
values (private.notification_budget_subject(tests.get_supabase_uid('budget_flooder'), tests.get_supabase_uid('budget_victim')),
  'notification', 3600, to_timestamp(floor(extract(epoch from clock_timestamp()) / 3600) * 3600), 5);

select tests.authenticate_as('budget_flooder');
select tests.arrange($arrange$ select public.add_comment(current_setting('test.first'), null, 'Otra vez yo', 'Hombre', '30', 'ES') $arrange$);
select tests.authenticate_as('budget_friend');
select tests.arrange($arrange$ select public.add_comment(current_setting('test.second'), null, 'Hola, soy otra persona', 'Mujer', '30', 'ES') $arrange$);

select tests.authenticate_as('budget_victim');
select is_empty(
  $$ select message from public.notifications where data ->> 'chismeId' = current_setting('test.first') $$,
  'a sender who spent the budget earlier in the hour notifies no more this hour'
);
select isnt_empty(
  $$ select message from public.notifications where data ->> 'chismeId' = current_setting('test.second') $$,
  'another sender still notifies (the path works)'
);

select * from finish();
rollback;
