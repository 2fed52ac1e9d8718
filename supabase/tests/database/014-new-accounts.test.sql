-- New-account rules against throw-away accounts (docs/decisions/0003-new-account-rules.md): accounts younger than a day get
-- half of every rate limit, at most 10 of them may like one chisme and 3 report one target
-- an hour, and their reports never count towards automatic hiding.
begin;
select plan(27);

-- Arrange: away from the end of a minute and an hour, so fixed windows cannot roll over.
select pg_sleep(62 - extract(second from clock_timestamp()))
where extract(second from clock_timestamp()) > 55 or (extract(minute from clock_timestamp()) = 59 and extract(second from clock_timestamp()) > 30);
select tests.create_supabase_users('author', 'veteran', 'newcomer');
select tests.make_account_new('newcomer');
select tests.create_supabase_user('sybil_' || n) from generate_series(1, 12) n;
select tests.make_account_new('sybil_' || n) from generate_series(1, 12) n;

select results_eq(
  $$ select min_age, limit_percent, target_window_seconds, target_max_likes, target_max_reports from private.new_account_settings $$,
  $$ values (interval '1 day', 50, 3600, 10, 3) $$,
  'the settings: new for a day, half limits, per hour at most 10 likes and 3 reports per target'
);
select is(private.is_new_account(tests.get_supabase_uid('veteran')), false, 'an account of 30 days is not new');
select is(private.is_new_account(tests.get_supabase_uid('newcomer')), true, 'an account of one hour is new');
insert into private.rate_limit_overrides (user_id, factor) values (tests.get_supabase_uid('sybil_12'), 1);
select is(private.is_new_account(tests.get_supabase_uid('sybil_12')), false, 'an account the operator vouched for (rate-limit override) is not new');
delete from private.rate_limit_overrides where user_id = tests.get_supabase_uid('sybil_12');

-- Half limits: 2 chismes a minute instead of 3
select tests.authenticate_as('newcomer');
select lives_ok($$ select public.create_chisme('Mujer', '30', 'Primer chisme de la recién llegada', null, 'CR', 'false') $$, 'newcomer: first chisme');
select lives_ok($$ select public.create_chisme('Mujer', '30', 'Segundo chisme de la recién llegada', null, 'CR', 'false') $$, 'newcomer: second chisme, at half the limit');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Tercer chisme de la recién llegada', null, 'CR', 'false') $$, 'P0001', 'rate_limited', 'newcomer: the third within the minute is refused (an established account may post 3)');
select tests.make_account_new('newcomer', interval '25 hours');
select lives_ok($$ select public.create_chisme('Mujer', '30', 'Tercer chisme, ya con un día', null, 'CR', 'false') $$, 'a day later the full limit applies: the third is allowed');

