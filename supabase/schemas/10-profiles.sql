-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

-- Profiles: one per auth user, created by a trigger on sign-up. Holds the username, the
-- display name and the cotilleo/murmuro flags. Only the owner reads and updates it, and only
-- the display name and the two flags.
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  username text not null check (char_length(username) between 1 and 100),
  display_name text not null check (char_length(display_name) between 1 and 100),
  cotilleo boolean not null default false,
  murmuro boolean not null default false,
  adult_confirmed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.profiles enable row level security;
revoke all on table public.profiles from public, anon, authenticated, service_role;
grant all on table public.profiles to service_role;
grant select on table public.profiles to authenticated;
comment on table public.profiles is 'One row per user: username, display name and the cotilleo/murmuro settings. Owner-only.';
comment on column public.profiles.adult_confirmed_at is 'When the person confirmed being 18 or older, switching cotilleo mode on; withdrawn (null) when they switch it off. Without it no cotilleo chisme of others reaches them (docs/decisions/0035-notice-and-action.md, "Adults only").';

create policy profiles_select_authenticated on public.profiles
  for select to authenticated
  using (id = (select auth.uid()));
comment on policy profiles_select_authenticated on public.profiles is 'A user reads only their own profile.';

create policy profiles_update_authenticated on public.profiles
  for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));
comment on policy profiles_update_authenticated on public.profiles is 'A user updates only their own profile (column grants limit it to display_name, cotilleo, murmuro).';

-- Security definer: runs as the auth service's insert into auth.users, which has no rights
-- on public.profiles. Username from the sign-up metadata; for Google/Facebook the provider's
-- name; display name falls back to the username (spec §3).
create or replace function private.create_profile_for_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  v_provider_name text := nullif(btrim(coalesce(v_meta ->> 'full_name', v_meta ->> 'name', '')), '');
  v_username text;
  v_display_name text;
begin
  v_username := left(coalesce(
    nullif(btrim(v_meta ->> 'username'), ''),
    v_provider_name,
    nullif(split_part(coalesce(new.email, ''), '@', 1), ''),
    'usuario'
  ), 100);
  v_display_name := left(coalesce(
    nullif(btrim(v_meta ->> 'display_name'), ''),
    v_provider_name,
    v_username
  ), 100);
  insert into public.profiles (id, username, display_name)
  values (new.id, v_username, v_display_name)
  on conflict (id) do nothing;
  return new;
end;
$$;
revoke all on function private.create_profile_for_new_user() from public, anon, authenticated, service_role;
comment on function private.create_profile_for_new_user() is 'Trigger on auth.users: creates the profile (security definer: the auth service cannot write public tables).';

create trigger users_after_insert_create_profile
  after insert on auth.users
  for each row execute function private.create_profile_for_new_user();

-- Login pre-check (spec §7, §8): which sign-in methods an e-mail has, so the UI can say
-- "Este correo está registrado con Google". Callable without signing in.
--
-- Limited per client: unlimited, it answered an enumeration of thousands of addresses a
-- minute, the list that spends everyone's e-mail budget. Each client address
-- (private.client_address) may look up `sign_in_lookup` distinct addresses a minute and an
-- hour (12-rate-limits.sql): a person checking their own address again never spends more,
-- people behind one address each spend one, an enumerator is stopped at the limit with
-- rate_limited {"action":"sign_in_lookup","retry_after"}. Counting writes, so the function is
-- volatile and called with POST, which the web does anyway: over GET the address would sit in
-- the URL (docs/api.md).
--
-- Security definer, deliberately: auth.identities is not readable by API roles. It returns
-- only provider names for an exact e-mail, which is what the spec's pre-check discloses.
create or replace function public.get_sign_in_methods(p_email text)
returns text[]
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_email text := lower(btrim(p_email));
  v_client text := private.client_address();
begin
  -- a deleted account's token is not_authenticated here too (private.require_user)
  if auth.uid() is not null then
    perform private.require_user();
  end if;
  if v_client is not null then
    perform private.count_limited_subject('sign_in_lookup', v_client, md5(coalesce(v_email, ''))::uuid);
  end if;
  return (
    select coalesce(array_agg(distinct i.provider order by i.provider), '{}'::text[])
    from auth.identities i
    where i.email = v_email
      and i.provider in ('email', 'google', 'facebook')
  );
end;
$$;
revoke all on function public.get_sign_in_methods(text) from public, anon, authenticated, service_role;
grant execute on function public.get_sign_in_methods(text) to anon;
grant execute on function public.get_sign_in_methods(text) to authenticated;
grant execute on function public.get_sign_in_methods(text) to service_role;
comment on function public.get_sign_in_methods(text) is 'The sign-in methods (email, google, facebook) of an e-mail; empty when unknown. Each client address may look up a few distinct addresses a minute and an hour (rate_limited).';

