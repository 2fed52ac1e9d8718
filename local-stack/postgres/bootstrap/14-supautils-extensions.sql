-- Supabase platform bootstrap, part 14: the supautils stand-in for privileged extensions (see
-- 13-supautils-stand-in.sql for the whole picture). There, `create extension <listed>` by postgres
-- runs as supabase_admin: the extension and its objects are supabase_admin's, created with
-- supabase_admin's default privileges, and the image's after-create script runs. Here postgres is
-- a superuser for that one statement and, before it ends, this file makes the result the same.

-- The image's after-create scripts (supabase/postgres ansible/files/
-- postgresql_extension_custom_scripts/<name>/after-create.sql), run as supabase_admin.
create table local_stack_supautils.after_create (extname text primary key, script text not null);
revoke all on local_stack_supautils.after_create from public;
insert into local_stack_supautils.after_create (extname, script) values
  ('pg_cron', $sql$
    -- Debian's pg_cron 1.4 has no second schedules: 15-pg-cron-seconds.sql (first, so that the
    -- grants below cover its functions too)
    select local_stack_cron.install();
    grant usage on schema cron to postgres with grant option;
    grant all on all functions in schema cron to postgres with grant option;
    alter default privileges for user supabase_admin in schema cron grant all on sequences to postgres with grant option;
    alter default privileges for user supabase_admin in schema cron grant all on tables to postgres with grant option;
    alter default privileges for user supabase_admin in schema cron grant all on functions to postgres with grant option;
    grant all privileges on all tables in schema cron to postgres with grant option;
    revoke all on table cron.job from postgres;
    grant select on table cron.job to postgres with grant option;
    -- 20260730000000_revoke_trigger_on_cron_tables_from_postgres.sql
    revoke trigger on cron.job_run_details from postgres;
  $sql$),
  ('supabase_vault', $sql$
    grant usage on schema vault to postgres with grant option;
    grant select, delete on vault.secrets, vault.decrypted_secrets to postgres with grant option;
    grant execute on function vault.create_secret, vault.update_secret, vault._crypto_aead_det_decrypt to postgres with grant option;
    grant usage on schema vault to service_role;
    grant select, delete on vault.secrets, vault.decrypted_secrets to service_role;
    grant execute on function vault.create_secret, vault.update_secret, vault._crypto_aead_det_decrypt to service_role;
  $sql$),
  ('dblink', $sql$
    do $do$
    declare r record;
    begin
      for r in (select oid, (aclexplode(proacl)).grantee from pg_catalog.pg_proc where proname = 'dblink_connect_u') loop
        continue when r.grantee = 'supabase_admin'::regrole;
        execute format('revoke all on function %s(%s) from %s', r.oid::regproc, pg_get_function_identity_arguments(r.oid), r.grantee::regrole);
      end loop;
    end $do$;
  $sql$),
  ('postgres_fdw', $sql$
    -- Only a superuser may own a foreign-data wrapper: the image's script makes postgres one for
    -- the change unless it is one, which under this stand-in it still is.
    do $do$
    begin
      if not (select rolsuper from pg_catalog.pg_roles where rolname = 'postgres') then
        alter role postgres superuser;
        alter foreign data wrapper postgres_fdw owner to postgres;
        alter role postgres nosuperuser;
      else
        alter foreign data wrapper postgres_fdw owner to postgres;
      end if;
    end $do$;
  $sql$);

-- The default privileges `p_role` gives a new object of `p_kind` ('r', 'S', 'f', 'T') in
-- `p_nsp`, the owner's own left out: a global entry replaces PostgreSQL's built-in default, a
-- schema's entry adds to it (PostgreSQL's get_user_default_acl).
create function local_stack_supautils.default_grants(p_role oid, p_kind "char", p_nsp oid)
returns table (grantee oid, privilege_type text, is_grantable boolean)
language sql stable set search_path = '' as $$
  with acl as (
    select coalesce(
      (select d.defaclacl from pg_catalog.pg_default_acl d
       where d.defaclrole = p_role and d.defaclnamespace = 0 and d.defaclobjtype = p_kind),
      pg_catalog.acldefault(case p_kind when 'T' then 'T' when 'S' then 's' else p_kind end, p_role)) as items
    union all
    select d.defaclacl from pg_catalog.pg_default_acl d
    where d.defaclrole = p_role and d.defaclnamespace = p_nsp and d.defaclobjtype = p_kind
  )
  select e.grantee, e.privilege_type, e.is_grantable
  from acl, pg_catalog.aclexplode(acl.items) e
  where e.grantee <> p_role
$$;

