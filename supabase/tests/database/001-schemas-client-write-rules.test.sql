-- Two rules of the write path that no other file could fail on:
-- 1. The text-rule and country-log triggers recognise a client's write by the request's role
--    (private.is_client_write(), supabase/schemas/05-helpers.sql): a
--    security definer function running as a client (as every write RPC does) cannot keep the
--    server-chosen columns it passes; the service role's writes keep theirs.
-- 2. PostgREST's pre-request check answers a percent-encoded table route with its key
--    (supabase/schemas/05-helpers.sql). The table privileges are the
--    guard (pgTAP 001-schemas-client-privileges); this keeps the answer a stable key for every encoding of the name.
begin;
select plan(17);

select tests.lift_rate_limits();
select tests.create_supabase_users('writer241', 'other241');

-- A write that forges every server-chosen column, run as its owner like the write RPCs.
create function pg_temp.forge_chisme()
returns public.chismes
language sql
security definer
set search_path = ''
as $$
  insert into public.chismes (id, gender, years, content, tags, country, cotilleo, likes, comments, report, file_exist, created_at, updated_at)
  values ('00000000-0000-4000-8000-000000000241', 'Mujer', 30, 'Un chisme con columnas forjadas', '{}', 'ES', false, 99, 7, 5, true,
          '2000-01-01', '2000-01-01')
  returning *;
$$;
create function pg_temp.forge_comment(p_chisme_id uuid)
returns public.comments
language sql
security definer
set search_path = ''
as $$
  insert into public.comments (id, chisme_id, content, gender, years, country, report, created_at, updated_at)
  values ('00000000-0000-4000-8000-000000000242', p_chisme_id, 'Comentario con columnas forjadas', 'Mujer', 30, 'ES', 5,
          '2000-01-01', '2000-01-01')
  returning *;
$$;
create function pg_temp.forge_country_log(p_user_id uuid)
returns public.country_logs
language sql
security definer
set search_path = ''
as $$
  insert into public.country_logs (user_id, country, created_at) values (p_user_id, 'Peru', '2000-01-01') returning *;
$$;
grant execute on function pg_temp.forge_chisme() to authenticated;
grant execute on function pg_temp.forge_comment(uuid) to authenticated;
grant execute on function pg_temp.forge_country_log(uuid) to authenticated, service_role;

select tests.authenticate_as('writer241');
create temporary table forged_chisme on commit drop as select * from pg_temp.forge_chisme();
select isnt((select id from forged_chisme), '00000000-0000-4000-8000-000000000241'::uuid, 'client chisme: the id is the database''s, not the one passed');
select is((select array[likes, comments, report] from forged_chisme), array[0, 0, 0], 'client chisme: the counters start at zero whatever was passed');
select is((select file_exist from forged_chisme), false, 'client chisme: file_exist starts false');
select is((select created_at from forged_chisme), now(), 'client chisme: created_at is the database''s time');
select is((select updated_at from forged_chisme), now(), 'client chisme: updated_at is the database''s time');

create temporary table forged_comment on commit drop as select * from pg_temp.forge_comment((select id from forged_chisme));
select isnt((select id from forged_comment), '00000000-0000-4000-8000-000000000242'::uuid, 'client comment: the id is the database''s');
select is((select report from forged_comment), 0, 'client comment: the report counter starts at zero');
select is((select created_at from forged_comment), now(), 'client comment: created_at is the database''s time');
select is((select root_id from forged_comment), (select id from forged_comment), 'client comment: a root comment is its own root, by the new id');

create temporary table forged_log on commit drop as select * from pg_temp.forge_country_log(tests.get_supabase_uid('other241'));
select is((select user_id from forged_log), tests.get_supabase_uid('writer241'), 'client country log: the user is the caller, not the one passed');
select is((select created_at from forged_log), now(), 'client country log: created_at is the database''s time');

-- The service role is no client: its writes keep what they pass (operator tools, functions).
select tests.authenticate_as_service_role();
create temporary table service_log on commit drop as select * from pg_temp.forge_country_log(tests.get_supabase_uid('other241'));
select is((select user_id from service_log), tests.get_supabase_uid('other241'), 'service role: keeps the user it passes');
select is((select created_at from service_log), '2000-01-01'::timestamptz, 'service role: keeps the time it passes');
select tests.reset_role();

-- The pre-request check as PostgREST calls it (tests.rest_write_refusal): its key, or null.
select is(tests.rest_write_refusal('authenticated', 'POST', '/%63hismes') ->> 'code', 'rest_write_not_allowed', 'authenticated POST /%63hismes (chismes, encoded): rest_write_not_allowed');
select is(tests.rest_write_refusal('authenticated', 'DELETE', '/%6Eotifications') ->> 'code', 'rest_write_not_allowed', 'authenticated DELETE /%6Eotifications: rest_write_not_allowed');
select is(tests.rest_write_refusal('anon', 'POST', '/rest/v1/%63ountry_logs') ->> 'code', 'rest_write_not_allowed', 'anon POST /rest/v1/%63ountry_logs: rest_write_not_allowed');
select is(tests.rest_write_refusal('authenticated', 'GET', '/%63hismes') ->> 'code', null, 'an encoded read passes (reads are RLS''s)');

select * from finish();
rollback;
