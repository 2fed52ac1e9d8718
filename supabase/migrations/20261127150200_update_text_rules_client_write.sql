-- The text-rule and country-log triggers recognise a client's write by the request's role
-- (private.is_client_write(), 20261127130100_update_write_rpcs_security_definer.sql), as the
-- like and report triggers already do (20261127130600), not by current_user. Since every
-- client write goes through a security definer RPC, current_user is the owner there and the
-- `current_user in ('anon', 'authenticated')` branch was dead: the server-chosen columns
-- (id, counters, flags, timestamps, a country log's user) were only right because the RPCs
-- never pass them. Now the branch runs for every client write again, whatever the path, and
-- pgTAP 241 proves it by forging those columns through a definer function as a client.
-- The chisme and comment triggers also take their raw-size checks from the shared helper of
-- 20261127150100_update_write_rpcs_shared_size_checks.sql (same keys, same order).
-- Bodies otherwise as in 20261127120300_update_text_rules_every_shown_field.sql.

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
