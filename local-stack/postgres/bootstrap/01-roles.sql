-- Supabase platform bootstrap, part 1: the roles of a project created today, with the
-- attributes and memberships the image's own scripts leave them (local-stack/CONTRACT.md §6.1;
-- each line is checked by tests/platform-catalogue.test.ts against postgres/reference/catalogue.txt,
-- which names the source file of every fact). Applied once, as supabase_admin, to a fresh cluster
-- before any project migration. Login passwords are the well-known local "postgres".
--
-- supabase_admin is the cluster's bootstrap superuser (initdb -U supabase_admin, postgres/cluster.ts),
-- as in Supabase's image; `postgres`, which migrations, seed and clients use, is not a superuser
-- (supabase/postgres migrations/db/migrations/10000000000000_demote-postgres.sql) and is no longer a
-- member of the services' own roles (20250421084701_revoke_admin_roles_from_postgres.sql). What
-- supautils lets it do instead is stood in for by 13-supautils-stand-in.sql.
-- init-scripts/00000000000003-post-setup.sql
alter role supabase_admin set search_path = "$user", public, auth, extensions;
create role postgres login nosuperuser createdb createrole replication bypassrls password 'postgres';
alter role postgres set search_path = "$user", public, extensions; -- post-setup.sql

-- The API roles (init-scripts/00000000000000-initial-schema.sql; inherit since
-- 20230529180330_alter_api_roles_for_inherit.sql).
create role anon nologin inherit;
create role authenticated nologin inherit;
create role service_role nologin inherit bypassrls;
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

-- PostgREST's login (initial-schema; timeouts: 20221028101028, 20231130133139).
create role authenticator login noinherit password 'postgres';
grant anon, authenticated, service_role to authenticator;
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';

-- postgres may act as the API roles (20230201083204_grant_auth_roles_to_postgres.sql) and read
-- and signal like a monitor (20230306081037, 20240606060239_grant_predefined_roles_to_postgres.sql).
grant anon, authenticated, service_role to postgres;
grant pg_monitor, pg_read_all_data, pg_signal_backend to postgres;

-- GoTrue's login (init-scripts/00000000000001-auth-schema.sql); no CREATEROLE since
-- 20260821154147_revoke_createrole_from_auth_admin.sql; CREATE on the database since
-- 20251121141100_supabase_auth_admin_db_grants.sql.
create role supabase_auth_admin login noinherit nocreaterole noreplication password 'postgres';
alter role supabase_auth_admin set search_path = auth;
grant create on database postgres to supabase_auth_admin;

-- storage-api's login (init-scripts/00000000000002-storage-schema.sql); it switches to the API
-- roles through authenticator (20231013070755_grant_authenticator_to_supabase_storage_admin.sql).
create role supabase_storage_admin login noinherit createrole noreplication password 'postgres';
alter role supabase_storage_admin set search_path = storage;
grant create on database postgres to supabase_storage_admin;
grant authenticator to supabase_storage_admin;

-- Realtime's role (init-scripts/00000000000003-realtime-schema.sql).
create role supabase_realtime_admin login noinherit createrole replication password 'postgres';
alter role supabase_realtime_admin set search_path = public, extensions, realtime;
grant create on database postgres to supabase_realtime_admin;
grant anon, authenticated, service_role to supabase_realtime_admin;
grant set on parameter log_min_messages to supabase_realtime_admin;

-- The other roles of the image (initial-schema; 20220713082019 for supabase_functions_admin;
-- 20251215120934_supabase_superuser.sql).
create role supabase_replication_admin login replication password 'postgres';
create role supabase_etl_admin login replication password 'postgres';
create role supabase_read_only_user login bypassrls password 'postgres';
grant pg_read_all_data to supabase_read_only_user;
create role dashboard_user nologin createrole createdb replication;
create role pgbouncer login password 'postgres';
create role supabase_functions_admin login noinherit createrole noreplication password 'postgres';
create role supabase_superuser nologin;
grant supabase_superuser to postgres, supabase_etl_admin;
