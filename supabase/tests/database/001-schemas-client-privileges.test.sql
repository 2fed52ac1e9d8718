-- Clients write by privilege, not by URL, and execute only what is listed here
-- (00-schemas.sql, 05-helpers.sql, 00-schemas.sql). "A role a client can become": anon and
-- authenticated (PostgREST switches to them from the JWT) and every role they are members of
-- (they may SET ROLE to it, or hold its privileges).
--
-- THE ALLOW-LIST: every function anon or authenticated may execute, in public and private.
-- A new function a client must call is added here in the same change that grants it; the
-- test fails for a function that is executable but unlisted, and for a listed one that is not.
begin;
select plan(14);

create temporary table allowed_functions (role text, signature text) on commit drop;
insert into allowed_functions (role, signature) values
  -- anon: the sign-in pre-check, and the private helpers PostgREST and the invoker RPCs use
  ('anon', 'get_sign_in_methods(text)'),
  ('anon', 'submit_notice(text,text,text,text,text)'),
  ('anon', 'confirm_notice(text)'),
  ('anon', 'private.assert_no_personal_data(text)'),
  ('anon', 'private.assert_shown_text(text,text,boolean)'),
  ('anon', 'private.filter_forms(text)'),
  ('anon', 'private.find_phone(text)'),
  ('anon', 'private.fold_confusables(text)'),
  ('anon', 'private.fold_normalized(text)'),
  ('anon', 'private.mask_ordinary_numbers(text)'),
  ('anon', 'private.spell_out_digits(text)'),
  ('anon', 'private.offensive_word_pattern(text)'),
  ('anon', 'private.boolean_arg(text,text)'),
  ('anon', 'private.can_see_hidden_chisme(uuid)'),
  ('anon', 'private.check_request()'),
  ('anon', 'private.find_personal_data(text)'),
  ('anon', 'private.fold_for_filter(text)'),
  ('anon', 'private.int_arg(text,text)'),
  ('anon', 'private.is_moderator()'),
  ('anon', 'private.normalize_tags(text[])'),
  ('anon', 'private.normalize_text(text)'),
  ('anon', 'private.require_moderator()'),
  ('anon', 'private.require_user()'),
  ('anon', 'private.snippet(text)'),
  ('anon', 'private.strip_markup(text)'),
  ('anon', 'private.text_array_arg(jsonb,text)'),
  ('anon', 'private.timestamptz_arg(text,text)'),
  ('anon', 'private.uuid_arg(text,text)'),
  ('anon', 'private.visible_length(text)'),
  -- authenticated: the API of docs/api.md ...
  ('authenticated', 'add_comment(text,text,text,text,text,text)'),
  ('authenticated', 'create_chisme(text,text,text,jsonb,text,text)'),
  ('authenticated', 'delete_notification(text)'),
  ('authenticated', 'delete_my_chisme(text)'),
  ('authenticated', 'delete_my_comment(text)'),
  ('authenticated', 'find_offensive_words(text)'),
  ('authenticated', 'find_personal_data(text)'),
  ('authenticated', 'get_chisme(text)'),
  ('authenticated', 'get_chisme_counts(jsonb)'),
  ('authenticated', 'get_comments(text,text,text,text)'),
  ('authenticated', 'get_feed(text,text,text,text,text,text,jsonb,text,text,text,text)'),
  ('authenticated', 'get_moderation_queue(text,text,text,text)'),
  ('authenticated', 'get_my_chismes(boolean)'),
  ('authenticated', 'get_my_suspension()'),
  ('authenticated', 'get_sign_in_methods(text)'),
  ('authenticated', 'confirm_notice(text)'),
  ('authenticated', 'like_chisme(text)'),
  ('authenticated', 'log_country(text)'),
  ('authenticated', 'mark_all_notifications_read()'),
  ('authenticated', 'mark_notification_read(text)'),
  ('authenticated', 'moderate_add_offensive_word(text)'),
  ('authenticated', 'moderate_delete(text,text,text,text)'),
  ('authenticated', 'moderate_delete_offensive_word(text)'),
  ('authenticated', 'moderate_restore(text,text,text)'),
  ('authenticated', 'moderate_suspend_author(text,text,text,text,text)'),
  ('authenticated', 'moderate_set_report_reason(text,text,text,text,text,text)'),
  ('authenticated', 'get_complaints()'),
  ('authenticated', 'decide_complaint(text,text,text)'),
  ('authenticated', 'report_chisme(text,text,text)'),
  ('authenticated', 'report_comment(text,text,text)'),
  ('authenticated', 'unlike_chisme(text)'),
  ('authenticated', 'update_my_profile(text,text,text,text)'),
  -- people's own controls (blocks, mutes, export, appeals)
  -- notice and action, statements of reasons, complaints (50-reports.sql, 74-statements.sql)
  ('authenticated', 'withdraw_report(text,text)'),
  ('anon', 'get_transparency_report(text)'),
  ('authenticated', 'get_transparency_report(text)'),
  ('authenticated', 'get_my_statements()'),
  ('authenticated', 'get_my_reports()'),
  ('authenticated', 'file_complaint(text,text,text)'),
  ('authenticated', 'block_chisme_author(text)'),
  ('authenticated', 'block_comment_author(text)'),
  ('authenticated', 'get_block_count()'),
  ('authenticated', 'get_my_data()'),
  ('authenticated', 'get_my_hidden_chismes()'),
  ('authenticated', 'get_thread_mute(text)'),
  ('authenticated', 'mute_thread(text,text)'),
  ('authenticated', 'unblock_all()'),
  -- Web Push: this device's subscription, the devices list and the settings (62-push.sql)
  ('authenticated', 'delete_push_device(text)'),
  ('authenticated', 'delete_push_subscription(text)'),
  ('authenticated', 'get_my_push_devices()'),
  ('authenticated', 'get_push_settings()'),
  ('authenticated', 'save_push_subscription(text,text,text,text)'),
  ('authenticated', 'update_push_settings(text,text,text,text,text,text,text,text)'),
  -- ... and the private helpers the security invoker reads and RLS policies call
  ('authenticated', 'private.assert_no_personal_data(text)'),
  ('authenticated', 'private.assert_shown_text(text,text,boolean)'),
  ('authenticated', 'private.filter_forms(text)'),
  ('authenticated', 'private.find_phone(text)'),
  ('authenticated', 'private.fold_confusables(text)'),
  ('authenticated', 'private.fold_normalized(text)'),
  ('authenticated', 'private.mask_ordinary_numbers(text)'),
  ('authenticated', 'private.spell_out_digits(text)'),
  ('authenticated', 'private.offensive_word_pattern(text)'),
  ('authenticated', 'private.boolean_arg(text,text)'),
  ('authenticated', 'private.caller_blocked_chisme_author(uuid)'),
  ('authenticated', 'private.caller_blocked_comment_author(uuid)'),
  ('authenticated', 'private.caller_has_blocks()'),
  ('authenticated', 'private.caller_is_adult()'),
  ('authenticated', 'private.can_see_hidden_chisme(uuid)'),
  ('authenticated', 'private.check_request()'),
  ('authenticated', 'private.feed_chisme_for_caller(chismes)'),
  ('authenticated', 'private.find_personal_data(text)'),
  ('authenticated', 'private.fold_for_filter(text)'),
  ('authenticated', 'private.int_arg(text,text)'),
  ('authenticated', 'private.is_moderator()'),
  ('authenticated', 'private.normalize_tags(text[])'),
  ('authenticated', 'private.normalize_text(text)'),
  ('authenticated', 'private.require_moderator()'),
  ('authenticated', 'private.require_user()'),
  ('authenticated', 'private.snippet(text)'),
  ('authenticated', 'private.strip_markup(text)'),
  ('authenticated', 'private.text_array_arg(jsonb,text)'),
  ('authenticated', 'private.timestamptz_arg(text,text)'),
  ('authenticated', 'private.to_feed_chisme(chismes,boolean,boolean)'),
  ('authenticated', 'private.to_thread_comment(comments,boolean)'),
  ('authenticated', 'private.uuid_arg(text,text)'),
  ('authenticated', 'private.visible_length(text)');

