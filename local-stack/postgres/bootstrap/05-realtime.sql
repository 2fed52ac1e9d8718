-- Supabase platform bootstrap, part 5: the `realtime` schema for Broadcast from Database
-- (local-stack/CONTRACT.md §10). Apps add RLS policies on realtime.messages to authorise private
-- topics. Owners and privileges as a project created today has them (postgres/reference/
-- catalogue.txt names each source): the schema is supabase_admin's (supabase/postgres
-- init-scripts/00000000000003-realtime-schema.sql); Realtime's tenant migrations (supabase/realtime
-- lib/realtime/tenants/repo/migrations), run as supabase_admin as the CLI runs them, create the
-- objects and 20260707120000_restrict_realtime_schema hands them to supabase_realtime_admin. postgres
-- keeps USAGE (with grant option) on the schema and table privileges, and is no member of
-- supabase_realtime_admin: its policies on realtime.messages go through supautils.policy_grants
-- (13-supautils-stand-in.sql).

create schema if not exists realtime authorization supabase_admin;
grant usage on schema realtime to postgres, anon, authenticated, service_role;
grant all on schema realtime to supabase_realtime_admin with grant option;
grant usage on schema realtime to postgres with grant option;
-- 20211130151719_update-realtime-permissions.sql: what supabase_admin creates there.
alter default privileges for role supabase_admin in schema realtime grant all on tables to postgres, dashboard_user;
alter default privileges for role supabase_admin in schema realtime grant all on sequences to postgres, dashboard_user;
alter default privileges for role supabase_admin in schema realtime grant all on routines to postgres, dashboard_user;

create table realtime.messages (
  id uuid primary key default gen_random_uuid(),
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  inserted_at timestamp not null default now(),
  updated_at timestamp not null default now()
);
create index messages_inserted_at_topic_idx on realtime.messages (inserted_at desc, topic);
-- 20241030150047_messages_partitioning (the stack keeps one unpartitioned table: local-stack/README.md)
alter table realtime.messages enable row level security;
grant select, update, insert on realtime.messages to postgres, anon, authenticated, service_role;

-- The topic a join-time authorisation check runs for (the server sets it locally).
create or replace function realtime.topic() returns text
language sql stable as $$
  select nullif(current_setting('realtime.topic', true), '')::text;
$$;

-- Broadcast a message; a failing broadcast only warns and never aborts the caller.
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql as $$
begin
  begin
    perform set_config('realtime.topic', topic, true);
    insert into realtime.messages (payload, event, topic, private, extension)
    values (payload, event, topic, private, 'broadcast');
  exception when others then
    raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
  end;
end;
$$;

-- 20260707120000_restrict_realtime_schema
alter table realtime.messages owner to supabase_realtime_admin;
alter function realtime.topic() owner to supabase_realtime_admin;
alter function realtime.send(jsonb, text, text, boolean) owner to supabase_realtime_admin;
