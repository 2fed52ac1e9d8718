-- Folded in from branch hostile2 (its migrations 20261127150000–150400, written before the
-- schema files existed; their definitions now live in the schema files named below):
--   * blocks hold for direct selects of chismes and comments: the select policies skip what
--     an author the caller blocked wrote (18-blocks.sql helpers, 20-chismes.sql and
--     40-comments.sql policies; pgTAP 018-blocks-direct-table-reads);
--   * one raw-size helper for create_chisme and add_comment (05-helpers.sql);
--   * the text-rule triggers tell a client write by the request's role (20-chismes.sql,
--     40-comments.sql, 95-country-logs.sql; pgTAP 001-schemas-client-write-rules);
--   * refused chismes, comments and country logs count towards the rate limit: the client
--     RPCs answer a refusal as json instead of raising it, so the count commits
--     (docs/decisions/0024-refused-writes-count.md, 12-rate-limits.sql; pgTAP
--     012-rate-limits-refused-writes).
-- Started by `npm run db:diff -- update_refused_writes_and_block_policies` (migra); functions
-- taken from the schema files (lower case, with their comments and grants); the three RPCs whose
-- return type changed are dropped first.

set lock_timeout = '10s';
set statement_timeout = '10min';
set check_function_bodies = off;

drop function public.create_chisme(text, text, text, jsonb, text, text);
drop function public.add_comment(text, text, text, text, text, text);
drop function public.log_country(text);
drop policy chismes_select_authenticated on public.chismes;
drop policy comments_select_authenticated on public.comments;

-- 18-blocks.sql
create or replace function private.caller_has_blocks()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from private.blocks b where b.blocker_id = (select auth.uid()));
$$;
comment on function private.caller_has_blocks() is 'Whether the caller blocked anyone (select policies: skips the per-row block check for everyone else).';
revoke all on function private.caller_has_blocks() from public, anon, authenticated, service_role;
grant execute on function private.caller_has_blocks() to authenticated;

-- 18-blocks.sql
create or replace function private.caller_blocked_chisme_author(p_chisme_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.chisme_authors a
    join private.blocks b on b.blocker_id = (select auth.uid()) and b.blocked_id = a.user_id
    where a.chisme_id = p_chisme_id
  );
$$;
comment on function private.caller_blocked_chisme_author(uuid) is 'Whether the caller blocked the author of this chisme (select policy of chismes; answers only about the caller''s own blocks).';
revoke all on function private.caller_blocked_chisme_author(uuid) from public, anon, authenticated, service_role;
grant execute on function private.caller_blocked_chisme_author(uuid) to authenticated;

-- 18-blocks.sql
create or replace function private.caller_blocked_comment_author(p_comment_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.comment_authors a
    join private.blocks b on b.blocker_id = (select auth.uid()) and b.blocked_id = a.user_id
    where a.comment_id = p_comment_id
  );
$$;
comment on function private.caller_blocked_comment_author(uuid) is 'Whether the caller blocked the author of this comment (select policy of comments; answers only about the caller''s own blocks).';
revoke all on function private.caller_blocked_comment_author(uuid) from public, anon, authenticated, service_role;
grant execute on function private.caller_blocked_comment_author(uuid) to authenticated;

