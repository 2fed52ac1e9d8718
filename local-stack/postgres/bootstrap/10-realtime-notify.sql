-- Local stack only: how the local Realtime learns of Broadcast-from-Database messages
-- (local-stack/CONTRACT.md §10). NOTIFY is transactional, so a message reaches the server only after the
-- inserting transaction commits, and a rolled-back transaction sends nothing. Rows that do
-- not fit in a notification (8000 bytes) are announced by id and read back by the server.

create or replace function realtime.notify_local_stack()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  message text := json_build_object(
    'id', new.id, 'topic', new.topic, 'event', new.event, 'private', new.private,
    'extension', new.extension, 'payload', new.payload
  )::text;
begin
  if octet_length(message) > 7900 then
    message := json_build_object('id', new.id, 'topic', new.topic, 'private', new.private)::text;
  end if;
  perform pg_notify('realtime_local_stack', message);
  return null;
end;
$$;

alter function realtime.notify_local_stack() owner to supabase_realtime_admin;
revoke all on function realtime.notify_local_stack() from public;

create trigger messages_after_insert_notify_local_stack
after insert on realtime.messages
for each row execute function realtime.notify_local_stack();
