-- Runs first (pg_prove sorts the files): installs pgTAP and our own small `tests.*` helpers,
-- after the manner of basejump's supabase-test-helpers but with no network install. They stay
-- in the throwaway database for the test files that follow; every test file itself runs in a
-- transaction that is rolled back.
create extension if not exists pgtap with schema extensions;

create schema if not exists tests;
grant usage on schema tests to anon, authenticated, service_role;

-- A confirmed user, as GoTrue would create it (the profile trigger fires). `identifier` names
-- the persona in the test; the e-mail defaults to <identifier>@test.chismes. Personas are
-- established accounts (created 30 days ago), so the new-account rules (docs/decisions/0003-new-account-rules.md, pgTAP 014-new-accounts)
-- apply only where a test asks for a new account with tests.make_account_new.
create or replace function tests.create_supabase_user(
  identifier text,
  email text default null,
  metadata jsonb default null,
  provider text default 'email'
)
returns uuid
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := gen_random_uuid();
  v_email text := coalesce(email, identifier || '@test.chismes');
begin
  insert into auth.users (
    instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
    raw_app_meta_data, raw_user_meta_data, created_at, updated_at
  ) values (
    '00000000-0000-0000-0000-000000000000', v_user_id, 'authenticated', 'authenticated', v_email,
    extensions.crypt('Password1', extensions.gen_salt('bf', 4)), now(),
    jsonb_build_object('provider', provider, 'providers', jsonb_build_array(provider)),
    coalesce(metadata, '{}'::jsonb) || jsonb_build_object('test_identifier', identifier),
    now() - interval '30 days', now()
  );
  insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
  values (
    case when provider = 'email' then v_user_id::text else identifier || '-' || provider end,
    v_user_id,
    jsonb_build_object('sub', v_user_id::text, 'email', v_email),
    provider, now(), now()
  );
  -- personas are adults who confirmed it (10-profiles.sql, adults only); a test of the rule
  -- withdraws it
  update public.profiles set adult_confirmed_at = now() where id = v_user_id;
  return v_user_id;
end;
$$;

-- Makes a persona a new account: created `age` ago (default one hour).
create or replace function tests.make_account_new(identifier text, age interval default interval '1 hour')
returns void
language sql
security definer
set search_path = ''
as $$
  update auth.users u set created_at = now() - age
  where u.raw_user_meta_data ->> 'test_identifier' = identifier;
$$;

