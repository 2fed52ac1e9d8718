-- Refused writes count towards the rate limit (docs/decisions/0024-refused-writes-count.md).
--
-- A refusal used to raise, PostgREST rolled the transaction back, and the rate-limit counter's
-- increment went with it: a script could send refused chismes and comments (too long,
-- offensive, personal data, malformed) without end, each one paying normalisation and matching.
-- Now create_chisme and add_comment, when PostgREST calls them (request.method is set: every
-- REST and GraphQL request), run the write in a block that catches the refusal (P0001, the
-- SQLSTATE of every key). The block's subtransaction undoes everything the write did; outside
-- it the refusal is counted as one write of the action (private.count_rate_limited_write, the
-- same upsert under the same row lock as a stored write, so it is exact under concurrency),
-- `response.status` is set to 400, and the function returns the body PostgREST sends for a
-- raised P0001 ({"code","details","hint","message"}), so supabase-js gives the web the same
-- error object. The transaction commits (PostgREST commits unless an error is raised or the
-- client may override the transaction end, which db-tx-end's default does not allow), and with
-- it the count and nothing else.
--
-- Called from SQL (pgTAP, the operator), the functions raise as before.
--
-- The return type becomes json (PostgreSQL fixes a function's type; a refusal's body must fit
-- it). On the wire a success is the same object as before; the generated TypeScript types say
-- Json, and the web reads the row as before (web/src/features/chisme/api/create-chisme.ts,
-- web/src/features/comments/api/add-comment.ts). The writes themselves move to
-- private.publish_chisme / private.publish_comment, which return the rows as before: bodies as
-- in 20261127120300_update_text_rules_every_shown_field.sql, with the raw-size checks taken
-- from the shared helpers of 20261127150100_update_write_rpcs_shared_size_checks.sql.

-- The write of create_chisme (rules in the chismes triggers), raising its keys.
create or replace function private.publish_chisme(p_gender text, p_years text, p_content text, p_tags jsonb, p_country text, p_cotilleo text)
returns public.feed_chisme
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_row public.chismes;
begin
  perform private.require_user();
  -- Raw sizes first, in constant time (20261127150100).
  perform private.assert_raw_text_sizes(p_content, 'chisme_content_too_long', p_country);
  if pg_column_size(p_tags) > 16000 then
    raise exception 'chisme_tag_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 20)::text;
  end if;
  insert into public.chismes (gender, years, content, tags, country, cotilleo)
  values (
    private.capped_arg(p_gender),
    private.int_arg(private.capped_arg(p_years), 'chisme_years_out_of_range'),
    p_content,
    coalesce(private.text_array_arg(p_tags, 'chisme_tags_invalid'), '{}'::text[]),
    p_country,
    coalesce(private.boolean_arg(private.capped_arg(p_cotilleo), 'chisme_mode_invalid'), false)
  )
  returning * into v_row;
  return private.to_feed_chisme(v_row, true, false);
end;
$$;
comment on function private.publish_chisme(text, text, text, jsonb, text, text) is 'The write of create_chisme: publishes a chisme as the caller and returns it, raising the keys of every refusal.';

-- The write of add_comment (rules in the comments triggers), raising its keys.
create or replace function private.publish_comment(p_chisme_id text, p_parent_id text, p_content text, p_gender text, p_years text, p_country text)
returns public.thread_comment
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_row public.comments;
begin
  perform private.require_user();
  -- Raw sizes first, in constant time (20261127150100).
  perform private.assert_raw_text_sizes(p_content, 'comment_content_too_long', p_country);
  insert into public.comments (chisme_id, parent_id, content, gender, years, country)
  values (
    private.uuid_arg(private.capped_arg(p_chisme_id), 'chisme_not_found'),
    private.uuid_arg(private.capped_arg(p_parent_id), 'comment_parent_not_found'),
    p_content,
    private.capped_arg(p_gender),
    private.int_arg(private.capped_arg(p_years), 'comment_years_out_of_range'),
    p_country
  )
  returning * into v_row;
  return private.to_thread_comment(v_row, true);
end;
$$;
comment on function private.publish_comment(text, text, text, text, text, text) is 'The write of add_comment: comments as the caller and returns the comment, raising the keys of every refusal.';

-- Whether PostgREST is running this transaction (it sets request.method for every request; a
-- placeholder once set reads '' afterwards, hence the coalesce).
create or replace function private.is_api_request()
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(current_setting('request.method', true), '') <> '';
$$;
comment on function private.is_api_request() is 'Whether the transaction is a PostgREST request (request.method is set), as opposed to SQL run by the operator or pgTAP.';

-- Counts a refused client write as one write of p_action and answers it as PostgREST answers
-- a raised P0001: status 400 and {"code","details","hint","message"}. The count is the stored
-- write's own (count_rate_limited_write); past the limit its rate_limited is not raised again
-- (the refusal is already being answered) and its increment is undone, so a window holds at
-- most its limit, as with stored writes. A caller without a live account (not_authenticated, a
-- deleted user's token) has nothing to count.
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
comment on function private.answer_refused_write(text, text, text, text) is 'Counts a refused client write towards the rate limit of its action and answers it with status 400 and PostgREST''s error body (docs/decisions/0024-refused-writes-count.md).';

revoke execute on function private.publish_chisme(text, text, text, jsonb, text, text) from public, anon, authenticated, service_role;
revoke execute on function private.publish_comment(text, text, text, text, text, text) from public, anon, authenticated, service_role;
revoke execute on function private.is_api_request() from public, anon, authenticated, service_role;
revoke execute on function private.answer_refused_write(text, text, text, text) from public, anon, authenticated, service_role;

drop function public.create_chisme(text, text, text, jsonb, text, text);
drop function public.add_comment(text, text, text, text, text, text);

-- Security definer: clients hold no table write privilege (20261127130100).
create function public.create_chisme(p_gender text, p_years text, p_content text, p_tags jsonb, p_country text, p_cotilleo text)
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
  if not private.is_api_request() then
    return to_json(private.publish_chisme(p_gender, p_years, p_content, p_tags, p_country, p_cotilleo));
  end if;
  begin
    return to_json(private.publish_chisme(p_gender, p_years, p_content, p_tags, p_country, p_cotilleo));
  exception when sqlstate 'P0001' then
    get stacked diagnostics v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
  end;
  return private.answer_refused_write('chisme', v_message, v_detail, v_hint);
end;
$$;
comment on function public.create_chisme(text, text, text, jsonb, text, text) is 'Publishes a chisme as the caller (rules enforced by the chismes trigger) and returns it as a feed_chisme object; over-long and malformed arguments raise keys before any text work; over the API a refusal is answered (400, the key) and counts towards the chisme rate limit.';
revoke execute on function public.create_chisme(text, text, text, jsonb, text, text) from public, anon;
grant execute on function public.create_chisme(text, text, text, jsonb, text, text) to authenticated, service_role;

create function public.add_comment(p_chisme_id text, p_parent_id text, p_content text, p_gender text, p_years text, p_country text)
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
  if not private.is_api_request() then
    return to_json(private.publish_comment(p_chisme_id, p_parent_id, p_content, p_gender, p_years, p_country));
  end if;
  begin
    return to_json(private.publish_comment(p_chisme_id, p_parent_id, p_content, p_gender, p_years, p_country));
  exception when sqlstate 'P0001' then
    get stacked diagnostics v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
  end;
  return private.answer_refused_write('comment', v_message, v_detail, v_hint);
end;
$$;
comment on function public.add_comment(text, text, text, text, text, text) is 'Comments on a chisme, or replies to a comment, as the caller (rules enforced by the comments trigger) and returns it as a thread_comment object; over-long and malformed arguments raise keys before any text work; over the API a refusal is answered (400, the key) and counts towards the comment rate limit.';
revoke execute on function public.add_comment(text, text, text, text, text, text) from public, anon;
grant execute on function public.add_comment(text, text, text, text, text, text) to authenticated, service_role;
