-- Supabase platform bootstrap, part 1: the roles a Supabase database has
-- (local-stack/CONTRACT.md §6.1). Applied once, as supabase_admin, to a fresh cluster
-- before any project migration. Login passwords are the well-known local "postgres".

-- supabase_admin is the cluster's bootstrap superuser (initdb -U supabase_admin, postgres/cluster.ts),
-- as in Supabase's image; `postgres`, which migrations, seed and clients use, is not a superuser
-- (supabase/postgres migrations/db/migrations/10000000000000_demote-postgres.sql). What supautils
-- lets it do there is granted by 12-postgres-privileges.sql.
alter role supabase_admin set search_path = "$user", public, auth, extensions;
create role postgres login nosuperuser createdb createrole replication bypassrls password 'postgres';
alter role postgres set search_path = "$user", public, extensions;

create role anon nologin inherit;
create role authenticated nologin inherit;
create role service_role nologin inherit bypassrls;
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

create role authenticator login noinherit password 'postgres';
grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres with admin option;
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';

create role supabase_auth_admin login noinherit createrole password 'postgres';
alter role supabase_auth_admin set search_path = auth;

create role supabase_storage_admin login noinherit createrole password 'postgres';
alter role supabase_storage_admin set search_path = storage;
grant anon, authenticated, service_role to supabase_storage_admin;

create role supabase_realtime_admin nologin noinherit;
create role supabase_replication_admin login replication password 'postgres';
create role supabase_read_only_user login bypassrls password 'postgres';
grant pg_read_all_data to supabase_read_only_user;
create role dashboard_user nologin createrole createdb replication;
create role pgbouncer login password 'postgres';
create role supabase_functions_admin nologin noinherit createrole;
