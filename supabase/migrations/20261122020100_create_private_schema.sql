-- The `private` schema: trigger functions, security definer helpers and private tables.
-- PostgREST does not expose it (config.toml lists only public and graphql_public). The API
-- roles get usage so that security invoker RPCs can call the few helpers granted to them
-- explicitly; every other function here is executable by nobody but its owner (the execute
-- that PostgreSQL grants PUBLIC on new functions is revoked by the last migration,
-- 20261122021700, since per-schema default privileges cannot remove it).

create schema if not exists private;
comment on schema private is 'Internal helpers, trigger functions and private tables; never exposed by the API.';

grant usage on schema private to anon, authenticated, service_role;

-- Keeps `updated_at` honest on every table that has one, whoever writes the row.
create or replace function private.set_updated_at()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
comment on function private.set_updated_at() is 'Trigger: sets updated_at to now() on every update.';

-- Raises not_authenticated unless a signed-in user is calling; returns their id.
create or replace function private.require_user()
returns uuid
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
begin
  if v_user_id is null then
    raise exception 'not_authenticated' using errcode = 'P0001';
  end if;
  return v_user_id;
end;
$$;
comment on function private.require_user() is 'The caller''s user id, or the not_authenticated error.';
grant execute on function private.require_user() to anon, authenticated, service_role;

-- Spec: "snippets cut at 50 characters plus an ellipsis".
create or replace function private.snippet(p_text text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select case when char_length(p_text) > 50 then left(p_text, 50) || '...' else p_text end;
$$;
comment on function private.snippet(text) is 'The first 50 characters of a text, with an ellipsis when cut.';
grant execute on function private.snippet(text) to anon, authenticated, service_role;