-- Per-target cap on likes
select tests.authenticate_as('author');
select tests.arrange($arrange$ select set_config('test.chisme', (select id::text from tests.create_chisme('Mujer', '30', 'El chisme que atacan las cuentas nuevas', null, 'CR', 'false')), true) $arrange$);
-- The attacked comment sits on another chisme: hiding test.chisme below hides its comments too.
select tests.arrange($arrange$ select set_config('test.other_chisme', (select id::text from tests.create_chisme('Mujer', '30', 'Otro chisme con un comentario atacado', null, 'CR', 'false')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.comment', (select id::text from tests.add_comment(current_setting('test.other_chisme'), null, 'El comentario atacado', 'Mujer', '30', 'CR')), true) $arrange$);
select tests.arrange($arrange$ select tests.authenticate_as('sybil_' || n), public.like_chisme(current_setting('test.chisme')) from generate_series(1, 10) n $arrange$);
select tests.authenticate_as('sybil_11');
select throws_ok($$ select public.like_chisme(current_setting('test.chisme')) $$, 'P0001', 'new_account_limited', 'the 11th new account''s like on one chisme within the hour is refused');
select ok(
  tests.error_detail($$ select public.like_chisme(current_setting('test.chisme')) $$) ->> 'action' = 'like'
  and (tests.error_detail($$ select public.like_chisme(current_setting('test.chisme')) $$) ->> 'retry_after')::int between 1 and 3600,
  'the refusal says the action and the seconds to wait (1–3600)'
);
select tests.authenticate_as('veteran');
select is(public.like_chisme(current_setting('test.chisme'))::text::int, 11, 'an established account still likes it: 10 new + 1 established');
select tests.reset_role();
select is((select likes from public.chismes where id = current_setting('test.chisme')::uuid), 11, 'the refused like stored nothing: the counter is exact');
update private.rate_limit_counters set window_start = window_start - interval '1 hour'
where subject_id = current_setting('test.chisme')::uuid and action = 'new_account_like';
update private.rate_limit_members set window_start = window_start - interval '1 hour'
where subject_id = current_setting('test.chisme')::uuid and action = 'new_account_like';
select tests.authenticate_as('sybil_11');
select is(public.like_chisme(current_setting('test.chisme'))::text::int, 12, 'in the next window a new account may like it again');

-- Per-target cap on reports, and new accounts' reports do not hide
select tests.arrange($arrange$ select tests.authenticate_as('sybil_' || n), public.report_chisme(current_setting('test.chisme'), 'Spam') from generate_series(1, 3) n $arrange$);
select tests.authenticate_as('sybil_4');
select throws_ok($$ select public.report_chisme(current_setting('test.chisme'), 'Spam') $$, 'P0001', 'new_account_limited', 'the 4th new account''s report on one chisme within the hour is refused');
select tests.arrange($arrange$ select tests.authenticate_as('sybil_' || n), public.report_comment(current_setting('test.comment'), 'Spam') from generate_series(5, 7) n $arrange$);
select tests.authenticate_as('sybil_8');
select throws_ok($$ select public.report_comment(current_setting('test.comment'), 'Spam') $$, 'P0001', 'new_account_limited', 'comments have the same cap: the 4th new account''s report is refused');
select tests.reset_role();
update private.rate_limit_counters set window_start = window_start - interval '1 hour' where action = 'new_account_report';
update private.rate_limit_members set window_start = window_start - interval '1 hour' where action = 'new_account_report';
select tests.arrange($arrange$ select tests.authenticate_as('sybil_' || n), public.report_chisme(current_setting('test.chisme'), 'Spam') from generate_series(4, 6) n $arrange$);
select tests.reset_role();
select is((select count(*)::int from public.reports where chisme_id = current_setting('test.chisme')::uuid), 6, 'six new accounts'' reports are stored (over two windows)');
select is((select hidden_at from public.chismes where id = current_setting('test.chisme')::uuid), null, 'six reports from new accounts do not hide the chisme (threshold 5)');

-- Established reporters: the threshold counts only them
select tests.create_supabase_user('reporter_' || n) from generate_series(1, 5) n;
select tests.arrange($arrange$ select tests.authenticate_as('reporter_' || n), public.report_chisme(current_setting('test.chisme'), 'Spam') from generate_series(1, 4) n $arrange$);
select tests.reset_role();
select is((select hidden_at from public.chismes where id = current_setting('test.chisme')::uuid), null, 'four established reports plus six new ones: not hidden');
select tests.authenticate_as('reporter_5');
select lives_ok($$ select public.report_chisme(current_setting('test.chisme'), 'Spam') $$, 'the fifth established reporter reports');
select tests.reset_role();
select isnt((select hidden_at from public.chismes where id = current_setting('test.chisme')::uuid), null, 'the fifth established report hides the chisme');

-- Sleeping a day does not make a new account's reports count later
update auth.users set created_at = created_at - interval '2 days'
where raw_user_meta_data ->> 'test_identifier' in ('sybil_5', 'sybil_6', 'sybil_7');
update public.reports set created_at = created_at - interval '2 days' where comment_id = current_setting('test.comment')::uuid;
select tests.create_supabase_user('reporter_' || n) from generate_series(6, 9) n;
select tests.arrange($arrange$ select tests.authenticate_as('reporter_' || n), public.report_comment(current_setting('test.comment'), 'Spam') from generate_series(6, 9) n $arrange$);
select tests.reset_role();
select is((select hidden_at from public.comments where id = current_setting('test.comment')::uuid), null,
  'three reports made in their accounts'' first hour (now old) plus four established: the comment is not hidden');
select tests.create_supabase_user('reporter_10');
select tests.authenticate_as('reporter_10');
select lives_ok($$ select public.report_comment(current_setting('test.comment'), 'Spam') $$, 'a fifth established reporter reports the comment');
select tests.reset_role();
select isnt((select hidden_at from public.comments where id = current_setting('test.comment')::uuid), null, 'the fifth counting report hides the comment');

-- A large override times a large limit is counted in bigint, not a raw 22003
select tests.reset_role();
insert into private.rate_limit_overrides (user_id, factor) values (tests.get_supabase_uid('veteran'), 1000000);
update private.rate_limit_settings set max_events = 1000000 where action = 'chisme';
select tests.authenticate_as('veteran');
select lives_ok($$ select public.create_chisme('Hombre', '40', 'Chisme con límites enormes', null, 'CR', 'false') $$, 'a limit of 10^12 (override × setting) does not overflow');
select tests.reset_role();

-- Trusted roles are not limited
select tests.authenticate_as_service_role();
select lives_ok($$ insert into public.likes (chisme_id, user_id) select current_setting('test.chisme')::uuid, tests.get_supabase_uid('sybil_12') $$,
  'the service role writes a new account''s like past the cap (operator tools)');
select tests.reset_role();
select is((select count(*)::int from private.rate_limit_counters where action = 'new_account_like' and events > 10), 0, 'no window counted past its cap');
select is(private.delete_expired_new_account_counters() >= 1, true, 'the daily purge removes ended windows');

select * from finish();
rollback;
