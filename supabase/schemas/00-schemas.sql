-- The schemas and default privileges every later file relies on.
--
-- `private` holds internal helpers, trigger functions and private tables; PostgREST never
-- exposes it (config.toml [api] schemas), so only deliberate RPCs live in `public`.
create schema if not exists private;
comment on schema private is 'Internal helpers, trigger functions and private tables; never exposed by the API.';
grant usage on schema private to anon, authenticated, service_role;

-- Functions' privileges are explicit: a function is executable by no client role until its
-- schema file grants it. PostgreSQL grants EXECUTE to PUBLIC on every new function, and
-- Supabase's platform adds per-schema defaults granting it to anon and authenticated in
-- public, so a function meant for signed-in users only (`find_personal_data`)
-- would be executable by anon. Revoked for the roles that create functions in this project
-- (postgres: the migrations; supabase_admin: the platform). pgTAP
-- 001-schemas-client-privileges holds the allow-list of what each client role may execute.
--
-- Tables are left as the platform sets them (the local stack's contract tests create scratch
-- tables that rely on those defaults); every table's schema file revokes and grants its own
-- privileges explicitly, and pgTAP 001-schemas-client-privileges fails on any write privilege a client role holds on a
-- table of an exposed schema, whoever granted it.
alter default privileges for role postgres revoke execute on functions from public;
alter default privileges for role postgres in schema public revoke execute on functions from anon, authenticated;
alter default privileges for role postgres in schema private revoke execute on functions from anon, authenticated;

do $$
begin
  -- supabase_admin exists on the platform and in the local stack's bootstrap; altering its
  -- defaults needs membership, which the migration role has there.
  if exists (select 1 from pg_roles where rolname = 'supabase_admin')
     and pg_has_role(current_user, 'supabase_admin', 'member') then
    execute 'alter default privileges for role supabase_admin revoke execute on functions from public';
    execute 'alter default privileges for role supabase_admin in schema public revoke execute on functions from anon, authenticated';
  end if;
end;
$$;
