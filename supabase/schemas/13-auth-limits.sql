-- Limits around Auth that Auth itself cannot hold, applied by our edge functions with the
-- service role (docs/decisions/0027-auth-abuse-limits.md):
--
-- 1. The mails Auth sends. Supabase Auth calls our Send Email hook (supabase/functions/send-email)
--    for every mail; before sending, the hook claims it here with the client Auth names
--    (the hook payload's metadata.ip_address) and the recipients. Sliding windows of one hour:
--      per client                    20 mails  — a person signs up, resends and recovers a few
--                                                times; a script with 40 addresses is stopped
--                                                after 20, far below the project's budget;
--      per recipient address          5 mails  — mail bombing: GoTrue's [auth.email]
--                                                max_frequency (60 s) is per kind and account,
--                                                this is per inbox (a "+label" is the same inbox);
--      per recipient and client       3 mails  — so no single client spends an inbox's budget
--                                                and locks its owner out of recovery;
--      per project                 1000 mails  — what the sender may send in an hour.
--    The password-changed notice is never refused by the client or inbox limits (it tells the
--    owner about a change made with their password) but counts like every mail.
--    A refused claim records nothing: only mails that go out count.
-- 2. Proofs of the person in our own functions (delete-account): a wrong password or
--    reauthentication code counts as a failure per account and per client; past 5 an hour for
--    the account or 20 for the client, every proof is refused, the right one too, until the
--    hour of the oldest failure ends. Passwords are checked here (pgcrypto's crypt against
--    GoTrue's bcrypt hash) rather than by signing in from the function: on a hosted project
--    every function shares one egress address, so GoTrue's per-IP sign-in limit would be one
--    bucket for everybody, and every check would leave a session behind.
--
-- Rows older than the hour are deleted by the claims themselves (each call removes what fell
-- out of its window), so no scheduled job is needed. Claims of one client, and checks of one
-- account, are serialised by advisory locks: 20 parallel requests cannot slip past a limit.

create table private.auth_limit_settings (
  id boolean primary key default true check (id),
  mails_per_client int not null default 20 check (mails_per_client >= 1),
  mails_per_address int not null default 5 check (mails_per_address >= 1),
  mails_per_address_and_client int not null default 3 check (mails_per_address_and_client >= 1),
  mails_per_project int not null default 1000 check (mails_per_project >= 1),
  proof_failures_per_account int not null default 5 check (proof_failures_per_account >= 1),
  proof_failures_per_client int not null default 20 check (proof_failures_per_client >= 1),
  -- [auth.email] otp_expiry in supabase/config.toml: how long a reauthentication code works
  code_lifetime_seconds int not null default 3600 check (code_lifetime_seconds between 60 and 86400),
  window_seconds int not null default 3600 check (window_seconds between 1 and 86400)
);
revoke all on table private.auth_limit_settings from public, anon, authenticated, service_role;
comment on table private.auth_limit_settings is 'The one row of limits around Auth (mails per client, inbox, inbox and client, project; failed proofs per account and client; per window_seconds). Changed only by the operator. No API access.';

create table private.auth_mail_log (
  id bigint generated always as identity primary key,
  inbox text not null,
  client text not null,
  kind text not null,
  sent_at timestamptz not null default now()
);
create index auth_mail_log_inbox_idx on private.auth_mail_log (inbox, sent_at);
create index auth_mail_log_client_idx on private.auth_mail_log (client, sent_at);
-- No index on sent_at alone: the project budget bounds the table to about an hour's mails
-- (1000 rows), which the project count and the purge read whole.
revoke all on table private.auth_mail_log from public, anon, authenticated, service_role;
comment on table private.auth_mail_log is 'One row per mail the Send Email hook let out (inbox, client, kind), kept for the window. No API access.';

create table private.auth_proof_failures (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  client text not null,
  failed_at timestamptz not null default now()
);
create index auth_proof_failures_user_idx on private.auth_proof_failures (user_id, failed_at);
create index auth_proof_failures_client_idx on private.auth_proof_failures (client, failed_at);
create index auth_proof_failures_failed_at_idx on private.auth_proof_failures (failed_at);
revoke all on table private.auth_proof_failures from public, anon, authenticated, service_role;
comment on table private.auth_proof_failures is 'One row per wrong password or code given to our own functions, kept for the window. No API access.';

-- The inbox an address delivers to: lower case, "+label" dropped (GoTrue's emailLabelPattern).
create or replace function private.inbox_of(p_address text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select regexp_replace(lower(btrim(p_address)), '[+][^@]+@', '@');
$$;
revoke all on function private.inbox_of(text) from public, anon, authenticated, service_role;
comment on function private.inbox_of(text) is 'The inbox an address delivers to: lower-cased, without a +label.';

-- The settings row, or the defaults when the operator removed it.
create or replace function private.auth_limits()
returns private.auth_limit_settings
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(
    (select s from private.auth_limit_settings s),
    row(true, 20, 5, 3, 1000, 5, 20, 3600, 3600)::private.auth_limit_settings);
$$;
revoke all on function private.auth_limits() from public, anon, authenticated, service_role;
comment on function private.auth_limits() is 'The limits around Auth: the settings row, else the defaults.';

-- Seconds until the oldest of the rows that make a window full leaves it.
create or replace function private.auth_window_wait(p_oldest timestamptz, p_window_seconds int)
returns int
language sql
stable
security invoker
set search_path = ''
as $$
  select greatest(1, ceil(extract(epoch from (p_oldest + make_interval(secs => p_window_seconds) - now())))::int);
$$;
revoke all on function private.auth_window_wait(timestamptz, int) from public, anon, authenticated, service_role;
comment on function private.auth_window_wait(timestamptz, int) is 'Seconds until a full window frees a place.';

-- public.claim_auth_mail: the Send Email hook asks before each mail (a secure e-mail change is
-- two recipients, claimed together). Returns {"allowed": true}, or {"allowed": false,
-- "limit": "client"|"inbox"|"inbox_client"|"project", "retry_after": seconds}.
-- Security definer: the log is private; service role only (the hook, after checking Auth's
-- signature).
create or replace function public.claim_auth_mail(p_kind text, p_recipients text[], p_client text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_limits private.auth_limit_settings := private.auth_limits();
  v_since timestamptz := now() - make_interval(secs => v_limits.window_seconds);
  v_client text := left(coalesce(nullif(btrim(p_client), ''), 'unknown'), 100);
  v_notice boolean := p_kind = 'password_changed_notification';
  v_inboxes text[];
  v_inbox text;
  v_count int;
  v_oldest timestamptz;
begin
  if p_kind is null or cardinality(coalesce(p_recipients, '{}')) not between 1 and 2 then
    raise exception 'invalid_mail_claim' using errcode = 'P0001';
  end if;
  select array_agg(distinct private.inbox_of(r)) into v_inboxes from unnest(p_recipients) r;
  -- One claim at a time: the counts below and the insert cannot interleave with another's.
  perform pg_advisory_xact_lock(hashtextextended('private.claim_auth_mail', 0));
  delete from private.auth_mail_log where sent_at < v_since;

  select count(*), min(sent_at) into v_count, v_oldest from private.auth_mail_log where sent_at >= v_since;
  if v_count + cardinality(v_inboxes) > v_limits.mails_per_project then
    return jsonb_build_object('allowed', false, 'limit', 'project', 'retry_after', private.auth_window_wait(v_oldest, v_limits.window_seconds));
  end if;
  if not v_notice then
    select count(*), min(sent_at) into v_count, v_oldest from private.auth_mail_log where client = v_client and sent_at >= v_since;
    if v_count + cardinality(v_inboxes) > v_limits.mails_per_client then
      return jsonb_build_object('allowed', false, 'limit', 'client', 'retry_after', private.auth_window_wait(v_oldest, v_limits.window_seconds));
    end if;
    foreach v_inbox in array v_inboxes loop
      select count(*), min(sent_at) into v_count, v_oldest from private.auth_mail_log where inbox = v_inbox and sent_at >= v_since;
      if v_count >= v_limits.mails_per_address then
        return jsonb_build_object('allowed', false, 'limit', 'inbox', 'retry_after', private.auth_window_wait(v_oldest, v_limits.window_seconds));
      end if;
      select count(*), min(sent_at) into v_count, v_oldest from private.auth_mail_log
        where inbox = v_inbox and client = v_client and sent_at >= v_since;
      if v_count >= v_limits.mails_per_address_and_client then
        return jsonb_build_object('allowed', false, 'limit', 'inbox_client', 'retry_after', private.auth_window_wait(v_oldest, v_limits.window_seconds));
      end if;
    end loop;
  end if;
  insert into private.auth_mail_log (inbox, client, kind)
  select i, v_client, left(p_kind, 60) from unnest(v_inboxes) i;
  return jsonb_build_object('allowed', true);
end;
$$;
revoke all on function public.claim_auth_mail(text, text[], text) from public, anon, authenticated, service_role;
grant execute on function public.claim_auth_mail(text, text[], text) to service_role;
comment on function public.claim_auth_mail(text, text[], text) is 'Service role only (the send-email hook): claims a mail for its recipients and the client Auth named; allowed, or the limit that refuses it with retry_after seconds.';

-- public.check_account_proof: delete-account asks whether the caller proved to be the person,
-- by their current password or by the reauthentication code Auth mailed them (GET
-- /auth/v1/reauthenticate; GoTrue keeps sha224(email || code) in reauthentication_token, and
-- the code is used up here as Auth uses it up). Returns {"ok": true}, {"ok": false, "reason":
-- "proof_invalid"} (counted), or {"ok": false, "reason": "rate_limited", "retry_after": s}.
-- Security definer: reads auth.users' password hash and code, writes the private failures.
create or replace function public.check_account_proof(p_user_id uuid, p_client text, p_password text, p_code text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_limits private.auth_limit_settings := private.auth_limits();
  v_since timestamptz := now() - make_interval(secs => v_limits.window_seconds);
  v_client text := left(coalesce(nullif(btrim(p_client), ''), 'unknown'), 100);
  v_user auth.users%rowtype;
  v_count int;
  v_oldest timestamptz;
  v_ok boolean := false;
begin
  -- Serialise the checks of one client, then of one account: parallel guesses count one by one.
  perform pg_advisory_xact_lock(hashtextextended('private.check_account_proof:client:' || v_client, 0));
  perform pg_advisory_xact_lock(hashtextextended('private.check_account_proof:user:' || coalesce(p_user_id::text, ''), 0));
  select * into v_user from auth.users u where u.id = p_user_id for update;
  if not found then
    raise exception 'not_authenticated' using errcode = 'P0001';
  end if;
  delete from private.auth_proof_failures where failed_at < v_since;

  select count(*), min(failed_at) into v_count, v_oldest from private.auth_proof_failures where user_id = p_user_id and failed_at >= v_since;
  if v_count >= v_limits.proof_failures_per_account then
    return jsonb_build_object('ok', false, 'reason', 'rate_limited', 'retry_after', private.auth_window_wait(v_oldest, v_limits.window_seconds));
  end if;
  select count(*), min(failed_at) into v_count, v_oldest from private.auth_proof_failures where client = v_client and failed_at >= v_since;
  if v_count >= v_limits.proof_failures_per_client then
    return jsonb_build_object('ok', false, 'reason', 'rate_limited', 'retry_after', private.auth_window_wait(v_oldest, v_limits.window_seconds));
  end if;

  if coalesce(p_password, '') <> '' and octet_length(p_password) <= 72 and v_user.encrypted_password like '$2_$%' then
    v_ok := extensions.crypt(p_password, v_user.encrypted_password) = v_user.encrypted_password;
  elsif coalesce(p_code, '') ~ '^[0-9]{6,10}$' and coalesce(v_user.reauthentication_token, '') <> ''
    and v_user.reauthentication_sent_at > now() - make_interval(secs => v_limits.code_lifetime_seconds) then
    v_ok := encode(extensions.digest(coalesce(v_user.email, '') || p_code, 'sha224'), 'hex') = v_user.reauthentication_token;
    if v_ok then
      update auth.users set reauthentication_token = '' where id = p_user_id;
    end if;
  end if;
  if not v_ok then
    insert into private.auth_proof_failures (user_id, client) values (p_user_id, v_client);
    return jsonb_build_object('ok', false, 'reason', 'proof_invalid');
  end if;
  return jsonb_build_object('ok', true);
end;
$$;
revoke all on function public.check_account_proof(uuid, text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.check_account_proof(uuid, text, text, text) to service_role;
comment on function public.check_account_proof(uuid, text, text, text) is 'Service role only (delete-account): whether the caller gave their current password or reauthentication code (used up); failures limited per account and client (rate_limited with retry_after).';
