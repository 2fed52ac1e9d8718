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

-- The write pipeline, one BEFORE trigger (private.check_country_log_write), in order:
--   1. the rate limit (private.enforce_rate_limit, 12-rate-limits.sql), before the repeat
--      skip, so repeats count too: the limits leave room for the one log per visit the app sends;
--   2. the log's own rules: the caller's own, now; a normalised country without personal data
--      or listed words; a repeat of the last 24 hours skipped silently
--      (private.skip_recent_country_log, below).
-- Nothing follows a stored log. Security definer: the steps are private functions no API role
-- may execute, whoever writes.
create or replace function private.check_country_log_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- each step's value is dropped: a call as an expression, not a PERFORM query (docs/database.md,
  -- "Write pipelines")
  v_step text;
  v_log public.country_logs;
begin
  v_step := private.enforce_rate_limit('country');
  v_log := private.skip_recent_country_log(new);
  if v_log.id is null then
    return null; -- a repeat of the last 24 hours: skipped silently
  end if;
  return v_log;
end;
$$;
revoke all on function private.check_country_log_write() from public, anon, authenticated, service_role;
comment on function private.check_country_log_write() is 'Trigger: the checks of a new country log in order (rate limit, then its rules and the 24-hour repeat skip).';

create trigger country_logs_before_insert_check_rules
  before insert on public.country_logs
  for each row execute function private.check_country_log_write();

-- For the log-country edge function, which calls it with the caller's token. The 24-hour
-- repeat rule skips the insert silently: then no row is returned and the answer is false.
-- A client write: runs as its owner (security definer), because clients hold no write
-- privilege on the tables; every rule stays in the table's write pipeline, which reads the
-- request's role with private.is_client_write() (05-helpers.sql).
create function public.log_country(p_country text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_message text;
  v_detail text;
  v_hint text;
begin
  return to_json(private.record_country_log(p_country));
exception when sqlstate 'P0001' then
  get stacked diagnostics v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
  return private.answer_refused_write('country', v_message, v_detail, v_hint);
end;
$$;
comment on function public.log_country(text) is 'Logs a country for the caller (json true; false for a repeat within 24 hours); over the API a refusal is answered (400, the key) and counts towards the country rate limit.';
revoke all on function public.log_country(text) from public, anon, authenticated, service_role;
grant execute on function public.log_country(text) to service_role;
grant execute on function public.log_country(text) to authenticated;

create or replace function private.skip_recent_country_log(p_log public.country_logs)
returns public.country_logs
language plpgsql
security invoker
set search_path = ''
as $$
begin
  select o.o_user_id, o.o_created_at into p_log.user_id, p_log.created_at
  from private.own_client_row(p_log.user_id, p_log.created_at) o;
  if octet_length(p_log.country) > 1000 then
    raise exception 'country_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 100)::text;
  end if;
  p_log.country := private.strip_markup(private.normalize_text(p_log.country));
  if p_log.country = '' then
    raise exception 'country_required' using errcode = 'P0001';
  end if;
  if char_length(p_log.country) > 100 then
    raise exception 'country_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 100)::text;
  end if;
  -- A country log has no mode: the word filter always applies.
  perform private.assert_shown_text(p_log.country, 'country', true);
  perform pg_advisory_xact_lock(hashtextextended(p_log.user_id::text || ':' || p_log.country, 0));
  if exists (
    select 1 from public.country_logs l
    where l.user_id = p_log.user_id
      and lower(l.country) = lower(p_log.country)
      and l.created_at > p_log.created_at - interval '24 hours'
  ) then
    return null;
  end if;
  return p_log;
end;
$$;
comment on function private.skip_recent_country_log(public.country_logs) is 'Write step: validates a normalised country log (raw size first, no personal data, no listed word), skips a repeat of the last 24 hours.';
revoke all on function private.skip_recent_country_log(public.country_logs) from public, anon, authenticated, service_role;

-- Refused country logs count towards the country rate limit, as refused chismes and
-- comments do (private.answer_refused_write in 12-rate-limits.sql,
-- docs/decisions/0024-refused-writes-count.md): a country is a text others see, checked for
-- personal data and listed words, so a script could otherwise send refused logs without end.
-- Over the API log_country catches the refusal, counts it as one country log and answers
-- status 400 with PostgREST's error body; from SQL it raises the refusal. The edge function
-- log-country reads the same error object (supabase/functions/log-country/supabase-deps.ts).
-- It returns json: `true` / `false` on the wire. The write is private.record_country_log,
-- with the shared raw-size check first.
create or replace function private.record_country_log(p_country text)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_id uuid;
begin
  perform private.require_user();
  -- Raw size first, in constant time, as the other writes do (05-helpers.sql): the 10 MB
  -- country of pgTAP 007-text-rules-input-cost is refused before a row is formed.
  perform private.assert_raw_text_sizes(null, null, p_country);
  insert into public.country_logs (country) values (p_country) returning id into v_id;
  return v_id is not null;
end;
$$;
comment on function private.record_country_log(text) is 'The write of log_country: logs a country for the caller (false for a repeat within 24 hours), raising the keys of every refusal.';
revoke all on function private.record_country_log(text) from public, anon, authenticated, service_role;
