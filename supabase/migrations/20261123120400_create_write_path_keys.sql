-- Every refusal on an exposed write path is a stable key, never a raw SQLSTATE or constraint
-- name. The rule triggers already answer the domain rules; this covers what was left to the
-- column constraints on the client-writable columns:
-- - profiles (update display_name, cotilleo, murmuro): a blank or over-long display name
--   (23514) → `display_name_invalid` {"min":1,"max":100}; null settings (23502) keep their value;
-- - notifications (update is_read): null (23502) keeps its value;
-- - chismes and comments: content within 400 visible characters but over the 4000-code-point
--   backstop (e.g. letters with dozens of combining marks) → the content_too_long keys.

create or replace function private.check_profile_update()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.display_name := private.strip_markup(private.normalize_text(new.display_name));
  if char_length(new.display_name) not between 1 and 100 then
    raise exception 'display_name_invalid' using errcode = 'P0001',
      detail = jsonb_build_object('min', 1, 'max', 100)::text;
  end if;
  new.cotilleo := coalesce(new.cotilleo, old.cotilleo);
  new.murmuro := coalesce(new.murmuro, old.murmuro);
  return new;
end;
$$;
comment on function private.check_profile_update() is 'Trigger: normalised display name of 1–100 characters (display_name_invalid); null settings keep their value.';
revoke execute on function private.check_profile_update() from public, anon, authenticated, service_role;

create trigger profiles_before_update_check_rules
  before update on public.profiles
  for each row execute function private.check_profile_update();

create or replace function private.keep_notification_read_state()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.is_read := coalesce(new.is_read, old.is_read);
  return new;
end;
$$;
comment on function private.keep_notification_read_state() is 'Trigger: marking a notification with a null read state keeps the state it had.';
revoke execute on function private.keep_notification_read_state() from public, anon, authenticated, service_role;

create trigger notifications_before_update_keep_read_state
  before update of is_read on public.notifications
  for each row execute function private.keep_notification_read_state();

-- The code-point backstop as keys: named to fire after the rules trigger (triggers fire in
-- name order), so it judges the normalised content.
create or replace function private.check_content_code_points()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if char_length(new.content) > 4000 then
    raise exception '%', tg_argv[0] using errcode = 'P0001',
      detail = jsonb_build_object('max', 400)::text;
  end if;
  return new;
end;
$$;
comment on function private.check_content_code_points() is 'Trigger: content over the 4000-code-point backstop raises the key given as argument.';
revoke execute on function private.check_content_code_points() from public, anon, authenticated, service_role;

create trigger chismes_before_insert_enforce_code_points
  before insert on public.chismes
  for each row execute function private.check_content_code_points('chisme_content_too_long');
create trigger comments_before_insert_enforce_code_points
  before insert on public.comments
  for each row execute function private.check_content_code_points('comment_content_too_long');