-- The roles a client can become: anon, authenticated, and every role either is a member of.
create temporary view client_roles as
  select r.rolname::text as role
  from pg_roles r
  where r.rolname in ('anon', 'authenticated')
     or exists (select 1 from pg_roles c where c.rolname in ('anon', 'authenticated') and pg_has_role(c.oid, r.oid, 'member'));

-- ---------------------------------------------------------------------------------------------
-- Tables: no write privilege for any client role, RLS everywhere
-- ---------------------------------------------------------------------------------------------
select is_empty(
  $$ select cr.role || ' ' || c.oid::regclass::text || ' ' || pr.privilege
     from pg_class c
     cross join client_roles cr
     cross join (values ('INSERT'), ('UPDATE'), ('DELETE'), ('TRUNCATE'), ('REFERENCES'), ('TRIGGER')) pr(privilege)
     where c.relnamespace in ('public'::regnamespace, 'graphql_public'::regnamespace)
       and c.relkind in ('r', 'p', 'v', 'm', 'f')
       and has_table_privilege(cr.role, c.oid, pr.privilege) $$,
  'no role a client can become holds a table-wide write privilege on a table of an exposed schema'
);
select is_empty(
  $$ select cr.role || ' ' || c.oid::regclass::text || '.' || a.attname || ' ' || pr.privilege
     from pg_class c
     join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     cross join client_roles cr
     cross join (values ('INSERT'), ('UPDATE'), ('REFERENCES')) pr(privilege)
     where c.relnamespace in ('public'::regnamespace, 'graphql_public'::regnamespace)
       and c.relkind in ('r', 'p', 'v', 'm', 'f')
       and has_column_privilege(cr.role, c.oid, a.attnum, pr.privilege) $$,
  'no role a client can become holds a column write privilege on a table of an exposed schema'
);
select is_empty(
  $$ select c.oid::regclass::text from pg_class c
     where c.relnamespace in ('public'::regnamespace, 'graphql_public'::regnamespace)
       and c.relkind in ('r', 'p') and not c.relrowsecurity $$,
  'every table of an exposed schema has row-level security enabled'
);
select is_empty(
  $$ select c.oid::regclass::text from pg_class c
     where c.relnamespace in ('public'::regnamespace, 'graphql_public'::regnamespace) and c.relkind in ('v', 'm', 'f') $$,
  'no view or foreign table in an exposed schema (they would bypass RLS as their owner)'
);
select ok(
  (select count(*) from client_roles) >= 2 and exists (select 1 from client_roles where role = 'authenticated'),
  'the client roles include anon and authenticated (the checks above are not vacuous)'
);

