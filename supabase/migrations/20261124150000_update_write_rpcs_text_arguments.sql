-- Every write RPC takes its scalars as text (arrays as jsonb) and parses them with the
-- argument parsers (20261124000000), so a malformed uuid, an out-of-range or fractional
-- number or a bad boolean reaches the client as the RPC's stable key instead of PostgREST's
-- raw 22P02 / 22003 (PostgREST casts declared parameter types before our code runs).
--
-- Honest clients are unchanged: a JSON number or boolean arrives as its text, a JSON array of
-- tags as jsonb, and the argument names stay the same. The functions stay security invoker:
-- every rule trigger, the rate limits and RLS still see the caller as `authenticated`.
--
-- The client writes that used to go straight to tables get RPCs of their own here
-- (mark_notification_read, delete_notification, update_my_profile, log_country), so that the
-- REST table writes can be refused with a key (next migration). Keys for malformed arguments:
--   chisme ids → chisme_not_found; parent comment → comment_parent_not_found; report targets →
--   report_target_not_found; ages → chisme_/comment_years_out_of_range; tags that are not an
--   array of strings → chisme_tags_invalid; a mode that is not a boolean → chisme_mode_invalid;
--   notification ids → notification_not_found; profile switches → profile_setting_invalid.

drop function public.create_chisme(text, int, text, text[], text, boolean);
drop function public.add_comment(uuid, uuid, text, text, int, text);
drop function public.like_chisme(uuid);
drop function public.unlike_chisme(uuid);
drop function public.report_chisme(uuid, text);
drop function public.report_comment(uuid, text);

create function public.create_chisme(p_gender text, p_years text, p_content text, p_tags jsonb, p_country text, p_cotilleo text)
returns public.feed_chisme
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_row public.chismes;
begin
  perform private.require_user();
  insert into public.chismes (gender, years, content, tags, country, cotilleo)
  values (
    p_gender,
    private.int_arg(p_years, 'chisme_years_out_of_range'),
    p_content,
    coalesce(private.text_array_arg(p_tags, 'chisme_tags_invalid'), '{}'::text[]),
    p_country,
    coalesce(private.boolean_arg(p_cotilleo, 'chisme_mode_invalid'), false)
  )
  returning * into v_row;
  return private.to_feed_chisme(v_row, true, false);
end;
$$;
comment on function public.create_chisme(text, text, text, jsonb, text, text) is 'Publishes a chisme as the caller (rules enforced by the chismes trigger); malformed arguments raise keys.';

create function public.add_comment(p_chisme_id text, p_parent_id text, p_content text, p_gender text, p_years text, p_country text)
returns public.thread_comment
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_row public.comments;
begin
  perform private.require_user();
  insert into public.comments (chisme_id, parent_id, content, gender, years, country)
  values (
    private.uuid_arg(p_chisme_id, 'chisme_not_found'),
    private.uuid_arg(p_parent_id, 'comment_parent_not_found'),
    p_content,
    p_gender,
    private.int_arg(p_years, 'comment_years_out_of_range'),
    p_country
  )
  returning * into v_row;
  return private.to_thread_comment(v_row, true);
end;
$$;
comment on function public.add_comment(text, text, text, text, text, text) is 'Comments on a chisme, or replies to a comment, as the caller (rules enforced by the comments trigger); malformed ids and ages raise keys.';

create function public.like_chisme(p_chisme_id text)
returns int
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_chisme_id uuid := private.uuid_arg(p_chisme_id, 'chisme_not_found');
  v_likes int;
begin
  perform private.require_user();
  begin
    insert into public.likes (chisme_id) values (v_chisme_id);
  exception when unique_violation then
    raise exception 'like_already_exists' using errcode = 'P0001';
  end;
  select c.likes into v_likes from public.chismes c where c.id = v_chisme_id;
  return v_likes;
end;
$$;
comment on function public.like_chisme(text) is 'Likes a chisme as the caller; returns the new like count.';

create function public.unlike_chisme(p_chisme_id text)
returns int
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
  v_chisme_id uuid := private.uuid_arg(p_chisme_id, 'chisme_not_found');
  v_likes int;
begin
  select c.likes into v_likes from public.chismes c where c.id = v_chisme_id;
  if not found then
    raise exception 'chisme_not_found' using errcode = 'P0001';
  end if;
  delete from public.likes l where l.chisme_id = v_chisme_id and l.user_id = v_user_id;
  if not found then
    raise exception 'like_not_found' using errcode = 'P0001';
  end if;
  select c.likes into v_likes from public.chismes c where c.id = v_chisme_id;
  return v_likes;
end;
$$;
comment on function public.unlike_chisme(text) is 'Removes the caller''s like; returns the new like count.';

