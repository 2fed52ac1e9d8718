-- Realtime: tell open feeds when a chisme's image has been stored (file_exist turns true), so
-- the image button of a cotilleo post enables live. The post itself is broadcast on insert,
-- before the chisme-image function stores its file, so without this event every browser
-- that was already open kept image_viewable false until a reload (found by the e2e journeys).

-- Security definer: realtime.send inserts into realtime.messages, which clients cannot write.
create or replace function private.broadcast_chisme_image()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.feed_chisme := private.to_feed_chisme(new, false, false);
begin
  perform realtime.send(
    jsonb_build_object('id', new.id, 'file_exist', v_row.file_exist, 'image_viewable', v_row.image_viewable),
    'chisme_image',
    case when new.cotilleo then 'feed:cotilleo' else 'feed:casual' end,
    true
  );
  return null;
end;
$$;
comment on function private.broadcast_chisme_image() is 'Trigger: broadcasts that a chisme''s image was stored (or removed) and whether it is viewable now.';
revoke execute on function private.broadcast_chisme_image() from public, anon, authenticated, service_role;

create trigger chismes_after_update_broadcast_image
  after update of file_exist on public.chismes
  for each row when (old.file_exist is distinct from new.file_exist)
  execute function private.broadcast_chisme_image();
