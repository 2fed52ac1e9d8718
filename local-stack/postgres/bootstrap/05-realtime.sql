-- Supabase platform bootstrap, part 5: the `realtime` schema for Broadcast from Database
-- (local-stack/CONTRACT.md §10). Apps add RLS policies on realtime.messages to authorise private topics.

create schema if not exists realtime;
grant usage on schema realtime to postgres, anon, authenticated, service_role;

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
alter table realtime.messages owner to supabase_realtime_admin;
alter table realtime.messages enable row level security;
grant select, insert on realtime.messages to anon, authenticated;
grant all on realtime.messages to postgres, service_role;

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

grant execute on function realtime.topic() to postgres, anon, authenticated, service_role;
grant execute on function realtime.send(jsonb, text, text, boolean) to postgres, anon, authenticated, service_role;
