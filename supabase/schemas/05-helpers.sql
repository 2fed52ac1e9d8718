-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

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
revoke all on function private.set_updated_at() from public, anon, authenticated, service_role;
comment on function private.set_updated_at() is 'Trigger: sets updated_at to now() on every update.';

-- Raises not_authenticated unless a signed-in user is calling; returns their id.
--
-- A signed-in user is a token whose account still exists: an access token outlives its
-- account until it expires (an hour), and a deleted account's token must not reach the
-- tables as a user (a raw 23503 from a foreign key, a silent update of nothing). The account
-- is looked up through its profile, which goes with it (10-profiles.sql: on delete cascade)
-- and which RLS shows its owner, so the invoker RPCs may call this too. Every RPC of a
-- signed-in person calls it first (pgTAP 075-account-deleted-token).
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
  -- apart from the test above: anon may not read profiles, even in a branch never taken
  if not exists (select 1 from public.profiles p where p.id = v_user_id) then
    raise exception 'not_authenticated' using errcode = 'P0001';
  end if;
  return v_user_id;
end;
$$;
revoke all on function private.require_user() from public, anon, authenticated, service_role;
grant execute on function private.require_user() to anon;
grant execute on function private.require_user() to authenticated;
grant execute on function private.require_user() to service_role;
comment on function private.require_user() is 'The caller''s user id when their account exists, or the not_authenticated error (no token, or a deleted account''s token).';

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
revoke all on function private.uuid_arg(text,text) from public, anon, authenticated, service_role;
grant execute on function private.uuid_arg(text,text) to anon;
grant execute on function private.uuid_arg(text,text) to authenticated;
grant execute on function private.uuid_arg(text,text) to service_role;
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
revoke all on function private.int_arg(text,text) from public, anon, authenticated, service_role;
grant execute on function private.int_arg(text,text) to anon;
grant execute on function private.int_arg(text,text) to authenticated;
grant execute on function private.int_arg(text,text) to service_role;
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
revoke all on function private.boolean_arg(text,text) from public, anon, authenticated, service_role;
grant execute on function private.boolean_arg(text,text) to anon;
grant execute on function private.boolean_arg(text,text) to authenticated;
grant execute on function private.boolean_arg(text,text) to service_role;
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
revoke all on function private.timestamptz_arg(text,text) from public, anon, authenticated, service_role;
grant execute on function private.timestamptz_arg(text,text) to anon;
grant execute on function private.timestamptz_arg(text,text) to authenticated;
grant execute on function private.timestamptz_arg(text,text) to service_role;
comment on function private.timestamptz_arg(text, text) is 'An RPC''s timestamp argument given as text; an unreadable or out-of-range time raises the key given.';

create or replace function private.snippet(p_text text)
returns text
language plpgsql
immutable
security invoker
set search_path = ''
as $$
begin
  return case when char_length(p_text) > 50 then left(p_text, 50) || '...' else p_text end;
end;
$$;
revoke all on function private.snippet(text) from public, anon, authenticated, service_role;
grant execute on function private.snippet(text) to anon;
grant execute on function private.snippet(text) to authenticated;
grant execute on function private.snippet(text) to service_role;
comment on function private.snippet(text) is 'The first 50 characters of a text, with an ellipsis when cut.';

-- Read RPCs over GET (docs/api.md, "Reads over GET"): hosted Supabase may serve a Data API GET
-- from a read replica, so the web calls get_feed with GET. A GET carries every argument in the
-- query string, and PostgREST hands a query-string value to a jsonb parameter as a JSON
-- string: get_feed's tags arrive as the string '["#amor"]', not as the array. So the parser
-- also reads a JSON string whose text is a JSON array (of strings); anything else is refused
-- with the caller's key (a bare string such as '"#a"', non-strings).
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
revoke all on function private.text_array_arg(jsonb,text) from public, anon, authenticated, service_role;
grant execute on function private.text_array_arg(jsonb,text) to anon;
grant execute on function private.text_array_arg(jsonb,text) to authenticated;
grant execute on function private.text_array_arg(jsonb,text) to service_role;
comment on function private.text_array_arg(jsonb, text) is 'An RPC''s text-array argument given as jsonb: null, an array of strings, or (a GET''s query string) a JSON string holding such an array; anything else raises the key given.';

