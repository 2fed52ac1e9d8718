-- Country logs: the same country in another case or with other spaces ("COSTA RICA",
-- " Costa Rica ") is the same country for the 24-hour rule. Replaces the trigger function of
-- 20261122021400 (forward-only: that migration may already be applied somewhere).

create or replace function private.skip_recent_country_log()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    new.user_id := private.require_user();
    new.created_at := now();
  end if;
  if new.user_id is null then
    raise exception 'not_authenticated' using errcode = 'P0001';
  end if;
  new.country := btrim(coalesce(new.country, ''));
  if new.country = '' then
    raise exception 'country_required' using errcode = 'P0001';
  end if;
  if char_length(new.country) > 100 then
    raise exception 'country_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 100)::text;
  end if;
  perform pg_advisory_xact_lock(hashtextextended(new.user_id::text || ':' || new.country, 0));
  if exists (
    select 1 from public.country_logs l
    where l.user_id = new.user_id
      and lower(l.country) = lower(new.country)
      and l.created_at > new.created_at - interval '24 hours'
  ) then
    return null;
  end if;
  return new;
end;
$$;
comment on function private.skip_recent_country_log() is 'Trigger: validates a country log and skips it when the same user and country was logged in the last 24 hours.';

revoke execute on function private.skip_recent_country_log() from public, anon, authenticated, service_role;
