-- Shared caps count people, not events (docs/decisions/0003-new-account-rules.md): the
-- per-target caps of new accounts count each account once per window, so one new account
-- toggling a like again and again cannot spend the places of the other new accounts. Counted
-- as before: at most 10 new accounts like one chisme an hour, 3 report one target.
begin;
select plan(10);

-- Arrange: away from the end of an hour, so the hour's window cannot roll over mid-test.
select pg_sleep(62 - extract(second from clock_timestamp()))
where extract(minute from clock_timestamp()) = 59 and extract(second from clock_timestamp()) > 30;
select tests.lift_rate_limits();
select tests.create_supabase_users('author', 'toggler');
select tests.make_account_new('toggler');
select tests.create_supabase_user('newcomer_' || n) from generate_series(1, 10) n;
select tests.make_account_new('newcomer_' || n) from generate_series(1, 10) n;
select tests.authenticate_as('author');
select tests.post_chisme('c', 'Mujer', '30', 'El chisme que una cuenta nueva no deja de tocar', null, 'España', 'false');

-- Act: a new account toggles its like ten times
select tests.authenticate_as('toggler');
select lives_ok($$ select public.like_chisme(current_setting('test.c')), public.unlike_chisme(current_setting('test.c')) from generate_series(1, 10) $$,
  'a new account likes and unlikes the chisme ten times');
select tests.reset_role();
select is((select events from private.rate_limit_counters where subject_id = current_setting('test.c')::uuid and action = 'new_account_like'), 1,
  'ten likes of one account take one place of the cap');

-- The other new accounts still find their places: nine of them fill the cap with the toggler
select lives_ok($$ select tests.authenticate_as('newcomer_' || n), public.like_chisme(current_setting('test.c')) from generate_series(1, 9) n $$,
  'nine other new accounts like it');
select tests.reset_role();
select is((select likes from public.chismes where id = current_setting('test.c')::uuid), 9, 'their nine likes count');
select tests.authenticate_as('newcomer_10');
select throws_ok($$ select public.like_chisme(current_setting('test.c')) $$, 'P0001', 'new_account_limited',
  'the eleventh distinct new account within the hour is refused (the cap is 10 accounts)');
select tests.authenticate_as('toggler');
select is(public.like_chisme(current_setting('test.c'))::text::int, 10, 'the toggler, already counted, likes again within the cap');
select is(public.unlike_chisme(current_setting('test.c'))::text::int, 9, 'and unlikes');
select tests.reset_role();
select is((select events from private.rate_limit_counters where subject_id = current_setting('test.c')::uuid and action = 'new_account_like'), 10,
  'the window counted ten accounts, never more');
select is((select count(*)::int from private.rate_limit_members where subject_id = current_setting('test.c')::uuid and action = 'new_account_like'), 10,
  'one member row per account counted');

-- A refused account takes no place: once the window is over, it is counted afresh
update private.rate_limit_counters set window_start = window_start - interval '1 hour' where action = 'new_account_like';
update private.rate_limit_members set window_start = window_start - interval '1 hour' where action = 'new_account_like';
select tests.authenticate_as('newcomer_10');
select is(public.like_chisme(current_setting('test.c'))::text::int, 10, 'in the next window the refused account likes it');

select * from finish();
rollback;