-- The id of a persona created with tests.create_supabase_user.
create or replace function tests.get_supabase_uid(identifier text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select u.id from auth.users u where u.raw_user_meta_data ->> 'test_identifier' = identifier;
$$;

-- The request's role and JWT claims as PostgREST sets them, for the rest of the transaction:
-- what every tests.authenticate_as* / clear_authentication / reset_role below sets.
create or replace function tests.set_request_role(p_role text, p_claims text)
returns void
language sql
security invoker
set search_path = ''
as $$
  select set_config('role', p_role, true), set_config('request.jwt.claims', p_claims, true);
$$;

-- Act as a signed-in persona: role authenticated and the JWT claims PostgREST would set.
create or replace function tests.authenticate_as(identifier text)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := tests.get_supabase_uid(identifier);
begin
  if v_user_id is null then
    raise exception 'tests.authenticate_as: no persona %', identifier;
  end if;
  perform tests.set_request_role('authenticated', jsonb_build_object(
    'sub', v_user_id, 'role', 'authenticated', 'email', identifier || '@test.chismes', 'aud', 'authenticated'
  )::text);
end;
$$;

-- Act as the service role (what the edge functions use for privileged work).
create or replace function tests.authenticate_as_service_role()
returns void
language sql
security invoker
set search_path = ''
as $$
  select tests.set_request_role('service_role', '{"role":"service_role"}');
$$;

-- Act as a visitor who is not signed in (the anon key).
create or replace function tests.clear_authentication()
returns void
language sql
security invoker
set search_path = ''
as $$
  select tests.set_request_role('anon', '{"role":"anon"}');
$$;

-- Back to the test's own superuser session (arrange steps).
create or replace function tests.reset_role()
returns void
language sql
security invoker
set search_path = ''
as $$
  select tests.set_request_role('none', '');
$$;

-- pgTAP assertion: every table of the schema has row-level security enabled.
create or replace function tests.rls_enabled(testing_schema text)
returns text
language sql
security invoker
-- pgTAP's own functions call each other unqualified, so its schema is the search path
set search_path = extensions
as $$
  select extensions.is(
    (select array_agg(c.relname::text order by c.relname)
     from pg_catalog.pg_class c
     join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where n.nspname = testing_schema and c.relkind in ('r', 'p') and not c.relrowsecurity),
    null::text[],
    format('every table in schema %s has row-level security enabled', testing_schema)
  );
$$;

-- pgTAP assertion: one table has row-level security enabled.
create or replace function tests.rls_enabled(testing_schema text, testing_table text)
returns text
language sql
security invoker
-- pgTAP's own functions call each other unqualified, so its schema is the search path
set search_path = extensions
as $$
  select extensions.ok(
    coalesce((
      select c.relrowsecurity
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = testing_schema and c.relname = testing_table
    ), false),
    format('table %s.%s has row-level security enabled', testing_schema, testing_table)
  );
$$;

-- The `detail` (parsed as JSON) of the error a statement raises; null when it succeeds. Lets
-- tests assert an error's parameters, which throws_ok cannot see.
create or replace function tests.error_detail(statement text)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_detail text;
begin
  execute statement;
  return null;
exception when others then
  get stacked diagnostics v_detail = pg_exception_detail;
  return nullif(v_detail, '')::jsonb;
end;
$$;

-- Lifts the rate limits for the rest of the test's transaction. For tests whose fixtures post
-- more than a person could in a minute; the limits themselves are proven in 012-rate-limits.
create or replace function tests.lift_rate_limits()
returns void
language sql
security invoker
set search_path = ''
as $$
  update private.rate_limit_settings set max_events = 1000000;
$$;

-- Acts as a moderator: the persona's token with app_metadata.role = 'moderator', as the JWT
-- carries it after set_moderator and a token refresh.
create or replace function tests.authenticate_as_moderator(identifier text)
returns void
language sql
security invoker
set search_path = ''
as $$
  select tests.authenticate_as(identifier);
  select set_config('request.jwt.claims',
    (current_setting('request.jwt.claims')::jsonb || '{"app_metadata":{"role":"moderator"}}')::text, true);
$$;

-- An arrange step that cannot hide the rules after it: a statement that fails becomes one
-- failing test naming the statement and its error, instead of aborting the file before the
-- assertions meant for the rule run. On success it prints nothing and counts no test, so a
-- file's plan does not change. (pgTAP's own functions need `extensions` on the path.)
create or replace function tests.arrange(statement text)
returns setof text
language plpgsql
security invoker
set search_path = extensions, pg_temp
as $$
begin
  execute statement;
exception when others then
  return next fail(format('arrange step failed: %s -- %s (%s)', left(btrim(statement), 300), sqlerrm, sqlstate));
end;
$$;

-- create_chisme and add_comment answer json (docs/decisions/0024-refused-writes-count.md); for
-- fixtures that read the new row's columns, these give it as the row type they used to return.
-- Called from SQL the RPCs raise their keys as before, so throws_ok on them holds.
create or replace function tests.create_chisme(p_gender text, p_years text, p_content text, p_tags jsonb, p_country text, p_cotilleo text)
returns public.feed_chisme
language sql
security invoker
set search_path = ''
as $$
  select * from json_populate_record(null::public.feed_chisme, public.create_chisme(p_gender, p_years, p_content, p_tags, p_country, p_cotilleo));
$$;

create or replace function tests.add_comment(p_chisme_id text, p_parent_id text, p_content text, p_gender text, p_years text, p_country text)
returns public.thread_comment
language sql
security invoker
set search_path = ''
as $$
  select * from json_populate_record(null::public.thread_comment, public.add_comment(p_chisme_id, p_parent_id, p_content, p_gender, p_years, p_country));
$$;

-- log_country answers json too (`true` / `false`); as the boolean it used to return.
create or replace function tests.log_country(p_country text)
returns boolean
language sql
security invoker
set search_path = ''
as $$
  select public.log_country(p_country)::text::boolean;
$$;

-- A persona's writes of an action in its current one-minute window, read as the owner (no API
-- role may read the counters): what the refused-write tests count
-- (docs/decisions/0024-refused-writes-count.md).
create or replace function tests.minute_events(identifier text, p_action text)
returns int
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(r.events), 0)::int from private.rate_limit_counters r
  where r.subject_id = tests.get_supabase_uid(identifier) and r.action = p_action and r.window_seconds = 60;
$$;