create function public.report_chisme(p_chisme_id text, p_reason text default 'Sin especificar')
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform private.require_user();
  insert into public.reports (chisme_id, reason)
  values (private.uuid_arg(p_chisme_id, 'report_target_not_found'), p_reason);
exception when unique_violation then
  raise exception 'report_already_exists' using errcode = 'P0001';
end;
$$;
comment on function public.report_chisme(text, text) is 'Reports a chisme as the caller.';

create function public.report_comment(p_comment_id text, p_reason text default 'Sin especificar')
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform private.require_user();
  insert into public.reports (comment_id, reason)
  values (private.uuid_arg(p_comment_id, 'report_target_not_found'), p_reason);
exception when unique_violation then
  raise exception 'report_already_exists' using errcode = 'P0001';
end;
$$;
comment on function public.report_comment(text, text) is 'Reports a comment as the caller (one''s own comment: no effect).';

-- ---------------------------------------------------------------------------------------------
-- RPCs for the writes clients used to make on tables (REST insert/update/delete)
-- ---------------------------------------------------------------------------------------------

-- Idempotent like the REST update it replaces: an id the caller cannot see (gone with the cap
-- or retention, or someone else's) changes nothing and answers false; only a malformed id is
-- an error.
create function public.mark_notification_read(p_id text)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
begin
  update public.notifications n set is_read = true
  where n.id = private.uuid_arg(p_id, 'notification_not_found') and n.user_id = v_user_id;
  return found;
end;
$$;
comment on function public.mark_notification_read(text) is 'Marks one of the caller''s notifications read; false when there is no such notification.';

create function public.delete_notification(p_id text)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
begin
  delete from public.notifications n
  where n.id = private.uuid_arg(p_id, 'notification_not_found') and n.user_id = v_user_id;
  return found;
end;
$$;
comment on function public.delete_notification(text) is 'Deletes one of the caller''s notifications; false when there is no such notification.';

-- Null (or absent) keeps a value, as the profile trigger already does for the switches; the
-- display name's own rule (display_name_invalid) stays in that trigger.
create function public.update_my_profile(p_display_name text default null, p_cotilleo text default null, p_murmuro text default null)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
  v_cotilleo boolean := private.boolean_arg(p_cotilleo, 'profile_setting_invalid');
  v_murmuro boolean := private.boolean_arg(p_murmuro, 'profile_setting_invalid');
begin
  update public.profiles p set
    display_name = coalesce(p_display_name, p.display_name),
    cotilleo = coalesce(v_cotilleo, p.cotilleo),
    murmuro = coalesce(v_murmuro, p.murmuro)
  where p.id = v_user_id;
end;
$$;
comment on function public.update_my_profile(text, text, text) is 'Changes the caller''s display name and switches; null keeps a value; malformed switches raise profile_setting_invalid.';

-- For the log-country edge function, which calls it with the caller's token. The 24-hour
-- repeat rule skips the insert silently: then no row is returned and the answer is false.
create function public.log_country(p_country text)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_id uuid;
begin
  perform private.require_user();
  insert into public.country_logs (country) values (p_country) returning id into v_id;
  return v_id is not null;
end;
$$;
comment on function public.log_country(text) is 'Logs the caller''s country (rules and the 24-hour repeat skip in triggers); true when a row was stored.';

revoke execute on function public.create_chisme(text, text, text, jsonb, text, text) from public, anon;
revoke execute on function public.add_comment(text, text, text, text, text, text) from public, anon;
revoke execute on function public.like_chisme(text) from public, anon;
revoke execute on function public.unlike_chisme(text) from public, anon;
revoke execute on function public.report_chisme(text, text) from public, anon;
revoke execute on function public.report_comment(text, text) from public, anon;
revoke execute on function public.mark_notification_read(text) from public, anon;
revoke execute on function public.delete_notification(text) from public, anon;
revoke execute on function public.update_my_profile(text, text, text) from public, anon;
revoke execute on function public.log_country(text) from public, anon;
grant execute on function public.create_chisme(text, text, text, jsonb, text, text) to authenticated, service_role;
grant execute on function public.add_comment(text, text, text, text, text, text) to authenticated, service_role;
grant execute on function public.like_chisme(text) to authenticated, service_role;
grant execute on function public.unlike_chisme(text) to authenticated, service_role;
grant execute on function public.report_chisme(text, text) to authenticated, service_role;
grant execute on function public.report_comment(text, text) to authenticated, service_role;
grant execute on function public.mark_notification_read(text) to authenticated, service_role;
grant execute on function public.delete_notification(text) to authenticated, service_role;
grant execute on function public.update_my_profile(text, text, text) to authenticated, service_role;
grant execute on function public.log_country(text) to authenticated, service_role;
