-- Argument parsers for RPCs that take their scalars as text and their arrays as jsonb.
--
-- Why: PostgREST casts an RPC's JSON arguments to the declared parameter types before any of
-- our code runs, so `{"p_chisme_id": "x"}` or `{"p_years": 1e20}` reaches the client as a raw
-- 22P02 / 22003. An RPC that declares `text` (or `jsonb` for arrays) receives whatever was
-- sent — a JSON number or boolean arrives as its text, so honest clients send exactly what they
-- sent before — and parses it here, where a bad value becomes the stable key the RPC names.
-- A null (or absent) argument stays null: each RPC decides what null means.

create or replace function private.uuid_arg(p_value text, p_key text)
returns uuid
language plpgsql
immutable
security invoker
set search_path = ''
as $$
begin
  return p_value::uuid;
exception when data_exception then
  raise exception '%', p_key using errcode = 'P0001';
end;
$$;
comment on function private.uuid_arg(text, text) is 'An RPC''s uuid argument given as text; anything that is not a uuid raises the key given.';

create or replace function private.int_arg(p_value text, p_key text)
returns int
language plpgsql
immutable
security invoker
set search_path = ''
as $$
begin
  -- Only whole numbers: int's own input would also take ' 7 ' but not 7.5 or 1e3, and neither
  -- do we; a number outside int is the same key (the caller's range check says the limits).
  return p_value::int;
exception when data_exception then
  raise exception '%', p_key using errcode = 'P0001';
end;
$$;
comment on function private.int_arg(text, text) is 'An RPC''s integer argument given as text; a non-integer or out-of-range value raises the key given.';

create or replace function private.boolean_arg(p_value text, p_key text)
returns boolean
language plpgsql
immutable
security invoker
set search_path = ''
as $$
begin
  -- JSON true/false arrive as 'true'/'false'; PostgreSQL's own spellings (t, yes, 1…) are kept.
  return p_value::boolean;
exception when data_exception then
  raise exception '%', p_key using errcode = 'P0001';
end;
$$;
comment on function private.boolean_arg(text, text) is 'An RPC''s boolean argument given as text; anything else raises the key given.';

create or replace function private.timestamptz_arg(p_value text, p_key text)
returns timestamptz
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  return p_value::timestamptz;
exception when data_exception then
  raise exception '%', p_key using errcode = 'P0001';
end;
$$;
comment on function private.timestamptz_arg(text, text) is 'An RPC''s timestamp argument given as text; an unreadable or out-of-range time raises the key given.';

create or replace function private.text_array_arg(p_value jsonb, p_key text)
returns text[]
language plpgsql
immutable
security invoker
set search_path = ''
as $$
begin
  if p_value is null or jsonb_typeof(p_value) = 'null' then
    return null;
  end if;
  if jsonb_typeof(p_value) <> 'array'
     or exists (select from jsonb_array_elements(p_value) e where jsonb_typeof(e) <> 'string') then
    raise exception '%', p_key using errcode = 'P0001';
  end if;
  return array(select jsonb_array_elements_text(p_value));
end;
$$;
comment on function private.text_array_arg(jsonb, text) is 'An RPC''s text-array argument given as jsonb: null, or an array of strings; anything else raises the key given.';

-- Pure helpers called by security invoker RPCs as the caller: revoked from PUBLIC, granted back
-- to the API roles (see the revoke-by-default migration).
revoke execute on function private.uuid_arg(text, text) from public;
revoke execute on function private.int_arg(text, text) from public;
revoke execute on function private.boolean_arg(text, text) from public;
revoke execute on function private.timestamptz_arg(text, text) from public;
revoke execute on function private.text_array_arg(jsonb, text) from public;
grant execute on function private.uuid_arg(text, text) to anon, authenticated, service_role;
grant execute on function private.int_arg(text, text) to anon, authenticated, service_role;
grant execute on function private.boolean_arg(text, text) to anon, authenticated, service_role;
grant execute on function private.timestamptz_arg(text, text) to anon, authenticated, service_role;
grant execute on function private.text_array_arg(jsonb, text) to anon, authenticated, service_role;
