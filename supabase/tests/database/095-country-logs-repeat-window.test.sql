-- The country log's repeat rule at its edge (95-country-logs.sql): the same country within 24
-- hours is skipped, also at 23 h 59 min; after 24 h 1 min it is recorded again. The earlier
-- log's age is set by hand (a client write is always "now").
begin;
select plan(4);

select tests.create_supabase_users('window_traveller');
select tests.authenticate_as('window_traveller');
select is(tests.log_country('Perú'), true, 'the first log is recorded');
select tests.reset_role();
update public.country_logs set created_at = now() - interval '23 hours 59 minutes' where user_id = tests.get_supabase_uid('window_traveller');

select tests.authenticate_as('window_traveller');
select is(tests.log_country('Perú'), false, '23 h 59 min later the same country is still skipped');
select tests.reset_role();
update public.country_logs set created_at = now() - interval '24 hours 1 minute' where user_id = tests.get_supabase_uid('window_traveller');

select tests.authenticate_as('window_traveller');
select is(tests.log_country('Perú'), true, '24 h 1 min later it is recorded again');
select tests.reset_role();
select is((select count(*)::int from public.country_logs where user_id = tests.get_supabase_uid('window_traveller')), 2, 'two logs in all');

select * from finish();
rollback;
