-- The raw-size checks that create_chisme and add_comment each spelled out
-- (20261127120300_update_text_rules_every_shown_field.sql) become two private helpers both call,
-- so the limits and keys cannot drift apart. Same checks, same keys, same order, still in
-- constant time before any normalising or matching (octet_length reads the stored size):
-- - private.assert_raw_text_sizes: content over 16,000 bytes answers the caller's content key
--   with {"max":400}; a country over 1,000 bytes country_too_long {"max":100};
-- - private.capped_arg: an id, age, gender or mode over 100 bytes becomes 'invalid', so it gets
--   the key a malformed value gets.
-- Both writes call them from private.publish_chisme / private.publish_comment
-- (20261127150300_update_write_rpcs_count_refusals.sql, which moves the RPC bodies there), and
-- the rule triggers from 20261127150200_update_text_rules_client_write.sql.

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