-- 05-helpers.sql
create or replace function private.capped_arg(p_value text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select case when octet_length(p_value) > 100 then 'invalid' else p_value end;
$$;
comment on function private.capped_arg(text) is 'A short argument (id, age, gender, mode) as given, or ''invalid'' past 100 bytes, so it gets the malformed value''s key without being parsed.';
revoke all on function private.capped_arg(text) from public, anon, authenticated, service_role;

-- 05-helpers.sql
create or replace function private.assert_raw_text_sizes(p_content text, p_content_key text, p_country text)
returns void
language plpgsql
immutable
security invoker
set search_path = ''
as $$
begin
  if octet_length(p_content) > 16000 then
    raise exception '%', p_content_key using errcode = 'P0001',
      detail = jsonb_build_object('max', 400)::text;
  end if;
  if octet_length(p_country) > 1000 then
    raise exception 'country_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 100)::text;
  end if;
end;
$$;
comment on function private.assert_raw_text_sizes(text, text, text) is 'Refuses content over 16,000 bytes (with the given key) and a country over 1,000 bytes, in constant time, before any text work.';
revoke all on function private.assert_raw_text_sizes(text,text,text) from public, anon, authenticated, service_role;

-- 05-helpers.sql
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
revoke all on function private.is_api_request() from public, anon, authenticated, service_role;

-- 12-rate-limits.sql
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
revoke all on function private.answer_refused_write(text,text,text,text) from public, anon, authenticated, service_role;

-- 20-chismes.sql
create or replace function private.check_chisme_rules()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_min_years int := case when new.cotilleo then 18 else 13 end;
  v_words text[];
begin
  -- A client's write, through a security definer RPC or not: the request's role says so.
  if private.is_client_write() then
    perform private.require_user();
    new.id := gen_random_uuid();
    new.likes := 0;
    new.comments := 0;
    new.report := 0;
    new.file_exist := false;
    new.created_at := now();
    new.updated_at := now();
  end if;
  new.cotilleo := coalesce(new.cotilleo, false);

  -- Raw sizes first, in constant time, before any normalising or matching.
  perform private.assert_raw_text_sizes(new.content, 'chisme_content_too_long', new.country);

  new.content := private.strip_markup(private.normalize_text(new.content));
  if private.visible_length(new.content) < 10 then
    raise exception 'chisme_content_too_short' using errcode = 'P0001',
      detail = jsonb_build_object('min', 10)::text;
  end if;
  if private.visible_length(new.content) > 400 then
    raise exception 'chisme_content_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 400)::text;
  end if;

  if new.gender is null or new.gender not in ('Hombre', 'Mujer', 'Prefiero no decirlo') then
    raise exception 'chisme_gender_invalid' using errcode = 'P0001',
      detail = jsonb_build_object('allowed', jsonb_build_array('Hombre', 'Mujer', 'Prefiero no decirlo'))::text;
  end if;

  if new.years is null or new.years not between v_min_years and 99 then
    raise exception 'chisme_years_out_of_range' using errcode = 'P0001',
      detail = jsonb_build_object('min', v_min_years, 'max', 99)::text;
  end if;

  new.tags := private.normalize_tags(new.tags);
  new.country := coalesce(nullif(private.strip_markup(private.normalize_text(new.country)), ''), 'unknow');
  if char_length(new.country) > 100 then
    raise exception 'country_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 100)::text;
  end if;

  if char_length(new.content) > 4000 then
    raise exception 'chisme_content_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 400)::text;
  end if;

  -- Every text others see: content, tags and country (see 07-text-rules.sql).
  perform private.assert_no_personal_data(new.content);
  if not new.cotilleo then
    v_words := public.find_offensive_words(new.content);
    if cardinality(v_words) > 0 then
      raise exception 'content_offensive' using errcode = 'P0001',
        detail = jsonb_build_object('words', to_jsonb(v_words))::text;
    end if;
  end if;
  perform private.assert_shown_text(array_to_string(new.tags, ' '), 'tags', not new.cotilleo);
  if new.country <> 'unknow' then
    perform private.assert_shown_text(new.country, 'country', not new.cotilleo);
  end if;
  return new;
end;
$$;
comment on function private.check_chisme_rules() is 'Trigger: validates and normalises a new chisme (spec §5, raw sizes first, normalised text; content, tags and country free of personal data and, in casual mode, of listed words), resets client-forged fields.';
revoke all on function private.check_chisme_rules() from public, anon, authenticated, service_role;

-- 40-comments.sql
create or replace function private.check_comment_rules()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_cotilleo boolean;
  v_parent public.comments;
  v_min_years int;
  v_words text[];
begin
  -- A client's write, through a security definer RPC or not: the request's role says so.
  if private.is_client_write() then
    perform private.require_user();
    new.id := gen_random_uuid();
    new.report := 0;
    new.created_at := now();
    new.updated_at := now();
  end if;

  select c.cotilleo into v_cotilleo from public.chismes c where c.id = new.chisme_id;
  if not found then
    raise exception 'chisme_not_found' using errcode = 'P0001';
  end if;

  if new.parent_id is null then
    new.depth := 1;
    new.root_id := new.id;
  else
    select * into v_parent from public.comments p where p.id = new.parent_id;
    if not found or v_parent.chisme_id <> new.chisme_id then
      raise exception 'comment_parent_not_found' using errcode = 'P0001';
    end if;
    if v_parent.depth >= 3 then
      raise exception 'comment_depth_exceeded' using errcode = 'P0001',
        detail = jsonb_build_object('max', 3)::text;
    end if;
    new.depth := v_parent.depth + 1;
    new.root_id := v_parent.root_id;
  end if;

  -- Raw sizes first, in constant time, before any normalising or matching.
  perform private.assert_raw_text_sizes(new.content, 'comment_content_too_long', new.country);

  new.content := private.strip_markup(private.normalize_text(new.content));
  if new.content = '' then
    raise exception 'comment_content_required' using errcode = 'P0001';
  end if;
  if private.visible_length(new.content) > 400 then
    raise exception 'comment_content_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 400)::text;
  end if;

  if new.gender is null or new.gender not in ('Hombre', 'Mujer', 'Prefiero no decirlo') then
    raise exception 'comment_gender_required' using errcode = 'P0001',
      detail = jsonb_build_object('allowed', jsonb_build_array('Hombre', 'Mujer', 'Prefiero no decirlo'))::text;
  end if;

  v_min_years := case when v_cotilleo then 18 else 13 end;
  if new.years is null or new.years not between v_min_years and 100 then
    raise exception 'comment_years_out_of_range' using errcode = 'P0001',
      detail = jsonb_build_object('min', v_min_years, 'max', 100)::text;
  end if;

  new.country := private.strip_markup(private.normalize_text(new.country));
  if new.country = '' then
    raise exception 'comment_country_required' using errcode = 'P0001';
  end if;
  if char_length(new.country) > 100 then
    raise exception 'country_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 100)::text;
  end if;

  if char_length(new.content) > 4000 then
    raise exception 'comment_content_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 400)::text;
  end if;

  perform private.assert_no_personal_data(new.content);
  if not v_cotilleo then
    v_words := public.find_offensive_words(new.content);
    if cardinality(v_words) > 0 then
      raise exception 'content_offensive' using errcode = 'P0001',
        detail = jsonb_build_object('words', to_jsonb(v_words))::text;
    end if;
  end if;
  perform private.assert_shown_text(new.country, 'country', not v_cotilleo);
  return new;
end;
$$;
comment on function private.check_comment_rules() is 'Trigger: validates a new comment (spec §5, raw sizes first, normalised text; content and country free of personal data and, in casual mode, of listed words), sets depth and root, resets client-forged fields.';
revoke all on function private.check_comment_rules() from public, anon, authenticated, service_role;

-- 95-country-logs.sql
create or replace function private.skip_recent_country_log()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  -- A client's write, through a security definer RPC or not: the request's role says so.
  if private.is_client_write() then
    new.user_id := private.require_user();
    new.created_at := now();
  end if;
  if new.user_id is null then
    raise exception 'not_authenticated' using errcode = 'P0001';
  end if;
  if octet_length(new.country) > 1000 then
    raise exception 'country_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 100)::text;
  end if;
  new.country := private.strip_markup(private.normalize_text(new.country));
  if new.country = '' then
    raise exception 'country_required' using errcode = 'P0001';
  end if;
  if char_length(new.country) > 100 then
    raise exception 'country_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 100)::text;
  end if;
  -- A country log has no mode: the word filter always applies.
  perform private.assert_shown_text(new.country, 'country', true);
  perform pg_advisory_xact_lock(hashtextextended(new.user_id::text || ':' || new.country, 0));
  if exists (
    select 1 from public.country_logs l
    where l.user_id = new.user_id
      and lower(l.country) = lower(new.country)
      and l.created_at > new.created_at - interval '24 hours'
  ) then
    return null;
  end if;
  return new;
end;
$$;
comment on function private.skip_recent_country_log() is 'Trigger: validates a normalised country log (raw size first, no personal data, no listed word), skips a repeat of the last 24 hours.';
revoke all on function private.skip_recent_country_log() from public, anon, authenticated, service_role;

-- 20-chismes.sql
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
  -- Raw sizes first, in constant time (05-helpers.sql).
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
revoke all on function private.publish_chisme(text,text,text,jsonb,text,text) from public, anon, authenticated, service_role;

-- 40-comments.sql
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
  -- Raw sizes first, in constant time (05-helpers.sql).
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
revoke all on function private.publish_comment(text,text,text,text,text,text) from public, anon, authenticated, service_role;

-- 95-country-logs.sql
create or replace function private.record_country_log(p_country text)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_id uuid;
begin
  perform private.require_user();
  -- Raw size first, in constant time, as the other writes do (05-helpers.sql): the 10 MB
  -- country of pgTAP 007-text-rules-input-cost is refused before a row is formed.
  perform private.assert_raw_text_sizes(null, null, p_country);
  insert into public.country_logs (country) values (p_country) returning id into v_id;
  return v_id is not null;
end;
$$;
comment on function private.record_country_log(text) is 'The write of log_country: logs a country for the caller (false for a repeat within 24 hours), raising the keys of every refusal.';
revoke all on function private.record_country_log(text) from public, anon, authenticated, service_role;

-- 20-chismes.sql
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
revoke all on function public.create_chisme(text,text,text,jsonb,text,text) from public, anon, authenticated, service_role;
grant execute on function public.create_chisme(text,text,text,jsonb,text,text) to service_role;
grant execute on function public.create_chisme(text,text,text,jsonb,text,text) to authenticated;

-- 40-comments.sql
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
revoke all on function public.add_comment(text,text,text,text,text,text) from public, anon, authenticated, service_role;
grant execute on function public.add_comment(text,text,text,text,text,text) to service_role;
grant execute on function public.add_comment(text,text,text,text,text,text) to authenticated;

-- 95-country-logs.sql
create function public.log_country(p_country text)
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
    return to_json(private.record_country_log(p_country));
  end if;
  begin
    return to_json(private.record_country_log(p_country));
  exception when sqlstate 'P0001' then
    get stacked diagnostics v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
  end;
  return private.answer_refused_write('country', v_message, v_detail, v_hint);
end;
$$;
comment on function public.log_country(text) is 'Logs a country for the caller (json true; false for a repeat within 24 hours); over the API a refusal is answered (400, the key) and counts towards the country rate limit.';
revoke all on function public.log_country(text) from public, anon, authenticated, service_role;
grant execute on function public.log_country(text) to service_role;
grant execute on function public.log_country(text) to authenticated;

-- 20-chismes.sql
create policy chismes_select_authenticated on public.chismes
  for select to authenticated
  using (
    (
      hidden_at is null
      or (select private.is_moderator())
      or exists (select 1 from public.chisme_authors a where a.chisme_id = chismes.id and a.user_id = (select auth.uid()))
    )
    and (not (select private.caller_has_blocks()) or not private.caller_blocked_chisme_author(id))
  );
comment on policy chismes_select_authenticated on public.chismes is 'Signed-in users read every chisme (rows carry no author) except those hidden by reports, which only their author and moderators see, and those of authors they blocked.';

-- 40-comments.sql
create policy comments_select_authenticated on public.comments
  for select to authenticated
  using (
    (
      hidden_at is null
      or (select private.is_moderator())
      or exists (select 1 from public.comment_authors a where a.comment_id = comments.id and a.user_id = (select auth.uid()))
    )
    and exists (select 1 from public.chismes ch where ch.id = comments.chisme_id)
    and (not (select private.caller_has_blocks()) or not private.caller_blocked_comment_author(id))
  );
comment on policy comments_select_authenticated on public.comments is 'Signed-in users read the comments (rows carry no author) of the chismes they can see, except hidden comments, which only their author and moderators see, and those of authors they blocked.';
