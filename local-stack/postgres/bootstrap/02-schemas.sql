-- Supabase platform bootstrap, part 2: schemas, extensions and the default privileges
-- apps rely on (local-stack/CONTRACT.md §6.2). On Supabase the API roles get ALL on what postgres or
-- supabase_admin creates in public; RLS is what protects rows.

create schema if not exists extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
-- demote-postgres: postgres may create in `extensions` (where the project's extensions go).
grant all on schema extensions to postgres;
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists pgcrypto with schema extensions;
alter default privileges in schema extensions grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema extensions grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema extensions grant all on sequences to postgres, anon, authenticated, service_role;

grant usage on schema public to postgres, anon, authenticated, service_role;
grant all on schema public to postgres;
alter default privileges for role postgres in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on sequences to postgres, anon, authenticated, service_role;

-- PostgREST is configured with db-schemas=public,graphql_public; pg_graphql is not
-- available locally, so the schema exists empty.
create schema if not exists graphql_public;
grant usage on schema graphql_public to postgres, anon, authenticated, service_role;

-- Supabase installs these event triggers so PostgREST reloads its schema cache after DDL.
create or replace function extensions.pgrst_ddl_watch() returns event_trigger
language plpgsql as $$
begin
  notify pgrst, 'reload schema';
end;
$$;

create or replace function extensions.pgrst_drop_watch() returns event_trigger
language plpgsql as $$
begin
  notify pgrst, 'reload schema';
end;
$$;

create event trigger pgrst_ddl_watch on ddl_command_end execute procedure extensions.pgrst_ddl_watch();
create event trigger pgrst_drop_watch on sql_drop execute procedure extensions.pgrst_drop_watch();

-- Logical replication publication that Realtime reads; apps add their tables to it.
create publication supabase_realtime;
