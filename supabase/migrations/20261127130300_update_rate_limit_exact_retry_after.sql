-- `retry_after` is exactly the seconds until the window that refused ends, computed from one
-- instant: the window's start and the wait both come from the same clock reading, so the wait
-- lies in (0, window] and is never rounded up from a negative value (the old greatest(1, …)
-- would have hidden a wait computed from the wrong window: an hour-long lock answering 1).
--
-- The new-account share of each limit (20261124150200) is kept as it was.
--
-- The instant is an argument (default: the clock) so pgTAP can check the exact wait of a
-- minute, an hour and a day window at a chosen moment. Only the rate-limit trigger calls it;
-- no API role may execute it.

drop function private.count_rate_limited_write(uuid, text);

create function private.count_rate_limited_write(p_user_id uuid, p_action text, p_at timestamptz default clock_timestamp())
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_setting record;
  v_window_start timestamptz;
  v_events int;
  v_factor int := coalesce((select o.factor from private.rate_limit_overrides o where o.user_id = p_user_id), 1);
  v_percent int := case when private.is_new_account(p_user_id)
    then coalesce((select s.limit_percent from private.new_account_settings s), 50) else 100 end;
  v_limit bigint;
begin
  for v_setting in
    select s.window_seconds, s.max_events
    from private.rate_limit_settings s
    where s.action = p_action
    order by s.window_seconds
  loop
    v_window_start := to_timestamp(floor(extract(epoch from p_at) / v_setting.window_seconds) * v_setting.window_seconds);
    v_limit := case when v_percent = 100 then v_setting.max_events::bigint * v_factor
      else greatest(1, ceil(v_setting.max_events * v_percent / 100.0)::int) end;
    insert into private.rate_limit_counters as r (user_id, action, window_seconds, window_start, events)
    values (p_user_id, p_action, v_setting.window_seconds, v_window_start, 1)
    on conflict (user_id, action, window_seconds, window_start)
    do update set events = r.events + 1
    returning r.events into v_events;
    if v_events > v_limit then
      raise exception 'rate_limited' using errcode = 'P0001',
        detail = jsonb_build_object(
          'action', p_action,
          'retry_after', ceil(extract(epoch from v_window_start + make_interval(secs => v_setting.window_seconds) - p_at))::int
        )::text;
    end if;
  end loop;
end;
$$;
comment on function private.count_rate_limited_write(uuid, text, timestamptz) is 'Counts one write of a user for an action at an instant and raises rate_limited past any window''s limit (new accounts get limit_percent of it), with the exact seconds until that window ends.';
revoke execute on function private.count_rate_limited_write(uuid, text, timestamptz) from public, anon, authenticated, service_role;
