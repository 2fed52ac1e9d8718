-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

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
alter table public.country_logs enable row level security;
revoke all on table public.country_logs from public, anon, authenticated, service_role;
grant all on table public.country_logs to service_role;
grant select on table public.country_logs to authenticated;
comment on table public.country_logs is 'Countries users were seen in; one row per user and country per 24 hours. Owner-only.';

create index country_logs_user_id_country_created_at_idx on public.country_logs (user_id, country, created_at desc);

create policy country_logs_select_authenticated on public.country_logs
  for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy country_logs_select_authenticated on public.country_logs is 'A user reads only their own country logs.';

create policy country_logs_insert_authenticated on public.country_logs
  for insert to authenticated
  with check (user_id = (select auth.uid()));
comment on policy country_logs_insert_authenticated on public.country_logs is 'A user logs a country only for themselves.';

-- Fires before the 24-hour repeat skip, so repeats count too: the limits leave room for
-- the one log per visit the app sends.
create trigger country_logs_before_insert_enforce_rate_limit
  before insert on public.country_logs
  for each row execute function private.enforce_rate_limit('country');

-- For the log-country edge function, which calls it with the caller's token. The 24-hour
-- repeat rule skips the insert silently: then no row is returned and the answer is false.
-- A client write: runs as its owner (security definer), because clients hold no write
-- privilege on the tables; every rule stays in the table's triggers, which read the
-- request's role with private.is_client_write() (05-helpers.sql).
create function public.log_country(p_country text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  perform private.require_user();
  insert into public.country_logs (country) values (p_country) returning id into v_id;
  return v_id is not null;
end;
$$;
revoke all on function public.log_country(text) from public, anon, authenticated, service_role;
grant execute on function public.log_country(text) to authenticated;
grant execute on function public.log_country(text) to service_role;
comment on function public.log_country(text) is 'Logs the caller''s country (rules and the 24-hour repeat skip in triggers); true when a row was stored.';

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
  if octet_length(new.country) > 1000 then
    raise exception 'country_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 100)::text;
  end if;
  new.country := private.strip_markup(private.normalize_text(new.country));
  if new.country = '' then
    raise exception 'country_required' using errcode = 'P0001';
  end if;
  if char_length(new.country) > 100 then
    raise exception 'country_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 100)::text;
  end if;
  -- A country log has no mode: the word filter always applies.
  perform private.assert_shown_text(new.country, 'country', true);
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
revoke all on function private.skip_recent_country_log() from public, anon, authenticated, service_role;
comment on function private.skip_recent_country_log() is 'Trigger: validates a normalised country log (raw size first, no personal data, no listed word), skips a repeat of the last 24 hours.';

create trigger country_logs_before_insert_skip_recent
  before insert on public.country_logs
  for each row execute function private.skip_recent_country_log();