-- ALTER … OWNER for one extension member; null for objects whose owner follows another's
-- (indexes, toast tables, array types, row types, sequences owned by a column) or that have none.
create function local_stack_supautils.owner_statement(p_classid oid, p_objid oid, p_owner name) returns text
language plpgsql stable set search_path = '' as $$
declare
  v_type text;
  v_identity text;
  v_keyword text;
begin
  select o.type, o.identity into v_type, v_identity from pg_catalog.pg_identify_object(p_classid, p_objid, 0) o;
  if p_classid = 'pg_catalog.pg_type'::regclass and exists (
       select 1 from pg_catalog.pg_type t
       where t.oid = p_objid and (t.typtype = 'm' or exists (select 1 from pg_catalog.pg_type e where e.typarray = t.oid)
         or (t.typrelid <> 0 and (select c.relkind from pg_catalog.pg_class c where c.oid = t.typrelid) <> 'c'))) then
    return null;
  end if;
  if p_classid = 'pg_catalog.pg_class'::regclass and exists (
       select 1 from pg_catalog.pg_depend d
       where d.classid = p_classid and d.objid = p_objid and d.deptype in ('a', 'i') and d.refclassid = 'pg_catalog.pg_class'::regclass) then
    return null;
  end if;
  v_keyword := case v_type
    when 'function' then 'function' when 'aggregate' then 'aggregate' when 'procedure' then 'procedure'
    when 'table' then 'table' when 'view' then 'view' when 'materialized view' then 'materialized view'
    when 'foreign table' then 'foreign table' when 'sequence' then 'sequence'
    when 'type' then 'type' when 'composite type' then 'type' when 'domain' then 'domain'
    when 'operator' then 'operator' when 'operator class' then 'operator class' when 'operator family' then 'operator family'
    when 'schema' then 'schema' when 'collation' then 'collation' when 'conversion' then 'conversion'
    when 'text search configuration' then 'text search configuration' when 'text search dictionary' then 'text search dictionary'
    when 'foreign-data wrapper' then 'foreign data wrapper' when 'server' then 'server'
    when 'event trigger' then 'event trigger' when 'language' then 'language' when 'statistics object' then 'statistics'
  end;
  return case when v_keyword is null then null
    else pg_catalog.format('alter %s %s owner to %I', v_keyword, v_identity, p_owner) end;
end;
$$;

-- Hands an extension made by `p_from` to supabase_admin as if supabase_admin had made it. Only
-- what the extension's script granted or revoked beyond the built-in defaults is kept as made; a
-- script revoking from a role that only supabase_admin's default privileges add would not be
-- (none of the scripts the stack runs does).
create function local_stack_supautils.give_extension_to_superuser(p_ext oid, p_from name, p_extension_too boolean) returns void
language plpgsql security definer set search_path = '' as $$
declare
  r record;
  v_statement text;
  v_kind "char";
  v_target text;
begin
  for r in
    select d.classid, d.objid from pg_catalog.pg_depend d
    where d.refclassid = 'pg_catalog.pg_extension'::regclass and d.refobjid = p_ext and d.deptype = 'e'
  loop
    v_statement := local_stack_supautils.owner_statement(r.classid, r.objid, 'supabase_admin');
    continue when v_statement is null;
    execute v_statement;
    -- Re-base the privileges from PostgreSQL's built-in defaults, which p_from created it with
    -- (its own default privileges were set aside meanwhile), to supabase_admin's.
    select k.kind, k.target into v_kind, v_target from (
      select 'f'::"char" as kind, pg_catalog.format('routine %s', o.identity) as target, p.pronamespace as nsp
      from pg_catalog.pg_proc p, pg_catalog.pg_identify_object(r.classid, r.objid, 0) o
      where r.classid = 'pg_catalog.pg_proc'::regclass and p.oid = r.objid
      union all
      select case when c.relkind = 'S' then 'S' else 'r' end::"char",
             pg_catalog.format('%s %s', case when c.relkind = 'S' then 'sequence' else 'table' end, o.identity), c.relnamespace
      from pg_catalog.pg_class c, pg_catalog.pg_identify_object(r.classid, r.objid, 0) o
      where r.classid = 'pg_catalog.pg_class'::regclass and c.oid = r.objid and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
    ) k;
    continue when v_kind is null;
    for v_statement in
      with old as (select e.grantee, e.privilege_type, e.is_grantable
                   from pg_catalog.aclexplode(pg_catalog.acldefault(case v_kind when 'S' then 's' else v_kind end, p_from::regrole)) e
                   where e.grantee <> p_from::regrole),
           new as (select * from local_stack_supautils.default_grants('supabase_admin'::regrole, v_kind,
                     (select coalesce(p.pronamespace, c.relnamespace) from (select 1) x
                      left join pg_catalog.pg_proc p on r.classid = 'pg_catalog.pg_proc'::regclass and p.oid = r.objid
                      left join pg_catalog.pg_class c on r.classid = 'pg_catalog.pg_class'::regclass and c.oid = r.objid)))
      select pg_catalog.format('grant %s on %s to %s%s', n.privilege_type, v_target,
               case when n.grantee = 0 then 'public' else pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(n.grantee)) end,
               case when n.is_grantable then ' with grant option' else '' end)
      from (select * from new except select * from old) n
      union all
      select pg_catalog.format('revoke %s on %s from %s', o.privilege_type, v_target,
               case when o.grantee = 0 then 'public' else pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(o.grantee)) end)
      from (select * from old except select * from new) o
    loop
      execute v_statement;
    end loop;
    v_kind := null;
  end loop;
  if p_extension_too then
    -- PostgreSQL has no ALTER EXTENSION … OWNER; supabase_admin is the bootstrap superuser, on
    -- whom nothing records an owner dependency.
    update pg_catalog.pg_extension set extowner = 'supabase_admin'::regrole where oid = p_ext;
    delete from pg_catalog.pg_shdepend
    where classid = 'pg_catalog.pg_extension'::regclass and objid = p_ext and deptype = 'o';
  end if;
