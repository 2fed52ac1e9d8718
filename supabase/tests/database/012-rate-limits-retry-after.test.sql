-- rate_limited's retry_after is exactly the seconds until the window that refused ends — a
-- value, not a range — for a minute, an hour and a day window (12-rate-limits.sql). The instant
-- is fixed (count_rate_limited_write's p_at) so each expected value is exact: at 10:00:30 UTC
-- a minute window ends in 30 s, an hour window in 3570 s, a day window (UTC midnight) in 50370 s. A wait
-- computed from the wrong window (always 60 s) or rounded up from below answers 30 for all three.
begin;
select plan(8);

select tests.create_supabase_user('counted');

-- retry_after of the refusal, or null when the write passes.
create function pg_temp.retry_after(p_action text, p_at timestamptz) returns int language sql as $$
  select (tests.error_detail(format('select private.count_rate_limited_write(%L, %L, %L)',
    tests.get_supabase_uid('counted'), p_action, p_at)) ->> 'retry_after')::int;
$$;

-- One window per action, one write allowed in it: the second write is refused by that window.
delete from private.rate_limit_settings where action in ('chisme', 'comment', 'report');
insert into private.rate_limit_settings (action, window_seconds, max_events) values
  ('chisme', 60, 1), ('comment', 3600, 1), ('report', 86400, 1);

select is(pg_temp.retry_after('chisme', '2026-11-27 10:00:30+00'), null, 'minute window: the first write passes');
select is(pg_temp.retry_after('chisme', '2026-11-27 10:00:30+00'), 30, 'minute window: refused at 10:00:30, retry after exactly 30 s');
select is(pg_temp.retry_after('comment', '2026-11-27 10:00:30+00'), null, 'hour window: the first write passes');
select is(pg_temp.retry_after('comment', '2026-11-27 10:00:30+00'), 3570, 'hour window: refused at 10:00:30, retry after exactly 3570 s');
select is(pg_temp.retry_after('report', '2026-11-27 10:00:30+00'), null, 'day window: the first write passes');
select is(pg_temp.retry_after('report', '2026-11-27 10:00:30+00'), 50370, 'day window: refused at 10:00:30 UTC, retry after exactly 50370 s (until midnight)');
-- The last second of a window: the wait is 1 s because 1 s is left, not because of rounding
select is(pg_temp.retry_after('chisme', '2026-11-27 10:00:59+00'), 1, 'minute window: refused at 10:00:59, retry after exactly 1 s');
-- The next window counts afresh
select is(pg_temp.retry_after('chisme', '2026-11-27 10:01:00+00'), null, 'minute window: at 10:01:00 a new window lets the write pass');
select * from finish();
rollback;
