-- The raw-size checks that create_chisme and add_comment each spelled out
-- (20261127120300_update_text_rules_every_shown_field.sql) become two private helpers both call,
-- so the limits and keys cannot drift apart. Same checks, same keys, same order, still in
-- constant time before any normalising or matching (octet_length reads the stored size):
-- - private.assert_raw_text_sizes: content over 16,000 bytes answers the caller's content key
--   with {"max":400}; a country over 1,000 bytes country_too_long {"max":100};
-- - private.capped_arg: an id, age, gender or mode over 100 bytes becomes 'invalid', so it gets
--   the key a malformed value gets.
-- The rule triggers use the same helper (20261127150200_update_text_rules_client_write.sql).
-- RPC bodies otherwise as in 20261127120300; they stay security definer (20261127130100).

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

revoke execute on function private.assert_raw_text_sizes(text, text, text) from public, anon, authenticated, service_role;
revoke execute on function private.capped_arg(text) from public, anon, authenticated, service_role;

create or replace function public.create_chisme(p_gender text, p_years text, p_content text, p_tags jsonb, p_country text, p_cotilleo text)
returns public.feed_chisme
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.chismes;
begin
  perform private.require_user();
  -- Raw sizes first, in constant time (see the header).
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
comment on function public.create_chisme(text, text, text, jsonb, text, text) is 'Publishes a chisme as the caller (rules enforced by the chismes trigger); over-long and malformed arguments raise keys before any text work.';

create or replace function public.add_comment(p_chisme_id text, p_parent_id text, p_content text, p_gender text, p_years text, p_country text)
returns public.thread_comment
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.comments;
begin
  perform private.require_user();
  -- Raw sizes first, in constant time (see the header).
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
comment on function public.add_comment(text, text, text, text, text, text) is 'Comments on a chisme, or replies to a comment, as the caller (rules enforced by the comments trigger); over-long and malformed arguments raise keys before any text work.';
