-- Profiles: one per auth user, created by a trigger on sign-up. Holds the username, the
-- display name and the cotilleo/murmuro flags. Only the owner reads and updates it, and only
-- the display name and the two flags.

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  username text not null check (char_length(username) between 1 and 100),
  display_name text not null check (char_length(display_name) between 1 and 100),
  cotilleo boolean not null default false,
  murmuro boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is 'One row per user: username, display name and the cotilleo/murmuro settings. Owner-only.';

alter table public.profiles enable row level security;

revoke all on table public.profiles from anon, authenticated;
grant select on table public.profiles to authenticated;
grant update (display_name, cotilleo, murmuro) on table public.profiles to authenticated;
grant all on table public.profiles to service_role;

create policy profiles_select_authenticated on public.profiles
  for select to authenticated
  using (id = (select auth.uid()));
comment on policy profiles_select_authenticated on public.profiles is 'A user reads only their own profile.';

create policy profiles_update_authenticated on public.profiles
  for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));
comment on policy profiles_update_authenticated on public.profiles is 'A user updates only their own profile (column grants limit it to display_name, cotilleo, murmuro).';

create trigger profiles_before_update_set_updated_at
  before update on public.profiles
  for each row execute function private.set_updated_at();

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
comment on function private.create_profile_for_new_user() is 'Trigger on auth.users: creates the profile (security definer: the auth service cannot write public tables).';

create trigger users_after_insert_create_profile
  after insert on auth.users
  for each row execute function private.create_profile_for_new_user();
