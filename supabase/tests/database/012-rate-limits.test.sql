-- Rate limits (docs/decisions/0002-rate-limits.md): every client write is counted per user in fixed windows; at the
-- limit it is allowed, past it refused with rate_limited and the seconds to wait; a refused
-- write changes nothing; a new window starts afresh; trusted roles are not limited; a deleted
-- user's still-valid token gets not_authenticated instead of a foreign-key error.
begin;
select plan(29);

-- Arrange: away from the end of a minute, so the one-minute windows cannot roll over mid-test.
select tests.away_from_minute_end();
select tests.create_supabase_users('poster', 'fan', 'ghost');

select set_eq(
  $$ select distinct action from private.rate_limit_settings $$,
  array['chisme', 'comment', 'like', 'report', 'country', 'block', 'notification', 'sign_in_lookup',
        'notice_client', 'notice_target', 'notice_address'],
  'every kind of write has a limit in the settings table (and block operations, sign-in lookups, signed-out notices)'
);
select ok(
  (select bool_and(max_events >= 1) from private.rate_limit_settings) and (select count(*) from private.rate_limit_settings where action = 'chisme') = 3,
  'the chisme limit has a burst, an hourly and a daily window'
);

-- Chismes: 3 per minute by default.
select tests.authenticate_as('poster');
select lives_ok($$ select public.create_chisme('Mujer', '30', 'Primer chisme del día', null, 'CR', 'false') $$, 'poster: first chisme');
select lives_ok($$ select public.create_chisme('Mujer', '30', 'Segundo chisme del día', null, 'CR', 'false') $$, 'poster: second chisme');
select lives_ok($$ select public.create_chisme('Mujer', '30', 'Tercer chisme del día', null, 'CR', 'false') $$, 'poster: third chisme, at the limit, is allowed');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Cuarto chisme del día', null, 'CR', 'false') $$, 'P0001', 'rate_limited', 'poster: the fourth within the minute is refused');
select ok(
  (tests.error_detail($$ select public.create_chisme('Mujer', '30', 'Cuarto chisme del día', null, 'CR', 'false') $$) ->> 'retry_after')::int between 1 and 60
  and tests.error_detail($$ select public.create_chisme('Mujer', '30', 'Cuarto chisme del día', null, 'CR', 'false') $$) ->> 'action' = 'chisme',
  'poster: the refusal says which action and how many seconds to wait (1–60)'
);
select throws_ok($$ insert into public.chismes (gender, years, content) values ('Mujer', 30, 'Por REST directamente') $$, '42501', null, 'poster: there is no direct REST insert to get around the limit');
select is((select count(*)::int from public.get_my_chismes(false)), 3, 'poster: the refused writes stored nothing');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'corto', null, 'CR', 'false') $$, 'P0001', 'chisme_content_too_short', 'poster: invalid content is judged before the limit');

-- A new window starts afresh (the minute window is moved into the past).
select tests.reset_role();
update private.rate_limit_counters set window_start = window_start - interval '1 minute'
where subject_id = tests.get_supabase_uid('poster') and action = 'chisme' and window_seconds = 60;
select tests.authenticate_as('poster');
select lives_ok($$ select public.create_chisme('Mujer', '30', 'Cuarto chisme, otro minuto', null, 'CR', 'false') $$, 'poster: in the next minute posting works again');
select is((select count(*)::int from public.get_my_chismes(false)), 4, 'poster: four chismes stored');

-- The hourly ceiling holds across minutes.
select tests.reset_role();
update private.rate_limit_counters set events = 20
where subject_id = tests.get_supabase_uid('poster') and action = 'chisme' and window_seconds = 3600;
update private.rate_limit_counters set window_start = window_start - interval '1 minute'
where subject_id = tests.get_supabase_uid('poster') and action = 'chisme' and window_seconds = 60;
select tests.authenticate_as('poster');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Uno más en la hora', null, 'CR', 'false') $$, 'P0001', 'rate_limited', 'poster: past 20 in the hour it is refused even in a fresh minute');
select ok(
  (tests.error_detail($$ select public.create_chisme('Mujer', '30', 'Uno más en la hora', null, 'CR', 'false') $$) ->> 'retry_after')::int between 1 and 3600,
  'poster: the wait is the rest of the hour'
);

