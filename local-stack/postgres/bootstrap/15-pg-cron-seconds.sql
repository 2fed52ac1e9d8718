-- Supabase platform bootstrap, part 15: second schedules for Debian's pg_cron 1.4. Supabase's
-- image ships pg_cron 1.6, whose cron.schedule takes '[1-59] seconds' (citusdata/pg_cron
-- src/job_metadata.c, TryParseInterval); 1.4 answers "invalid schedule". Installed by pg_cron's
-- after-create script (14-supautils-extensions.sql) when a migration creates the extension:
-- * cron.schedule, cron.alter_job and cron.schedule_in_database become PL/pgSQL functions with
--   the same signatures and privileges; each hands a cron-format schedule to pg_cron's own C
--   function (kept as cron.<name>_cron_format) and an interval to it as a schedule that never
--   fires, which a trigger on cron.job replaces with the interval before the row is stored. So
--   the job is pg_cron's own row in cron.job, with its owner, name and command, as on Supabase.
-- * pg_cron 1.4 logs "invalid pg_cron schedule" for such a row and never runs it; the stack's
--   daemon runs it on its interval as pg_cron 1.6 does, recording each run in
--   cron.job_run_details (local-stack/postgres/cron-seconds.ts).

create schema local_stack_cron authorization supabase_admin;
revoke all on schema local_stack_cron from public;

-- pg_cron 1.6's interval syntax: "<1-59> second" or "<1-59> seconds", any case (its sscanf also
-- takes trailing blanks after "seconds" only).
create function local_stack_cron.interval_seconds(p_schedule text) returns integer
language sql immutable set search_path = '' as $$
  select case when m[1]::int between 1 and 59 then m[1]::int end
  from pg_catalog.regexp_match(pg_catalog.lower(p_schedule), '^\s*\+?([0-9]{1,9})\s*(second|seconds\s*)$') m
$$;
grant usage on schema local_stack_cron to public;
grant execute on function local_stack_cron.interval_seconds(text) to public;

-- A valid cron expression that never fires (31 February).
create function local_stack_cron.never() returns text language sql immutable set search_path = '' as $$ select '0 0 31 2 *' $$;

create function local_stack_cron.keep_interval() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_interval text := nullif(pg_catalog.current_setting('local_stack_cron.interval', true), '');
begin
  if v_interval is not null and new.schedule = local_stack_cron.never() then
    if local_stack_cron.interval_seconds(v_interval) is null then
      raise exception 'invalid schedule: %', v_interval using errcode = '22023';
    end if;
    new.schedule := v_interval;
  end if;
  return new;
end;
$$;

create function local_stack_cron.install() returns void
language plpgsql security definer set search_path = '' as $install$
begin
  alter function cron.schedule(text, text) rename to schedule_cron_format;
  alter function cron.schedule(text, text, text) rename to schedule_cron_format;
  alter function cron.alter_job(bigint, text, text, text, text, boolean) rename to alter_job_cron_format;
  alter function cron.schedule_in_database(text, text, text, text, text, boolean) rename to schedule_in_database_cron_format;

  create function cron.schedule(schedule text, command text) returns bigint
  language plpgsql set search_path = '' as $$
  declare
    v_id bigint;
  begin
    if local_stack_cron.interval_seconds(schedule) is null then
      return cron.schedule_cron_format(schedule, command);
    end if;
    perform pg_catalog.set_config('local_stack_cron.interval', schedule, true);
    v_id := cron.schedule_cron_format(local_stack_cron.never(), command);
    perform pg_catalog.set_config('local_stack_cron.interval', '', true);
    return v_id;
  end;
  $$;

  create function cron.schedule(job_name text, schedule text, command text) returns bigint
  language plpgsql set search_path = '' as $$
  declare
    v_id bigint;
  begin
    if local_stack_cron.interval_seconds(schedule) is null then
      return cron.schedule_cron_format(job_name, schedule, command);
    end if;
    perform pg_catalog.set_config('local_stack_cron.interval', schedule, true);
    v_id := cron.schedule_cron_format(job_name, local_stack_cron.never(), command);
    perform pg_catalog.set_config('local_stack_cron.interval', '', true);
    return v_id;
  end;
  $$;

  create function cron.alter_job(job_id bigint, schedule text default null, command text default null,
    database text default null, username text default null, active boolean default null) returns void
  language plpgsql set search_path = '' as $$
  begin
    if local_stack_cron.interval_seconds(schedule) is null then
      perform cron.alter_job_cron_format(job_id, schedule, command, database, username, active);
      return;
    end if;
    perform pg_catalog.set_config('local_stack_cron.interval', schedule, true);
    perform cron.alter_job_cron_format(job_id, local_stack_cron.never(), command, database, username, active);
    perform pg_catalog.set_config('local_stack_cron.interval', '', true);
  end;
  $$;

  create function cron.schedule_in_database(job_name text, schedule text, command text, database text,
    username text default null, active boolean default true) returns bigint
  language plpgsql set search_path = '' as $$
  declare
    v_id bigint;
  begin
    if local_stack_cron.interval_seconds(schedule) is null then
      return cron.schedule_in_database_cron_format(job_name, schedule, command, database, username, active);
    end if;
    perform pg_catalog.set_config('local_stack_cron.interval', schedule, true);
    v_id := cron.schedule_in_database_cron_format(job_name, local_stack_cron.never(), command, database, username, active);
    perform pg_catalog.set_config('local_stack_cron.interval', '', true);
    return v_id;
  end;
  $$;

  -- pg_cron leaves these two to the administrator's grants (pg_cron--1.3--1.4.sql).
  revoke all on function cron.alter_job(bigint, text, text, text, text, boolean) from public;
  revoke all on function cron.schedule_in_database(text, text, text, text, text, boolean) from public;
  alter extension pg_cron add function cron.schedule(text, text);
  alter extension pg_cron add function cron.schedule(text, text, text);
  alter extension pg_cron add function cron.alter_job(bigint, text, text, text, text, boolean);
  alter extension pg_cron add function cron.schedule_in_database(text, text, text, text, text, boolean);

  create trigger local_stack_cron_keep_interval before insert or update of schedule on cron.job
    for each row execute function local_stack_cron.keep_interval();
end;
$install$;
revoke all on function local_stack_cron.install() from public;
