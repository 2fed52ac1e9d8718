-- Every text shown to others passes the same rules, and no rule reads more than its limit.
--
-- 1. Tags and the free-text country were stored and shown in feeds unchecked. Now chismes'
--    tags and country, comments' country and country logs go through the personal-data guard
--    (both modes) and the offensive-word filter (casual mode; a country log has no mode, so
--    always), through private.assert_shown_text: keys content_personal_data {"kind", "field"}
--    and content_offensive {"words", "field"}, field "tags" or "country" (the content's own
--    refusals keep their detail without a field).
-- 2. Raw sizes are checked first, in constant time (octet_length reads the stored size), in
--    the RPCs and again in the rule triggers, before any normalising or matching: content
--    over 16,000 bytes (4,000 code points of up to 4 bytes, the code-point backstop of
--    20261123120400) answers the content_too_long key, a country over 1,000 bytes
--    country_too_long, a tag over 1,000 bytes chisme_tag_too_long, more than 20 raw tags
--    chisme_tags_too_many, the tags argument over 16,000 bytes chisme_tag_too_long; an
--    over-long id, age, gender or mode is replaced by an invalid value of a few bytes, so it
--    gets the key a malformed value gets. 10 MB is refused in the time 100 bytes is.
-- Each function below starts from its latest definition (20261123120200,
-- 20261124150000) and changes only those points.

-- Refuses personal data (always) and listed words (when asked) in a shown text other than the
-- content, naming the field.
create or replace function private.assert_shown_text(p_text text, p_field text, p_filter_words boolean)
returns void
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_kind text;
  v_words text[];
begin
  if coalesce(p_text, '') = '' then
    return;
  end if;
  v_kind := private.find_personal_data(p_text);
  if v_kind is not null then
    raise exception 'content_personal_data' using errcode = 'P0001',
      detail = jsonb_build_object('kind', v_kind, 'field', p_field)::text;
  end if;
  if p_filter_words then
    v_words := public.find_offensive_words(p_text);
    if cardinality(v_words) > 0 then
      raise exception 'content_offensive' using errcode = 'P0001',
        detail = jsonb_build_object('words', to_jsonb(v_words), 'field', p_field)::text;
    end if;
  end if;
end;
$$;
comment on function private.assert_shown_text(text, text, boolean) is 'Raises content_personal_data or (when asked) content_offensive for a shown text other than the content, with the field''s name.';
revoke execute on function private.assert_shown_text(text, text, boolean) from public;
grant execute on function private.assert_shown_text(text, text, boolean) to anon, authenticated, service_role;

create or replace function private.normalize_tags(p_tags text[])
returns text[]
language plpgsql
immutable
security invoker
set search_path = ''
as $$
declare
  v_tags text[] := '{}'::text[];
  v_tag text;
begin
  -- Raw sizes first (constant time): no tag is normalised past these.
  if cardinality(p_tags) > 20 then
    raise exception 'chisme_tags_too_many' using errcode = 'P0001',
      detail = jsonb_build_object('max', 3)::text;
  end if;
  if exists (select 1 from unnest(p_tags) t where octet_length(t) > 1000) then
    raise exception 'chisme_tag_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 20)::text;
  end if;
  foreach v_tag in array coalesce(p_tags, '{}'::text[]) loop
    v_tag := btrim(ltrim(private.strip_markup(private.normalize_text(v_tag)), '#'));
    continue when v_tag = '';
    if private.visible_length(v_tag) > 20 then
      raise exception 'chisme_tag_too_long' using errcode = 'P0001',
        detail = jsonb_build_object('max', 20, 'tag', v_tag)::text;
    end if;
    v_tag := '#' || v_tag;
    if not v_tag = any (v_tags) then
      v_tags := v_tags || v_tag;
    end if;
  end loop;
  if cardinality(v_tags) > 3 then
    raise exception 'chisme_tags_too_many' using errcode = 'P0001',
      detail = jsonb_build_object('max', 3)::text;
  end if;
  return v_tags;
end;
$$;
comment on function private.normalize_tags(text[]) is 'Validates and normalises chisme tags (raw size first, normalised text, ≤ 3, ≤ 20 visible characters, leading #).';

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
  if current_user in ('anon', 'authenticated') then
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
  if octet_length(new.content) > 16000 then
    raise exception 'chisme_content_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 400)::text;
  end if;
  if octet_length(new.country) > 1000 then
    raise exception 'country_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 100)::text;
  end if;

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

  -- Every text others see: content, tags and country (see 20261127120300).
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
  if current_user in ('anon', 'authenticated') then
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
  if octet_length(new.content) > 16000 then
    raise exception 'comment_content_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 400)::text;
  end if;
  if octet_length(new.country) > 1000 then
    raise exception 'country_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 100)::text;
  end if;

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

create or replace function private.skip_recent_country_log()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
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

create or replace function public.create_chisme(p_gender text, p_years text, p_content text, p_tags jsonb, p_country text, p_cotilleo text)
returns public.feed_chisme
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_row public.chismes;
begin
  perform private.require_user();
  -- Raw sizes first, in constant time (see the header).
  if octet_length(p_content) > 16000 then
    raise exception 'chisme_content_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 400)::text;
  end if;
  if octet_length(p_country) > 1000 then
    raise exception 'country_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 100)::text;
  end if;
  if pg_column_size(p_tags) > 16000 then
    raise exception 'chisme_tag_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 20)::text;
  end if;
  if octet_length(p_gender) > 100 then
    p_gender := 'invalid';
  end if;
  if octet_length(p_years) > 100 then
    p_years := 'invalid';
  end if;
  if octet_length(p_cotilleo) > 100 then
    p_cotilleo := 'invalid';
  end if;
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
comment on function public.create_chisme(text, text, text, jsonb, text, text) is 'Publishes a chisme as the caller (rules enforced by the chismes trigger); over-long and malformed arguments raise keys before any text work.';

create or replace function public.add_comment(p_chisme_id text, p_parent_id text, p_content text, p_gender text, p_years text, p_country text)
returns public.thread_comment
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_row public.comments;
begin
  perform private.require_user();
  -- Raw sizes first, in constant time (see the header).
  if octet_length(p_content) > 16000 then
    raise exception 'comment_content_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 400)::text;
  end if;
  if octet_length(p_country) > 1000 then
    raise exception 'country_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 100)::text;
  end if;
  if octet_length(p_chisme_id) > 100 then
    p_chisme_id := 'invalid';
  end if;
  if octet_length(p_parent_id) > 100 then
    p_parent_id := 'invalid';
  end if;
  if octet_length(p_gender) > 100 then
    p_gender := 'invalid';
  end if;
  if octet_length(p_years) > 100 then
    p_years := 'invalid';
  end if;
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
comment on function public.add_comment(text, text, text, text, text, text) is 'Comments on a chisme, or replies to a comment, as the caller (rules enforced by the comments trigger); over-long and malformed arguments raise keys before any text work.';