-- Likes and unlikes share one budget (60 per minute): shown with a lowered limit.
select tests.reset_role();
update private.rate_limit_settings set max_events = 3 where action = 'like' and window_seconds = 60;
select tests.authenticate_as('fan');
select tests.authenticate_as('poster');
create temporary table poster_chismes on commit drop as select id from public.get_my_chismes(false) order by created_at limit 3;
grant select on poster_chismes to authenticated;
select tests.authenticate_as('fan');
select lives_ok($$ select public.like_chisme(((select id from poster_chismes order by id limit 1))::text) $$, 'fan: like 1');
select lives_ok($$ select public.unlike_chisme(((select id from poster_chismes order by id limit 1))::text) $$, 'fan: unlike counts as a write');
select lives_ok($$ select public.like_chisme(((select id from poster_chismes order by id offset 1 limit 1))::text) $$, 'fan: third write, at the limit');
select throws_ok($$ select public.like_chisme(((select id from poster_chismes order by id offset 2 limit 1))::text) $$, 'P0001', 'rate_limited', 'fan: the fourth like/unlike in the minute is refused');
select is((select count(*)::int from public.likes), 1, 'fan: the refused like stored nothing');

-- Reports: 5 per minute by default (one target each; reports on own comments are ignored).
select tests.reset_role();
update private.rate_limit_settings set max_events = 2 where action = 'report' and window_seconds = 60;
select tests.authenticate_as('fan');
select lives_ok($$ select public.report_chisme(((select id from poster_chismes order by id limit 1))::text, 'spam') $$, 'fan: report 1');
select lives_ok($$ select public.report_chisme(((select id from poster_chismes order by id offset 1 limit 1))::text, 'spam') $$, 'fan: report 2, at the limit');
select throws_ok($$ select public.report_chisme(((select id from poster_chismes order by id offset 2 limit 1))::text, 'spam') $$, 'P0001', 'rate_limited', 'fan: report 3 is refused');

-- Country logs: 20 per hour, repeats included.
select lives_ok(
  $$ select public.log_country('País ' || n) from generate_series(1, 20) n $$,
  'fan: 20 country logs in the hour are allowed'
);
select throws_ok($$ select public.log_country('País 21') $$, 'P0001', 'rate_limited', 'fan: the 21st is refused (no more logging 100 countries)');

-- Trusted roles are not limited: the service role (the edge functions) writes freely.
select tests.authenticate_as_service_role();
select lives_ok(
  $$ insert into public.country_logs (user_id, country) select tests.get_supabase_uid('fan'), 'Servicio ' || n from generate_series(1, 30) n $$,
  'service role: not limited'
);

-- A per-user override multiplies the limits (the checks still run): factor 2 → 6 chismes a minute
select tests.reset_role();
insert into private.rate_limit_overrides (user_id, factor) values (tests.get_supabase_uid('fan'), 2);
select tests.authenticate_as('fan');
select lives_ok(
  $$ select count(tests.create_chisme('Hombre', '30', 'Chisme rápido número ' || n, null, 'CR', 'false')) from generate_series(1, 6) n $$,
  'fan with factor 2: six chismes in the minute are allowed'
);
select throws_ok($$ select public.create_chisme('Hombre', '30', 'El séptimo chisme', null, 'CR', 'false') $$, 'P0001', 'rate_limited', 'fan with factor 2: the seventh is refused');

-- A deleted user's token: a clear key, not a foreign-key error.
select tests.reset_role();
select set_config('test.ghost', tests.get_supabase_uid('ghost')::text, true);
delete from auth.users where id = current_setting('test.ghost')::uuid;
select tests.authenticate_as('fan');
select set_config('request.jwt.claims', jsonb_build_object('sub', current_setting('test.ghost'), 'role', 'authenticated')::text, true);
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Escrito por alguien borrado', null, 'CR', 'false') $$, 'P0001', 'not_authenticated', 'deleted user: posting gets not_authenticated');
select throws_ok($$ select public.log_country('Fantasma') $$, 'P0001', 'not_authenticated', 'deleted user: a country log gets not_authenticated');

select * from finish();
rollback;