-- Arrange steps that post as the current persona and keep the new row's id in the setting
-- test.<name> for the rest of the test (read back with current_setting('test.<name>')).
create or replace function tests.post_chisme(name text, p_gender text, p_years text, p_content text, p_tags jsonb, p_country text, p_cotilleo text)
returns uuid
language sql
security invoker
set search_path = ''
as $$
  select set_config('test.' || name, c.id::text, true)::uuid
  from tests.create_chisme(p_gender, p_years, p_content, p_tags, p_country, p_cotilleo) c;
$$;

create or replace function tests.post_comment(name text, p_chisme_id text, p_parent_id text, p_content text, p_gender text, p_years text, p_country text)
returns uuid
language sql
security invoker
set search_path = ''
as $$
  select set_config('test.' || name, c.id::text, true)::uuid
  from tests.add_comment(p_chisme_id, p_parent_id, p_content, p_gender, p_years, p_country) c;
$$;

-- EXPLAIN ANALYZE of a statement as one text, for tests that assert an access path (the
-- statement names its tables with their schema).
create or replace function tests.plan_of(statement text)
returns text
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_line text;
  v_plan text := '';
begin
  for v_line in execute 'explain (analyze, costs off) ' || statement loop
    v_plan := v_plan || v_line || e'\n';
  end loop;
  return v_plan;
end;
$$;

-- PostgREST's pre-request check (private.check_request) as PostgREST calls it for a request of
-- this role, method and path: the status, code and message it refuses with, or null.
create or replace function tests.rest_write_refusal(p_role text, p_method text, p_path text)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_message text;
  v_detail text;
begin
  perform set_config('request.method', p_method, true);
  perform set_config('request.path', p_path, true);
  perform set_config('role', p_role, true);
  begin
    perform private.check_request();
  exception when sqlstate 'PGRST' then
    get stacked diagnostics v_message = message_text, v_detail = pg_exception_detail;
  end;
  -- Clear the request as well as the role, so the rest of the test runs as plain SQL (not as
  -- an API request, whose refusals answer instead of raising: private.is_api_request()).
  perform set_config('request.method', '', true);
  perform set_config('request.path', '', true);
  perform tests.reset_role();
  return case when v_message is null then null
    else jsonb_build_object('status', (v_detail::jsonb) -> 'status', 'code', v_message::jsonb -> 'code', 'message', v_message::jsonb -> 'message') end;
end;
$$;

-- Several personas at once (tests.create_supabase_user with the defaults), for an arrange step.
create or replace function tests.create_supabase_users(variadic identifiers text[])
returns void
language sql
security invoker
set search_path = ''
as $$
  select tests.create_supabase_user(i) from unnest(identifiers) i;
$$;

-- Waits, when the minute is within 5 s of its end, until the next one has begun: a test that
-- counts writes in the one-minute rate-limit window cannot see it roll over mid-test.
create or replace function tests.away_from_minute_end()
returns void
language sql
security invoker
set search_path = ''
as $$
  select pg_sleep(62 - extract(second from clock_timestamp())) where extract(second from clock_timestamp()) > 55;
$$;

-- A one-minute limit of p_max writes of p_action, and the personas named vouched for (factor
-- 1), so the new-account halving does not apply to them: the arrange step of the tests that
-- meet a limit (pgTAP 012, 030 and 050 refused writes).
create or replace function tests.limit_per_minute(p_action text, p_max int, variadic p_vouched text[])
returns void
language sql
security invoker
set search_path = ''
as $$
  update private.rate_limit_settings set max_events = p_max where action = p_action and window_seconds = 60;
  insert into private.rate_limit_overrides (user_id, factor)
  select tests.get_supabase_uid(u), 1 from unnest(p_vouched) u;
$$;

-- How many rows of a table with a user_id column (likes, reports, country logs, authorship
-- rows) belong to a persona, read as the owner (no API role may read others' rows).
create or replace function tests.rows_of(p_table regclass, identifier text)
returns int
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_count int;
begin
  execute format('select count(*)::int from %s t where t.user_id = $1', p_table)
  into v_count using tests.get_supabase_uid(identifier);
  return v_count;
end;
$$;

grant execute on all functions in schema tests to anon, authenticated, service_role;

begin;
select plan(5);
select has_function('tests', 'create_supabase_user', array['text', 'text', 'jsonb', 'text'], 'tests.create_supabase_user exists');
select has_function('tests', 'authenticate_as', array['text'], 'tests.authenticate_as exists');
select has_function('tests', 'clear_authentication', 'tests.clear_authentication exists');
select has_function('tests', 'rls_enabled', array['text'], 'tests.rls_enabled exists');
select isnt(tests.create_supabase_user('hook_check'), null, 'tests.create_supabase_user creates a user');
select * from finish();
rollback;