end;
$$;

create function local_stack_supautils.extension_allowed(p_name text, p_version text) returns text
language sql stable security definer set search_path = '' as $$
  select case
    when local_stack_supautils.listed('supautils.privileged_extensions', p_name) then 'privileged'
    when exists (select 1 from pg_catalog.pg_available_extension_versions v
                 where v.name = p_name and v.version = p_version and v.trusted) then 'trusted'
  end
$$;

-- ddl_command_start: a superuser for this one statement. An extension's script may hold extension
-- statements of its own (pg_stat_statements' upgrade scripts ALTER EXTENSION … DROP): those
-- only count their depth, so that the outermost statement's end is the one that settles.
create function local_stack_supautils.elevate_for_extension() returns event_trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_role name := local_stack_supautils.executor();
begin
  if coalesce(pg_catalog.current_setting('local_stack_supautils.elevated', true), '') <> '' then
    perform pg_catalog.set_config('local_stack_supautils.depth',
      (coalesce(nullif(pg_catalog.current_setting('local_stack_supautils.depth', true), ''), '0')::int + 1)::text, true);
    return;
  end if;
  if pg_catalog.current_setting('local_stack_supautils.in_hook', true) = 'on'
     or (select r.rolsuper from pg_catalog.pg_roles r where r.rolname = v_role) then
    return;
  end if;
  execute pg_catalog.format('alter role %I superuser', v_role);
  perform pg_catalog.set_config('local_stack_supautils.elevated', v_role, true);
  perform pg_catalog.set_config('local_stack_supautils.depth', '0', true);
  -- The objects must be created with the built-in default privileges, not the role's own
  -- (ALTER DEFAULT PRIVILEGES FOR ROLE postgres …): set aside until the statement's end.
  perform pg_catalog.set_config('local_stack_supautils.set_aside',
    coalesce((select pg_catalog.json_agg(d)::text from pg_catalog.pg_default_acl d where d.defaclrole = v_role::regrole), ''), true);
  delete from pg_catalog.pg_default_acl d where d.defaclrole = v_role::regrole;
end;
$$;

-- Whether this end is a nested statement's (and counts it off).
create function local_stack_supautils.nested_extension_statement() returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  v_depth int := coalesce(nullif(pg_catalog.current_setting('local_stack_supautils.depth', true), ''), '0')::int;
begin
  if v_depth > 0 then
    perform pg_catalog.set_config('local_stack_supautils.depth', (v_depth - 1)::text, true);
    return true;
  end if;
  return false;
end;
$$;

create function local_stack_supautils.end_elevation() returns name
language plpgsql security definer set search_path = '' as $$
declare
  v_role name := nullif(pg_catalog.current_setting('local_stack_supautils.elevated', true), '');
begin
  if v_role is not null then
    execute pg_catalog.format('alter role %I nosuperuser', v_role);
    perform pg_catalog.set_config('local_stack_supautils.elevated', '', true);
    insert into pg_catalog.pg_default_acl
    select * from pg_catalog.json_populate_recordset(null::pg_catalog.pg_default_acl,
      nullif(pg_catalog.current_setting('local_stack_supautils.set_aside', true), '')::json);
    perform pg_catalog.set_config('local_stack_supautils.set_aside', '', true);
  end if;
  return v_role;
end;
$$;

-- sql_drop: only a listed (or trusted) extension may have been dropped.
create function local_stack_supautils.check_dropped_extensions() returns event_trigger
language plpgsql security definer set search_path = '' as $$
declare
  r record;
begin
  if coalesce(pg_catalog.current_setting('local_stack_supautils.elevated', true), '') = ''
     or coalesce(nullif(pg_catalog.current_setting('local_stack_supautils.depth', true), ''), '0')::int > 0 then
    return;
  end if;
  for r in select o.object_name from pg_catalog.pg_event_trigger_dropped_objects() o where o.object_type = 'extension' loop
    if not local_stack_supautils.listed('supautils.privileged_extensions', r.object_name) then
      perform local_stack_supautils.end_elevation();
      raise exception 'must be owner of extension %', r.object_name using errcode = '42501';
    end if;
  end loop;
end;
$$;

-- ddl_command_end, first of all: the extension must be allowed, and is made the superuser's as
-- there, then the image's after-create script runs; the role is still a superuser meanwhile, as
-- supautils' superuser still runs the statement's other event triggers (issue_pg_net_access).
create function local_stack_supautils.settle_extension() returns event_trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_role name := nullif(pg_catalog.current_setting('local_stack_supautils.elevated', true), '');
  v_allowed text;
  v_script text;
  r record;
begin
  if v_role is null or coalesce(nullif(pg_catalog.current_setting('local_stack_supautils.depth', true), ''), '0')::int > 0 then
    return;
  end if;
  for r in
    select e.oid, e.extname, e.extversion, e.extowner from pg_catalog.pg_event_trigger_ddl_commands() d
    join pg_catalog.pg_extension e on e.oid = d.objid where d.object_type = 'extension'
  loop
    v_allowed := local_stack_supautils.extension_allowed(r.extname, r.extversion);
    if tg_tag = 'CREATE EXTENSION' and v_allowed is null then
      raise exception 'permission denied to create extension "%"', r.extname
        using errcode = '42501', hint = 'Must be superuser to create this extension.';
    elsif tg_tag <> 'CREATE EXTENSION' and v_allowed is distinct from 'privileged' and r.extowner <> v_role::regrole then
      raise exception 'must be owner of extension %', r.extname using errcode = '42501';
    end if;
    if tg_tag = 'CREATE EXTENSION' then
      -- a trusted extension's objects are the bootstrap superuser's, the extension its creator's
      perform local_stack_supautils.give_extension_to_superuser(r.oid, v_role, v_allowed = 'privileged');
      select a.script into v_script from local_stack_supautils.after_create a where a.extname = r.extname;
      if v_allowed = 'privileged' and v_script is not null then
        perform pg_catalog.set_config('local_stack_supautils.in_hook', 'on', true);
        execute v_script;
        perform pg_catalog.set_config('local_stack_supautils.in_hook', 'off', true);
      end if;
    end if;
  end loop;
end;
$$;

-- ddl_command_end, last of all: no longer a superuser.
create function local_stack_supautils.unelevate() returns event_trigger
language plpgsql security definer set search_path = '' as $$
begin
  if not local_stack_supautils.nested_extension_statement() then
    perform local_stack_supautils.end_elevation();
  end if;
end;
$$;

create event trigger local_stack_supautils_elevate on ddl_command_start
  when tag in ('CREATE EXTENSION', 'ALTER EXTENSION', 'DROP EXTENSION')
  execute function local_stack_supautils.elevate_for_extension();
create event trigger local_stack_supautils_check_extension_drop on sql_drop
  when tag in ('DROP EXTENSION')
  execute function local_stack_supautils.check_dropped_extensions();
-- Event triggers fire in name order: settling first, the end of the elevation last.
create event trigger _local_stack_supautils_settle on ddl_command_end
  when tag in ('CREATE EXTENSION', 'ALTER EXTENSION', 'DROP EXTENSION')
  execute function local_stack_supautils.settle_extension();
create event trigger zz_local_stack_supautils_unelevate on ddl_command_end
  when tag in ('CREATE EXTENSION', 'ALTER EXTENSION', 'DROP EXTENSION')
  execute function local_stack_supautils.unelevate();
alter event trigger local_stack_supautils_elevate enable always;
alter event trigger local_stack_supautils_check_extension_drop enable always;
alter event trigger _local_stack_supautils_settle enable always;
alter event trigger zz_local_stack_supautils_unelevate enable always;