-- A table created now gets no client write either: the check above would name it
create table public.privilege_probe (id int primary key);
grant insert on public.privilege_probe to authenticated;
select isnt_empty(
  $$ select 1 from pg_class c where c.oid = 'public.privilege_probe'::regclass
     and has_table_privilege('authenticated', c.oid, 'INSERT') $$,
  'the probe: a write grant on a new table is what the first check catches'
);
drop table public.privilege_probe;

-- ---------------------------------------------------------------------------------------------
-- Functions: exactly the allow-list; new functions executable by nobody by default
-- ---------------------------------------------------------------------------------------------
create temporary view executable_functions as
  select r.role, regexp_replace(p.oid::regprocedure::text, '^public\.', '') as signature
  from pg_proc p
  cross join (values ('anon'), ('authenticated')) r(role)
  where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
    and has_function_privilege(r.role, p.oid, 'execute');

select is_empty(
  $$ select role || ' ' || signature from executable_functions
     except select role || ' ' || signature from allowed_functions $$,
  'no client role may execute a function missing from the allow-list'
);
select is_empty(
  $$ select role || ' ' || signature from allowed_functions
     except select role || ' ' || signature from executable_functions $$,
  'every function of the allow-list exists and is executable by its role'
);
select ok(
  not exists (select 1 from allowed_functions where role = 'anon' and signature like 'find\_%'),
  'anon may execute no find_* helper'
);

create function public.privilege_probe() returns int language sql set search_path = '' as $$ select 1 $$;
create function private.privilege_probe() returns int language sql set search_path = '' as $$ select 1 $$;
select ok(
  not has_function_privilege('anon', 'public.privilege_probe()', 'execute')
  and not has_function_privilege('authenticated', 'public.privilege_probe()', 'execute'),
  'a new function in public is executable by no client role until granted (default privileges)'
);
select ok(
  not has_function_privilege('anon', 'private.privilege_probe()', 'execute')
  and not has_function_privilege('authenticated', 'private.privilege_probe()', 'execute'),
  'a new function in private is executable by no client role until granted (default privileges)'
);
drop function public.privilege_probe();
drop function private.privilege_probe();

-- ---------------------------------------------------------------------------------------------
-- The write RPCs run as their owner with a fixed search_path
-- ---------------------------------------------------------------------------------------------
select is_empty(
  $$ select p.oid::regprocedure::text from pg_proc p
     where p.pronamespace = 'public'::regnamespace
       and p.proname in ('create_chisme', 'add_comment', 'like_chisme', 'unlike_chisme', 'report_chisme', 'report_comment',
                         'mark_notification_read', 'mark_all_notifications_read', 'delete_notification',
                         'update_my_profile', 'log_country')
       and not (p.prosecdef and 'search_path=""' = any (coalesce(p.proconfig, '{}'))) $$,
  'every client write RPC is security definer with search_path '''''
);
select is(
  (select count(*)::int from pg_proc p where p.pronamespace = 'public'::regnamespace
     and p.proname in ('create_chisme', 'add_comment', 'like_chisme', 'unlike_chisme', 'report_chisme', 'report_comment',
                       'mark_notification_read', 'mark_all_notifications_read', 'delete_notification',
                       'update_my_profile', 'log_country')),
  11,
  'all eleven client write RPCs exist (the check above is not vacuous)'
);

-- Inside a security definer RPC the request's role is still the client's (what
-- private.is_client_write reads), while current_user is the owner
create function pg_temp.role_inside() returns text language sql security definer set search_path = ''
  as $$ select current_setting('role') || '/' || current_user || '/' || private.is_client_write()::text $$;
grant execute on function pg_temp.role_inside() to authenticated;
select tests.create_supabase_user('privileges_user');
select tests.authenticate_as('privileges_user');
select is(pg_temp.role_inside(), 'authenticated/postgres/true', 'inside security definer: the role setting stays authenticated, current_user is the owner');
select * from finish();
rollback;
