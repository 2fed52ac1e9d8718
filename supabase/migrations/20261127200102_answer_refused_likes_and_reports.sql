-- Refused likes, unlikes and reports count towards their rate limits, as refused chismes,
-- comments and country logs already did (docs/decisions/0024-refused-writes-count.md): over
-- the API like_chisme, unlike_chisme, report_chisme and report_comment answer a refusal
-- (status 400, PostgREST's error body) instead of raising it, so the count commits. They
-- return json now (the like count as a JSON number, a stored report null), so they are
-- dropped and created again with their grants and comments; both reports share one body,
-- private.submit_report. private.answer_refused_write raises the refusal again for SQL
-- callers, so every such RPC is one block around its write (create_chisme, add_comment and
-- log_country lose their separate SQL branch).
-- Started by `npm run db:diff -- answer_refused_likes_and_reports` (migra); functions taken from
-- the schema files (12-rate-limits.sql, 20-chismes.sql, 30-likes.sql, 40-comments.sql,
-- 50-reports.sql, 95-country-logs.sql).

set lock_timeout = '10s';
set statement_timeout = '10min';
set check_function_bodies = off;

drop function public.like_chisme(text);
drop function public.unlike_chisme(text);
drop function public.report_chisme(text, text);
drop function public.report_comment(text, text);

create or replace function private.answer_refused_write(p_action text, p_message text, p_detail text, p_hint text)
returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
begin
  if not private.is_api_request() then
    -- RAISE refuses a null option; a missing detail or hint reads '' from stacked diagnostics
    raise exception using errcode = 'P0001', message = p_message,
      detail = coalesce(p_detail, ''), hint = coalesce(p_hint, '');
  end if;
  if private.is_client_write() and v_user_id is not null
     and exists (select 1 from auth.users u where u.id = v_user_id) then
    begin
      perform private.count_rate_limited_write(v_user_id, p_action);
    exception when sqlstate 'P0001' then
      null; -- over the limit: this refusal's own answer stands
    end;
  end if;
  perform set_config('response.status', '400', true);
  return json_build_object(
    'code', 'P0001',
    'details', nullif(p_detail, ''),
    'hint', nullif(p_hint, ''),
    'message', p_message
  );
end;
$$;
comment on function private.answer_refused_write(text, text, text, text) is 'Over the API, counts a refused client write towards the rate limit of its action and answers it with status 400 and PostgREST''s error body; from SQL, raises the refusal again (docs/decisions/0024-refused-writes-count.md).';
revoke all on function private.answer_refused_write(text,text,text,text) from public, anon, authenticated, service_role;

create or replace function public.create_chisme(p_gender text, p_years text, p_content text, p_tags jsonb, p_country text, p_cotilleo text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_message text;
  v_detail text;
  v_hint text;
begin
  return to_json(private.publish_chisme(p_gender, p_years, p_content, p_tags, p_country, p_cotilleo));
exception when sqlstate 'P0001' then
  get stacked diagnostics v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
  return private.answer_refused_write('chisme', v_message, v_detail, v_hint);
end;
$$;
comment on function public.create_chisme(text, text, text, jsonb, text, text) is 'Publishes a chisme as the caller (rules enforced by the chismes trigger) and returns it as a feed_chisme object; over-long and malformed arguments raise keys before any text work; over the API a refusal is answered (400, the key) and counts towards the chisme rate limit.';
revoke all on function public.create_chisme(text,text,text,jsonb,text,text) from public, anon, authenticated, service_role;
grant execute on function public.create_chisme(text,text,text,jsonb,text,text) to service_role;
grant execute on function public.create_chisme(text,text,text,jsonb,text,text) to authenticated;

create or replace function public.add_comment(p_chisme_id text, p_parent_id text, p_content text, p_gender text, p_years text, p_country text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_message text;
  v_detail text;
  v_hint text;
begin
  return to_json(private.publish_comment(p_chisme_id, p_parent_id, p_content, p_gender, p_years, p_country));
exception when sqlstate 'P0001' then
  get stacked diagnostics v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
  return private.answer_refused_write('comment', v_message, v_detail, v_hint);
end;
$$;
comment on function public.add_comment(text, text, text, text, text, text) is 'Comments on a chisme, or replies to a comment, as the caller (rules enforced by the comments trigger) and returns it as a thread_comment object; over-long and malformed arguments raise keys before any text work; over the API a refusal is answered (400, the key) and counts towards the comment rate limit.';
revoke all on function public.add_comment(text,text,text,text,text,text) from public, anon, authenticated, service_role;
grant execute on function public.add_comment(text,text,text,text,text,text) to service_role;
grant execute on function public.add_comment(text,text,text,text,text,text) to authenticated;

create or replace function public.log_country(p_country text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_message text;
  v_detail text;
  v_hint text;
begin
  return to_json(private.record_country_log(p_country));
exception when sqlstate 'P0001' then
  get stacked diagnostics v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
  return private.answer_refused_write('country', v_message, v_detail, v_hint);
end;
$$;
comment on function public.log_country(text) is 'Logs a country for the caller (json true; false for a repeat within 24 hours); over the API a refusal is answered (400, the key) and counts towards the country rate limit.';
revoke all on function public.log_country(text) from public, anon, authenticated, service_role;
grant execute on function public.log_country(text) to service_role;
grant execute on function public.log_country(text) to authenticated;

create or replace function public.like_chisme(p_chisme_id text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_chisme_id uuid;
  v_likes int;
  v_message text;
  v_detail text;
  v_hint text;
begin
  v_chisme_id := private.uuid_arg(p_chisme_id, 'chisme_not_found');
  perform private.require_user();
  insert into public.likes (chisme_id) values (v_chisme_id)
  on conflict (chisme_id, user_id) do nothing;
  if not found then
    raise exception 'like_already_exists' using errcode = 'P0001';
  end if;
  select c.likes + coalesce((nullif(current_setting('chismes.uncounted_likes', true), '')::jsonb ->> v_chisme_id::text)::int, 0)
  into v_likes from public.chismes c where c.id = v_chisme_id;
  return to_json(v_likes);
exception when sqlstate 'P0001' then
  get stacked diagnostics v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
  return private.answer_refused_write('like', v_message, v_detail, v_hint);
end;
$$;
revoke all on function public.like_chisme(text) from public, anon, authenticated, service_role;
grant execute on function public.like_chisme(text) to authenticated;
grant execute on function public.like_chisme(text) to service_role;
comment on function public.like_chisme(text) is 'Likes a chisme as the caller; returns the new like count (a JSON number). Over the API a refusal is answered (400, the key) and counts towards the like rate limit.';

create or replace function public.unlike_chisme(p_chisme_id text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user_id uuid;
  v_chisme_id uuid;
  v_likes int;
  v_message text;
  v_detail text;
  v_hint text;
begin
  v_user_id := private.require_user();
  v_chisme_id := private.uuid_arg(p_chisme_id, 'chisme_not_found');
  if not exists (select 1 from public.chismes c where c.id = v_chisme_id) then
    raise exception 'chisme_not_found' using errcode = 'P0001';
  end if;
  delete from public.likes l where l.chisme_id = v_chisme_id and l.user_id = v_user_id;
  if not found then
    raise exception 'like_not_found' using errcode = 'P0001';
  end if;
  select greatest(c.likes + coalesce((nullif(current_setting('chismes.uncounted_likes', true), '')::jsonb ->> v_chisme_id::text)::int, 0), 0)
  into v_likes from public.chismes c where c.id = v_chisme_id;
  return to_json(v_likes);
exception when sqlstate 'P0001' then
  get stacked diagnostics v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
  return private.answer_refused_write('like', v_message, v_detail, v_hint);
end;
$$;
revoke all on function public.unlike_chisme(text) from public, anon, authenticated, service_role;
grant execute on function public.unlike_chisme(text) to authenticated;
grant execute on function public.unlike_chisme(text) to service_role;
comment on function public.unlike_chisme(text) is 'Removes the caller''s like; returns the new like count (a JSON number). Over the API a refusal is answered (400, the key) and counts towards the like rate limit.';

create or replace function private.submit_report(p_chisme_id text, p_comment_id text, p_reason text)
returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_message text;
  v_detail text;
  v_hint text;
begin
  perform private.require_user();
  insert into public.reports (chisme_id, comment_id, reason)
  values (private.uuid_arg(p_chisme_id, 'report_target_not_found'), private.uuid_arg(p_comment_id, 'report_target_not_found'), p_reason);
  return null;
exception
  when unique_violation then
    return private.answer_refused_write('report', 'report_already_exists', null, null);
  when sqlstate 'P0001' then
    get stacked diagnostics v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
    return private.answer_refused_write('report', v_message, v_detail, v_hint);
end;
$$;
revoke all on function private.submit_report(text,text,text) from public, anon, authenticated, service_role;
comment on function private.submit_report(text, text, text) is 'Reports a chisme or a comment as the caller; over the API a refusal is answered and counted (docs/decisions/0024-refused-writes-count.md). Called by report_chisme and report_comment.';

create or replace function public.report_chisme(p_chisme_id text, p_reason text default 'Sin especificar')
returns json
language sql
volatile
security definer
set search_path = ''
as $$
  select private.submit_report(p_chisme_id, null, p_reason);
$$;
revoke all on function public.report_chisme(text,text) from public, anon, authenticated, service_role;
grant execute on function public.report_chisme(text,text) to authenticated;
grant execute on function public.report_chisme(text,text) to service_role;
comment on function public.report_chisme(text, text) is 'Reports a chisme as the caller (null). Over the API a refusal is answered (400, the key) and counts towards the report rate limit.';

create or replace function public.report_comment(p_comment_id text, p_reason text default 'Sin especificar')
returns json
language sql
volatile
security definer
set search_path = ''
as $$
  select private.submit_report(null, p_comment_id, p_reason);
$$;
revoke all on function public.report_comment(text,text) from public, anon, authenticated, service_role;
grant execute on function public.report_comment(text,text) to authenticated;
grant execute on function public.report_comment(text,text) to service_role;
comment on function public.report_comment(text, text) is 'Reports a comment as the caller (null; one''s own comment: no effect). Over the API a refusal is answered (400, the key) and counts towards the report rate limit.';
