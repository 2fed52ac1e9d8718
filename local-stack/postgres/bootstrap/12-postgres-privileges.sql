-- Supabase platform bootstrap, part 12: what `postgres` (not a superuser) may do, as in
-- Supabase's image. Applied as supabase_admin after the platform objects exist. Sources:
-- supabase/postgres migrations/db/migrations (10000000000000_demote-postgres.sql,
-- 20220609081115_grant-supabase-auth-admin-and-supabase-storage-admin-to-postgres.sql,
-- 20230201083204, 20230306081037, 20240606060239, 20220713082019_pg_cron-pg_net-temp-perms-fix.sql,
-- 20231020085357_revoke_writes_on_cron_job_from_postgres.sql) and
-- ansible/files/postgresql_config/supautils.conf.j2 (what supautils adds; no Debian package, so
-- done here with plain grants — local-stack/README.md "What still differs" lists the gaps).

-- demote-postgres: the platform schemas' objects.
grant all on database postgres to postgres;
grant all on schema auth, extensions, storage to postgres;
grant all on all tables in schema auth, storage, extensions to postgres;
grant all on all sequences in schema auth, storage, extensions to postgres;
grant all on all routines in schema auth, storage, extensions to postgres;

-- The storage tables belong to supabase_storage_admin, as storage-api's own migrations make them.
alter table storage.buckets owner to supabase_storage_admin;
alter table storage.objects owner to supabase_storage_admin;

-- Membership in the owners of auth and storage: triggers on auth.users, policies on
-- storage.objects (the image grants exactly these two roles).
grant supabase_auth_admin, supabase_storage_admin to postgres;
grant pg_monitor, pg_read_all_data, pg_signal_backend to postgres;

-- supautils.policy_grants lets postgres create policies on realtime.messages (owned by the
-- Realtime service's role). PostgreSQL allows that only to the owner's members, so postgres is
-- made one: a superset of supautils' grant (it could also alter the table), said in the README.
grant supabase_realtime_admin to postgres;

-- Apps add their tables to Realtime's publication in migrations.
alter publication supabase_realtime owner to postgres;

-- supautils.privileged_role_allowed_configs: the superuser-only settings postgres may set
-- (those that exist without the image's extensions).
grant set on parameter session_replication_role, log_lock_waits, log_min_messages, track_io_timing to postgres;
-- `pgrst.*` (PostgREST's in-database configuration, `alter role authenticator set pgrst.…`):
-- PostgreSQL grants parameters by name only, so each one PostgREST 12 reads from the database.
grant set on parameter
  pgrst.db_schemas, pgrst.db_extra_search_path, pgrst.db_pre_request, pgrst.db_pre_config, pgrst.db_max_rows,
  pgrst.db_plan_enabled, pgrst.db_tx_end, pgrst.db_root_spec, pgrst.db_aggregates_enabled,
  pgrst.db_prepared_statements, pgrst.db_hoisted_tx_settings, pgrst.db_use_legacy_gucs,
  pgrst.jwt_aud, pgrst.jwt_role_claim_key, pgrst.jwt_secret, pgrst.jwt_secret_is_base64, pgrst.jwt_cache_max_lifetime,
  pgrst.openapi_mode, pgrst.openapi_security_active, pgrst.openapi_server_proxy_uri,
  pgrst.server_cors_allowed_origins, pgrst.server_timing_enabled, pgrst.server_trace_header
  to postgres;

-- supautils.privileged_extensions: postgres's `create extension` of these runs as supabase_admin.
-- Without supautils the ones the project and its tools create are created here, by the
-- superuser, so their `create extension if not exists` is a no-op: pg_cron (in pg_catalog, the
-- image's extensions_parameter_overrides) with the grants of its after-create script, pgTAP
-- (what `supabase test db` creates), plpgsql_check (`supabase db lint`) and dblink.
create extension if not exists pg_cron with schema pg_catalog;
grant usage on schema cron to postgres with grant option;
grant all on all functions in schema cron to postgres with grant option;
grant all privileges on all tables in schema cron to postgres with grant option;
revoke all on table cron.job from postgres;
grant select on table cron.job to postgres with grant option;
alter default privileges in schema cron grant all on tables to postgres with grant option;
alter default privileges in schema cron grant all on functions to postgres with grant option;
alter default privileges in schema cron grant all on sequences to postgres with grant option;
create extension if not exists pgtap with schema extensions;
create extension if not exists plpgsql_check with schema extensions;
create extension if not exists dblink with schema extensions;
grant all on all routines in schema extensions to postgres;
