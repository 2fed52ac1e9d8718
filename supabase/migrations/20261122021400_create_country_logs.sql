-- Country logs for the log-country function (spec §7 POST /api/log-country): which country a
-- user was seen in. The same user and country within 24 hours is recorded once: a repeat
-- insert is skipped silently (returns no row), so the function needs no security definer and
-- works with the user's JWT (`insert({ country }).select()`) or the service role (passing
-- user_id). Readable only by the user it is about.

create table public.country_logs (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  country text not null check (char_length(country) between 1 and 100),
  created_at timestamptz not null default now()
);
comment on table public.country_logs is 'Countries users were seen in; one row per user and country per 24 hours. Owner-only.';
create index country_logs_user_id_country_created_at_idx on public.country_logs (user_id, country, created_at desc);

alter table public.country_logs enable row level security;

revoke all on table public.country_logs from anon, authenticated;
grant select on table public.country_logs to authenticated;
grant insert (country) on table public.country_logs to authenticated;
grant all on table public.country_logs to service_role;

create policy country_logs_select_authenticated on public.country_logs
  for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy country_logs_select_authenticated on public.country_logs is 'A user reads only their own country logs.';

create policy country_logs_insert_authenticated on public.country_logs
  for insert to authenticated
  with check (user_id = (select auth.uid()));
comment on policy country_logs_insert_authenticated on public.country_logs is 'A user logs a country only for themselves.';

-- Runs as the caller (their own rows are visible; the service role sees all). An advisory
-- lock per user and country makes concurrent requests record once too.
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
      and l.country = new.country
      and l.created_at > new.created_at - interval '24 hours'
  ) then
    return null;
  end if;
  return new;
end;
$$;
comment on function private.skip_recent_country_log() is 'Trigger: validates a country log and skips it when the same user and country was logged in the last 24 hours.';

create trigger country_logs_before_insert_skip_recent
  before insert on public.country_logs
  for each row execute function private.skip_recent_country_log();
