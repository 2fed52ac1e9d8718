/**
 * supautils' settings as Supabase's image has them (supabase/postgres ansible/files/
 * postgresql_config/conf.d/supautils.conf; reserved_roles as projects report it): read by the
 * stand-in (bootstrap/13-supautils-stand-in.sql) from the configuration file, and answered by
 * `show supautils.<name>` as there. postgres/cluster.ts writes them into each cluster's
 * postgresql.auto.conf.
 */
const authTables = [
  'audit_log_entries',
  'flow_state',
  'identities',
  'instances',
  'mfa_amr_claims',
  'mfa_challenges',
  'mfa_factors',
  'oauth_clients',
  'one_time_tokens',
  'refresh_tokens',
  'saml_providers',
  'saml_relay_states',
  'sessions',
  'sso_domains',
  'sso_providers',
  'users',
];
const platformTables = [
  ...authTables.map((name) => `auth.${name}`),
  'realtime.messages',
  'realtime.subscription',
  ...['buckets', 'buckets_analytics', 'objects', 'prefixes', 's3_multipart_uploads', 's3_multipart_uploads_parts'].map((name) => `storage.${name}`),
];
export const supautilsSettings: Record<string, string> = {
  'supautils.policy_grants': JSON.stringify({ postgres: platformTables }),
  'supautils.drop_trigger_grants': JSON.stringify({ postgres: platformTables }),
  'supautils.extensions_parameter_overrides': '{"pg_cron":{"schema":"pg_catalog"}}',
  'supautils.privileged_extensions': [
    'address_standardizer, address_standardizer_data_us, autoinc, bloom, btree_gin, btree_gist, citext, cube, dblink, dict_int, dict_xsyn',
    'earthdistance, fuzzystrmatch, hstore, http, hypopg, index_advisor, insert_username, intarray, isn, ltree, moddatetime, orioledb',
    'pg_buffercache, pg_cron, pg_graphql, pg_hashids, pg_jsonschema, pg_net, pg_prewarm, pg_repack, pg_stat_monitor, pg_stat_statements',
    'pg_tle, pg_trgm, pg_walinspect, pgaudit, pgcrypto, pgjwt, pgroonga, pgroonga_database, pgrouting, pgrowlocks, pgsodium, pgstattuple',
    'pgtap, plcoffee, pljava, plls, plpgsql_check, plv8, postgis, postgis_raster, postgis_sfcgal, postgis_tiger_geocoder, postgis_topology',
    'postgres_fdw, refint, rum, seg, sslinfo, supabase_vault, supautils, tablefunc, tcn, timescaledb, tsm_system_rows, tsm_system_time',
    'unaccent, uuid-ossp, vector, wrappers',
  ].join(', '),
  'supautils.privileged_extensions_superuser': 'supabase_admin',
  'supautils.privileged_role': 'postgres',
  'supautils.privileged_role_allowed_configs': [
    'auto_explain.*, log_lock_waits, log_min_duration_statement, log_min_messages, log_parameter_max_length, log_replication_commands',
    'log_statement, log_temp_files, pg_net.batch_size, pg_net.ttl, pg_stat_statements.*, pgaudit.log, pgaudit.log_catalog, pgaudit.log_client',
    'pgaudit.log_level, pgaudit.log_relation, pgaudit.log_rows, pgaudit.log_statement, pgaudit.log_statement_once, pgaudit.role, pgrst.*',
    'plan_filter.*, safeupdate.enabled, session_replication_role, track_io_timing, wal_compression',
  ].join(', '),
  'supautils.reserved_memberships': [
    'pg_read_server_files, pg_write_server_files, pg_execute_server_program, supabase_admin, supabase_auth_admin, supabase_storage_admin',
    'supabase_read_only_user, supabase_realtime_admin, supabase_replication_admin, supabase_etl_admin, dashboard_user, pgbouncer, authenticator',
  ].join(', '),
  'supautils.reserved_roles': [
    'supabase_admin, supabase_auth_admin, supabase_storage_admin, supabase_read_only_user, supabase_realtime_admin, supabase_replication_admin',
    'supabase_etl_admin, dashboard_user, pgbouncer, service_role*, authenticator*, authenticated*, anon*',
  ].join(', '),
};