-- Every client write RPC runs as its owner (security definer, search_path ''), because
-- clients hold no write privilege on the tables (each table's schema file grants only select
-- to clients; pgTAP 001-schemas-client-privileges lists the functions a client may execute).
--
-- What running as the owner means for the rules, and how each one holds:
--   * RLS does not filter what the RPC and the write pipelines' steps read. Rules that a read
--     policy would give are explicit steps of the pipelines (every path, whoever writes):
--       - a reply to a comment hidden by moderation: comment_parent_not_found (the comments
--         read policy hides the parent from anyone but its author and moderators);
--       - a report of a hidden chisme or comment (or a comment of a hidden chisme):
--         report_target_not_found;
--       - an unlike on a hidden chisme: chisme_not_found, as a like or a comment of it
--         (guard_hidden_chisme, a security definer step that never relied on RLS).
--     The rule steps' own checks compare with the caller's id explicitly (own like, own
--     report, own chisme), and the notification and profile RPCs filter by the caller's id
--     and by the same 30-day window as the notifications read policy (60-notifications.sql).
--   * `current_user` is the owner inside. Rules that must know whether a client is writing
--     read the request's role instead (`private.is_client_write()`): PostgREST sets it from
--     the verified JWT, a client cannot choose it, and a security definer function does not
--     change it. The rate limits, the new-account rules and the rule steps' client branch
--     (which forces server-chosen columns: ids, counters, timestamps, the author) all read it.

-- The request's role as PostgREST set it (from the verified JWT): anon or authenticated for a
-- client, whether or not a security definer function is running. plpgsql, like the other
-- helpers every write calls (14-new-accounts.sql): a `language sql` function with `set
-- search_path` is never inlined and is planned again on every call; in plpgsql the like path
-- measured cheaper (docs/database-history.md, "The like path").
create or replace function private.is_client_write()
returns boolean
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  return coalesce(current_setting('role', true), 'none') in ('anon', 'authenticated');
end;
$$;
revoke all on function private.is_client_write() from public, anon, authenticated, service_role;
grant execute on function private.is_client_write() to service_role;
comment on function private.is_client_write() is 'Whether the request''s role (set by PostgREST from the verified JWT, unchanged by security definer) is a client''s.';

-- Whose row a like, a report or a country log is, and when it was made: a client's write is
-- always the caller's own, now, whatever user_id and created_at it carries (the RPCs run as
-- their owner, so the rule steps say it); another writer (the operator, the seed) names
-- the user, and none is not_authenticated. One call returns both, so the request's role is
-- read once per row (the like path: docs/decisions/0016-performance-budgets.md).
create or replace function private.own_client_row(p_user_id uuid, p_created_at timestamptz, out o_user_id uuid, out o_created_at timestamptz)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if private.is_client_write() then
    -- the caller: the RPC that writes has refused a deleted account's token already
    -- (private.require_user); the like path does not look the account up twice
    o_user_id := auth.uid();
    if o_user_id is null then
      raise exception 'not_authenticated' using errcode = 'P0001';
    end if;
    o_created_at := now();
  elsif p_user_id is null then
    raise exception 'not_authenticated' using errcode = 'P0001';
  else
    o_user_id := p_user_id;
    o_created_at := p_created_at;
  end if;
