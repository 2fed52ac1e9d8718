-- Functions' privileges are explicit: a function created from now on is executable by no
-- client role until its migration grants it. PostgreSQL grants EXECUTE to PUBLIC on every new
-- function, and Supabase's platform adds per-schema defaults granting it to anon and
-- authenticated in public; that is how `find_personal_data` became executable by anon
-- although its migration granted it to signed-in users only. Revoked here for the roles that
-- create functions in this project (postgres: the migrations; supabase_admin: the platform).
-- pgTAP 200 holds the allow-list of what each client role may execute.
--
-- Tables are left as the platform sets them (the local stack's contract tests create scratch
-- tables that rely on those defaults); pgTAP 200 fails on any write privilege a client role
-- holds on a table of an exposed schema, whoever granted it.

alter default privileges for role postgres revoke execute on functions from public;
alter default privileges for role postgres in schema public revoke execute on functions from anon, authenticated;
alter default privileges for role postgres in schema private revoke execute on functions from anon, authenticated;

do $$
begin
  -- supabase_admin exists on the platform and in the local stack's bootstrap; altering its
  -- defaults needs membership, which the migration role has there.
  if exists (select 1 from pg_roles where rolname = 'supabase_admin')
     and pg_has_role(current_user, 'supabase_admin', 'member') then
    execute 'alter default privileges for role supabase_admin revoke execute on functions from public';
    execute 'alter default privileges for role supabase_admin in schema public revoke execute on functions from anon, authenticated';
  end if;
end;
$$;

-- The typing helpers are for signed-in people writing a chisme or a comment (only they can
-- post); anon has no use for them, and each call costs normalisation and matching.
do $$
declare
  v_function regprocedure;
begin
  for v_function in
    select p.oid::regprocedure from pg_proc p
    where p.pronamespace = 'public'::regnamespace and p.proname in ('find_offensive_words', 'find_personal_data')
  loop
    execute format('revoke execute on function %s from public, anon', v_function);
    execute format('grant execute on function %s to authenticated, service_role', v_function);
  end loop;
end;
$$;
