-- retry_after is the whole seconds until the refusing window ends, ROUNDED UP: a refusal with
-- 0.25 s left says 1 (never 0, which a client reads as "retry now" and is refused again), one
-- with 29.5 s left says 30. The instants carry fractions of a second (012-rate-limits-retry-after
-- uses whole seconds, where rounding down, to nearest and up agree); each expected value is a
-- literal worked out by hand from the fixed instant.
begin;
select plan(8);

select tests.create_supabase_user('fraction_counted');

create function pg_temp.retry_after(p_action text, p_at timestamptz) returns int language sql as $$
  select (tests.error_detail(format('select private.count_rate_limited_write(%L, %L, %L)',
    tests.get_supabase_uid('fraction_counted'), p_action, p_at)) ->> 'retry_after')::int;
$$;

delete from private.rate_limit_settings where action in ('chisme', 'comment');
insert into private.rate_limit_settings (action, window_seconds, max_events) values
  ('chisme', 60, 1), ('comment', 3600, 1);

-- minute window 10:00:00–10:01:00
select is(pg_temp.retry_after('chisme', '2026-11-27 10:00:10+00'), null, 'minute window: the first write passes');
select is(pg_temp.retry_after('chisme', '2026-11-27 10:00:59.75+00'), 1, 'refused at 10:00:59.75 (0.25 s left): retry after 1 s, not 0');
select is(pg_temp.retry_after('chisme', '2026-11-27 10:00:59.25+00'), 1, 'refused at 10:00:59.25 (0.75 s left): retry after 1 s');
select is(pg_temp.retry_after('chisme', '2026-11-27 10:00:59.999999+00'), 1, 'refused 1 µs before the end: retry after 1 s');
select is(pg_temp.retry_after('chisme', '2026-11-27 10:00:30.5+00'), 30, 'refused at 10:00:30.5 (29.5 s left): retry after 30 s');
select is(pg_temp.retry_after('chisme', '2026-11-27 10:00:00.1+00'), 60, 'refused at 10:00:00.1 (59.9 s left): retry after 60 s');
-- hour window 10:00–11:00
select is(pg_temp.retry_after('comment', '2026-11-27 10:00:00+00'), null, 'hour window: the first write passes');
select is(pg_temp.retry_after('comment', '2026-11-27 10:59:59.4+00'), 1, 'hour window: refused at 10:59:59.4 (0.6 s left): retry after 1 s');

select * from finish();
rollback;