-- Every refusal on an exposed write path is a stable key, never a raw SQLSTATE or constraint
-- name. The write pipelines answer the domain rules; this covers what the column constraints
-- of the client-writable columns check:
-- - profiles (update display_name, cotilleo, murmuro): a blank or over-long display name
--   (23514) → `display_name_invalid` {"min":1,"max":100}; null settings (23502) keep their value;
-- - notifications (update is_read): null (23502) keeps its value;
-- - chismes and comments: content within 400 visible characters but over the 4000-code-point
--   backstop (e.g. letters with dozens of combining marks) → the content_too_long keys.
create or replace function private.check_profile_update()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.display_name := private.strip_markup(private.normalize_text(new.display_name));
  if char_length(new.display_name) not between 1 and 100 then
    raise exception 'display_name_invalid' using errcode = 'P0001',
      detail = jsonb_build_object('min', 1, 'max', 100)::text;
  end if;
  new.cotilleo := coalesce(new.cotilleo, old.cotilleo);
  new.murmuro := coalesce(new.murmuro, old.murmuro);
  -- Adults only: cotilleo mode is switched on only with the confirmation of being 18 or older,
  -- which is withdrawn when it is switched off.
  if old.cotilleo and not new.cotilleo then
    new.adult_confirmed_at := null;
  elsif new.cotilleo and not old.cotilleo and new.adult_confirmed_at is null then
    raise exception 'adult_confirmation_required' using errcode = 'P0001';
  end if;
  new.updated_at := now();
  return new;
end;
$$;
revoke all on function private.check_profile_update() from public, anon, authenticated, service_role;
comment on function private.check_profile_update() is 'Trigger, the one before a profile update: normalised display name of 1–100 characters (display_name_invalid); null settings keep their value; cotilleo switched on only with the adult confirmation (adult_confirmation_required), which switching it off withdraws; updated_at set.';

create trigger profiles_before_update_check_rules
  before update on public.profiles
  for each row execute function private.check_profile_update();

-- Null (or absent) keeps a value, as the profile trigger already does for the switches; the
-- display name's own rule (display_name_invalid) stays in that trigger.
-- A client write: runs as its owner (security definer), because clients hold no write
-- privilege on the tables; every rule stays in the table's write pipeline, which reads the
-- request's role with private.is_client_write() (05-helpers.sql).
create function public.update_my_profile(p_display_name text default null, p_cotilleo text default null, p_murmuro text default null, p_adult text default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
  v_cotilleo boolean := private.boolean_arg(p_cotilleo, 'profile_setting_invalid');
  v_murmuro boolean := private.boolean_arg(p_murmuro, 'profile_setting_invalid');
  v_adult boolean := private.boolean_arg(p_adult, 'profile_setting_invalid');
begin
  update public.profiles p set
    display_name = coalesce(p_display_name, p.display_name),
    cotilleo = coalesce(v_cotilleo, p.cotilleo),
    murmuro = coalesce(v_murmuro, p.murmuro),
    -- the confirmation is the caller's, now; false withdraws it
    adult_confirmed_at = case when v_adult then now() when v_adult = false then null else p.adult_confirmed_at end
  where p.id = v_user_id;
end;
$$;
revoke all on function public.update_my_profile(text,text,text,text) from public, anon, authenticated, service_role;
grant execute on function public.update_my_profile(text,text,text,text) to authenticated;
grant execute on function public.update_my_profile(text,text,text,text) to service_role;
comment on function public.update_my_profile(text, text, text, text) is 'Changes the caller''s display name and switches; null keeps a value; malformed switches raise profile_setting_invalid. p_adult true confirms being 18 or older (needed to switch cotilleo on: adult_confirmation_required), false withdraws it.';

-- Adults only (docs/decisions/0035-notice-and-action.md, "Adults only"): whether the caller
-- confirmed being 18 or older. Every read of others' cotilleo chismes asks it (the chismes
-- select policy, get_feed, get_chisme, get_comments, and through get_chisme the image URLs).
-- Security definer: profiles are owner-only, and a policy calls it.
create or replace function private.caller_is_adult()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select p.adult_confirmed_at is not null from public.profiles p where p.id = (select auth.uid())), false);
$$;
revoke all on function private.caller_is_adult() from public, anon, authenticated, service_role;
grant execute on function private.caller_is_adult() to authenticated;
comment on function private.caller_is_adult() is 'Whether the caller confirmed being 18 or older (profiles.adult_confirmed_at).';
