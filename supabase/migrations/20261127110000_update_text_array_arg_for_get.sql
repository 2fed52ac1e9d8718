-- Read RPCs over GET (docs/api.md, "Reads over GET"): hosted Supabase may serve a Data API GET
-- from a read replica, so the web calls get_feed with GET. A GET carries every argument in the
-- query string, and PostgREST hands a query-string value to a jsonb parameter as a JSON
-- string: get_feed's tags arrive as the string '["#amor"]', not as the array. The parser now
-- also reads a JSON string whose text is a JSON array (of strings); everything it refused
-- before is still refused with the caller's key (a bare string such as '"#a"', non-strings).
create or replace function private.text_array_arg(p_value jsonb, p_key text)
returns text[]
language plpgsql
immutable
security invoker
set search_path = ''
as $$
declare
  v_value jsonb := p_value;
begin
  if v_value is null or jsonb_typeof(v_value) = 'null' then
    return null;
  end if;
  if jsonb_typeof(v_value) = 'string' and left(ltrim(v_value #>> '{}'), 1) = '[' then
    begin
      v_value := (v_value #>> '{}')::jsonb;
    exception when invalid_text_representation then
      raise exception '%', p_key using errcode = 'P0001';
    end;
  end if;
  if jsonb_typeof(v_value) <> 'array'
     or exists (select from jsonb_array_elements(v_value) e where jsonb_typeof(e) <> 'string') then
    raise exception '%', p_key using errcode = 'P0001';
  end if;
  return array(select jsonb_array_elements_text(v_value));
end;
$$;
comment on function private.text_array_arg(jsonb, text) is 'An RPC''s text-array argument given as jsonb: null, an array of strings, or (a GET''s query string) a JSON string holding such an array; anything else raises the key given.';
