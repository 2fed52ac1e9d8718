-- Supabase platform bootstrap, part 13: a stand-in for supautils, the C library Supabase's image
-- loads so that `postgres`, not a superuser, may do a few superuser things (supabase/supautils
-- README; the image's settings: supabase/postgres ansible/files/postgresql_config/conf.d/
-- supautils.conf). Debian has no package for it, and a library would need C, so this is plain
-- PostgreSQL: event triggers owned by the superuser (docs/decisions/0030-platform-as-a-project-created-today.md).
-- The settings themselves are the image's, written into postgresql.auto.conf by
-- postgres/cluster.ts (`show supautils.policy_grants` answers as there); the triggers read them
-- from the configuration file (pg_file_settings), so a session's own `set` changes nothing.
--
-- What it stands in for, and nothing more:
-- * supautils.policy_grants: the listed role may CREATE/ALTER/DROP POLICY on the listed tables
--   without owning them; supautils.drop_trigger_grants: likewise DROP TRIGGER. For that one
--   statement the role is made a member of the table's owner, and the statement's objects are
--   checked before it ends (a policy or trigger on a table outside the list is refused with
--   PostgreSQL's own "must be owner of table"). COMMENT ON POLICY is not stood in for: supautils
--   allows it only from 3.3.0 (2026-07-23).
-- * supautils.privileged_extensions: CREATE/ALTER/DROP EXTENSION of a listed extension runs as
--   the superuser there. Here the role is a superuser for that one statement; at its end the
--   extension must be listed (or trusted), its objects and the extension are handed to the
--   superuser with the privileges creating them as the superuser would have given, and the
--   image's after-create script runs (ansible/files/postgresql_extension_custom_scripts).
-- * supautils.privileged_role_allowed_configs: GRANT SET ON PARAMETER, at the end of this file.
-- Every change is made in the statement's own transaction: an error anywhere rolls it back too.
-- The role is told by the session (SET ROLE or the login), not by a security definer function's
-- owner, which PL/pgSQL cannot see (local-stack/README.md "What still differs").

create schema local_stack_supautils authorization supabase_admin;
revoke all on schema local_stack_supautils from public;

-- A supautils.* value as the configuration file sets it.
create function local_stack_supautils.setting(p_name text) returns text
language sql stable security definer set search_path = '' as $$
  select f.setting from pg_catalog.pg_file_settings f
  where f.name = p_name and f.applied order by f.seqno desc limit 1
$$;

create function local_stack_supautils.listed(p_list_setting text, p_item text) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(p_item = any (pg_catalog.regexp_split_to_array(local_stack_supautils.setting(p_list_setting), '\s*,\s*')), false)
$$;

-- The role a statement runs as: SET ROLE's, else the login's.
create function local_stack_supautils.executor() returns name
language sql stable set search_path = '' as $$
  select coalesce(nullif(pg_catalog.current_setting('role'), 'none'), session_user)::name
$$;

-- Whether the tables of a JSON grants setting include `p_table` for `p_role`.
create function local_stack_supautils.granted(p_setting text, p_role name, p_table oid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from pg_catalog.jsonb_array_elements_text(coalesce(local_stack_supautils.setting(p_setting), '{}')::jsonb -> p_role::text) t(name)
    where pg_catalog.to_regclass(t.name) = p_table
  )
$$;

-- ─── policy_grants and drop_trigger_grants ───

create function local_stack_supautils.grants_setting(p_tag text) returns text
language sql immutable set search_path = '' as $$
  select case when p_tag = 'DROP TRIGGER' then 'supautils.drop_trigger_grants' else 'supautils.policy_grants' end
$$;

-- ddl_command_start: lend the owners of the role's granted tables for this statement.
create function local_stack_supautils.lend_table_owners() returns event_trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_role name := local_stack_supautils.executor();
  v_owner name;
  v_lent text[] := '{}';
begin
  if pg_catalog.current_setting('local_stack_supautils.in_hook', true) = 'on'
     or (select r.rolsuper from pg_catalog.pg_roles r where r.rolname = v_role) then
    return;
  end if;
  for v_owner in
    select distinct pg_catalog.pg_get_userbyid(c.relowner)
    from pg_catalog.jsonb_array_elements_text(
      coalesce(local_stack_supautils.setting(local_stack_supautils.grants_setting(tg_tag)), '{}')::jsonb -> v_role::text) t(name)
    join pg_catalog.pg_class c on c.oid = pg_catalog.to_regclass(t.name)
  loop
    if not pg_catalog.pg_has_role(v_role, v_owner, 'MEMBER') then
      execute pg_catalog.format('grant %I to %I', v_owner, v_role);
      v_lent := v_lent || v_owner::text;
    end if;
  end loop;
  perform pg_catalog.set_config('local_stack_supautils.lent', pg_catalog.array_to_string(v_lent, ','), true);
end;
$$;

-- A table whose owner was lent must be in the role's grants.
create function local_stack_supautils.check_lent_table(p_tag text, p_role name, p_table oid) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if pg_catalog.pg_get_userbyid((select c.relowner from pg_catalog.pg_class c where c.oid = p_table))::text
       = any (pg_catalog.string_to_array(pg_catalog.current_setting('local_stack_supautils.lent', true), ','))
     and not local_stack_supautils.granted(local_stack_supautils.grants_setting(p_tag), p_role, p_table) then
    raise exception 'must be owner of table %', (select c.relname from pg_catalog.pg_class c where c.oid = p_table)
      using errcode = '42501';
  end if;
end;
$$;

-- sql_drop: a dropped policy or trigger must be on a granted table.
create function local_stack_supautils.check_dropped_table_objects() returns event_trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_role name := local_stack_supautils.executor();
  r record;
begin
  if coalesce(pg_catalog.current_setting('local_stack_supautils.lent', true), '') = '' then
    return;
  end if;
  for r in
    select o.address_names from pg_catalog.pg_event_trigger_dropped_objects() o
    where o.original and o.object_type in ('policy', 'trigger')
  loop
    perform local_stack_supautils.check_lent_table(
      tg_tag, v_role, pg_catalog.to_regclass(pg_catalog.format('%I.%I', r.address_names[1], r.address_names[2])));
  end loop;
end;
$$;

-- ddl_command_end: check what was created or altered, then take the owners back.
create function local_stack_supautils.return_table_owners() returns event_trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_role name := local_stack_supautils.executor();
  v_owner text;
  v_table oid;
begin
  if coalesce(pg_catalog.current_setting('local_stack_supautils.lent', true), '') = '' then
    return;
  end if;
  for v_table in
    select p.polrelid from pg_catalog.pg_event_trigger_ddl_commands() d
    join pg_catalog.pg_policy p on p.oid = d.objid
    where d.object_type = 'policy'
  loop
    perform local_stack_supautils.check_lent_table(tg_tag, v_role, v_table);
  end loop;
  foreach v_owner in array pg_catalog.string_to_array(pg_catalog.current_setting('local_stack_supautils.lent', true), ',') loop
    execute pg_catalog.format('revoke %I from %I', v_owner, v_role);
  end loop;
  perform pg_catalog.set_config('local_stack_supautils.lent', '', true);
end;
$$;

create event trigger local_stack_supautils_lend on ddl_command_start
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY', 'DROP TRIGGER')
  execute function local_stack_supautils.lend_table_owners();
create event trigger local_stack_supautils_check_drop on sql_drop
  when tag in ('DROP POLICY', 'DROP TRIGGER')
  execute function local_stack_supautils.check_dropped_table_objects();
create event trigger local_stack_supautils_return on ddl_command_end
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY', 'DROP TRIGGER')
  execute function local_stack_supautils.return_table_owners();
-- supautils' hooks run whatever session_replication_role says.
alter event trigger local_stack_supautils_lend enable always;
alter event trigger local_stack_supautils_check_drop enable always;
alter event trigger local_stack_supautils_return enable always;

-- ─── privileged_role_allowed_configs ───
-- PostgreSQL grants parameters by name only, so each wildcard of the image's list is spelled out
-- with the names the image's versions define; settings of libraries the stack does not load
-- (auto_explain, pgaudit, pg_net, plan_filter, safeupdate) are granted as placeholders.
grant set on parameter
  log_lock_waits, log_min_duration_statement, log_min_messages, log_parameter_max_length,
  log_replication_commands, log_statement, log_temp_files, session_replication_role, track_io_timing,
  wal_compression,
  auto_explain.log_analyze, auto_explain.log_buffers, auto_explain.log_format, auto_explain.log_level,
  auto_explain.log_min_duration, auto_explain.log_nested_statements, auto_explain.log_parameter_max_length,
  auto_explain.log_settings, auto_explain.log_timing, auto_explain.log_triggers, auto_explain.log_verbose,
  auto_explain.log_wal, auto_explain.sample_rate,
  pg_net.batch_size, pg_net.ttl,
  pg_stat_statements.max, pg_stat_statements.save, pg_stat_statements.track, pg_stat_statements.track_planning,
  pg_stat_statements.track_utility,
  pgaudit.log, pgaudit.log_catalog, pgaudit.log_client, pgaudit.log_level, pgaudit.log_relation, pgaudit.log_rows,
  pgaudit.log_statement, pgaudit.log_statement_once, pgaudit.role,
  plan_filter.limit_select_only, plan_filter.statement_cost_limit,
  safeupdate.enabled,
  pgrst.db_schemas, pgrst.db_extra_search_path, pgrst.db_pre_request, pgrst.db_pre_config, pgrst.db_max_rows,
  pgrst.db_plan_enabled, pgrst.db_tx_end, pgrst.db_root_spec, pgrst.db_aggregates_enabled,
  pgrst.db_prepared_statements, pgrst.db_hoisted_tx_settings, pgrst.db_use_legacy_gucs,
  pgrst.jwt_aud, pgrst.jwt_role_claim_key, pgrst.jwt_secret, pgrst.jwt_secret_is_base64, pgrst.jwt_cache_max_lifetime,
  pgrst.openapi_mode, pgrst.openapi_security_active, pgrst.openapi_server_proxy_uri,
  pgrst.server_cors_allowed_origins, pgrst.server_timing_enabled, pgrst.server_trace_header
  to postgres;