end;
$$;
revoke all on function private.own_client_row(uuid,timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function private.own_client_row(uuid,timestamp with time zone) to service_role;
comment on function private.own_client_row(uuid, timestamptz) is 'The user and time of a new row: the caller and now() for a client''s write; otherwise the given user, which must be set (not_authenticated).';

-- The pre-request hook stays, as a courtesy, not as the guard: clients hold no write
-- privilege on any table (00-schemas.sql), so any route to a table write — whatever its
-- encoding — is refused by PostgreSQL itself (42501: PostgREST answers 401 to anon, 403 to a
-- signed-in user) and stores nothing. The hook only turns the common case into the stable key
-- `rest_write_not_allowed` before PostgREST reads the body.
--
-- PostgREST percent-decodes the path, so comparing the raw path with table names is not
-- enough: a write whose first path segment carries any percent-encoding (`/%63hismes`) is
-- refused with the same key, as is any letter case of an app table's name. Reads, RPCs
-- (`/rpc/…`, literal) and the service role pass.
create or replace function private.check_request()
returns void
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_segment text;
begin
  if current_user in ('anon', 'authenticated')
     and current_setting('request.method', true) in ('POST', 'PATCH', 'PUT', 'DELETE') then
    v_segment := split_part(regexp_replace(coalesce(current_setting('request.path', true), ''), '^(/rest/v1)?/+', ''), '/', 1);
    if strpos(v_segment, '%') > 0
       or lower(v_segment) = any (array['chismes', 'comments', 'likes', 'reports', 'notifications', 'profiles', 'country_logs',
                                        'chisme_authors', 'comment_authors', 'offensive_words', 'moderation_audit',
                                        'report_reasons', 'moderation_statements']) then
      -- SQLSTATE PGRST: PostgREST answers with this status and body as they are.
      raise sqlstate 'PGRST' using
        message = jsonb_build_object(
          'code', 'rest_write_not_allowed',
          'message', 'rest_write_not_allowed',
          'details', jsonb_build_object('hint', 'Writes go through the RPCs of docs/api.md')::text
        )::text,
        detail = jsonb_build_object('status', 403, 'headers', jsonb_build_object())::text;
    end if;
  end if;
end;
$$;
revoke all on function private.check_request() from public, anon, authenticated, service_role;
grant execute on function private.check_request() to anon;
grant execute on function private.check_request() to authenticated;
grant execute on function private.check_request() to service_role;
comment on function private.check_request() is 'PostgREST db-pre-request: refuses anon/authenticated REST writes to the app''s tables, any percent-encoded table segment included (rest_write_not_allowed, 403). The table privileges are the guard; this gives the key.';

-- The raw-size checks of both text writes, in one place so their limits and keys cannot drift
-- apart. They run in constant time, before any normalising or matching (octet_length reads
-- the stored size):
-- - private.assert_raw_text_sizes: content over 16,000 bytes answers the caller's content key
--   with {"max":400}; a country over 1,000 bytes country_too_long {"max":100};
-- - private.capped_arg: an id, age, gender or mode over 100 bytes becomes 'invalid', so it gets
--   the key a malformed value gets.
-- Both writes call them from private.publish_chisme (20-chismes.sql) and
-- private.publish_comment (40-comments.sql), and so do the rule steps of both tables.
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

-- The address of the client making this request, as the proxies in front of PostgREST hand
-- it over (PostgREST gives every request header, lower-cased, in request.headers), for the
-- limits per client (docs/decisions/0002-rate-limits.md, "Per client"):
-- - on hosted Supabase, Cloudflare sets cf-connecting-ip to the address it received the
--   request from, whatever the client sent under that name; it also appends that address to
--   x-forwarded-for, whose first entries a client can write itself;
-- - behind another proxy (`supabase start`'s Kong) only x-forwarded-for's first entry is set.
-- Null without either header (the local stack's gateway passes none, SQL without a request):
-- no client to limit.
create or replace function private.client_address()
returns text
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_headers json := nullif(current_setting('request.headers', true), '')::json;
begin
  return nullif(btrim(coalesce(
    v_headers ->> 'cf-connecting-ip',
    split_part(v_headers ->> 'x-forwarded-for', ',', 1)
  )), '');
end;
$$;
revoke all on function private.client_address() from public, anon, authenticated, service_role;
comment on function private.client_address() is 'The requesting client''s address: cf-connecting-ip (hosted, set by Cloudflare), else the first x-forwarded-for entry, else null.';

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
revoke all on function private.is_api_request() from public, anon, authenticated, service_role;
