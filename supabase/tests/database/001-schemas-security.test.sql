-- The schema as a whole: RLS everywhere, fixed search paths, deliberate grants, no author or
-- liker ids in anything served, house naming and comments.
begin;
select plan(64);

-- RLS on every exposed table
select tests.rls_enabled('public');
select tests.rls_enabled('public', 'profiles');
select tests.rls_enabled('public', 'chismes');
select tests.rls_enabled('public', 'chisme_authors');
select tests.rls_enabled('public', 'likes');
select tests.rls_enabled('public', 'comments');
select tests.rls_enabled('public', 'comment_authors');
select tests.rls_enabled('public', 'reports');
select tests.rls_enabled('public', 'notifications');
select tests.rls_enabled('public', 'offensive_words');
select tests.rls_enabled('public', 'country_logs');
select tests.rls_enabled('realtime', 'messages');
select tests.rls_enabled('storage', 'objects');

-- Functions
select is_empty(
  $$ select p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where p.prosecdef and n.nspname in ('public', 'private')
       and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%') $$,
  'no security definer function lacks a fixed search_path'
);
select is_empty(
  $$ select p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname in ('public', 'private')
       and not ('search_path=""' = any (coalesce(p.proconfig, '{}'))) $$,
  'every function of ours runs with search_path = '''''
);
select set_eq(
  $$ select p.proname::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where p.prosecdef and n.nspname = 'public' $$,
  array['get_sign_in_methods', 'get_feed', 'set_moderator', 'get_my_suspension', 'get_moderation_queue', 'moderate_restore',
        'moderate_delete', 'moderate_suspend_author', 'moderate_add_offensive_word', 'moderate_delete_offensive_word',
        'create_chisme', 'add_comment', 'like_chisme', 'unlike_chisme', 'report_chisme', 'report_comment',
        'mark_notification_read', 'mark_all_notifications_read', 'delete_notification', 'update_my_profile', 'log_country',
        'get_chisme', 'get_chisme_counts', 'get_comments', 'block_chisme_author', 'block_comment_author', 'unblock_all', 'get_block_count',
        'mute_thread', 'get_thread_mute', 'get_my_data', 'delete_account', 'get_my_hidden_chismes',
        'claim_auth_mail', 'check_account_proof', 'save_push_subscription', 'delete_push_subscription', 'delete_push_device', 'get_my_push_devices',
        'get_push_settings', 'update_push_settings', 'claim_push_deliveries', 'finish_push_deliveries',
        'withdraw_report', 'moderate_set_report_reason', 'get_my_statements', 'get_my_reports', 'file_complaint',
        'get_complaints', 'decide_complaint', 'get_transparency_report', 'delete_my_chisme', 'delete_my_comment',
        'submit_notice', 'confirm_notice', 'claim_notice_mails', 'finish_notice_mails'],
  'the only security definer functions in public are the deliberate get_sign_in_methods, get_feed, get_chisme, get_chisme_counts and get_comments (apply the hide and block rules themselves), the moderation RPCs, the client write RPCs (clients hold no table write privilege), the block and mute RPCs (read the author tables and private.blocks / thread_mutes), the deletion of one''s own chisme or comment (reads the author tables, deletes others'' notifications), the export, the service-role account deletion, the appeal, statement and complaint RPCs (private complaints, others'' reports), the public transparency report (the anonymous ledger), the service-role Auth limits (mail claims, proof of the person) and the push RPCs (private tables: the person''s own devices and settings, the sender''s queue) and the signed-out notices (private notices, counters and mail budget; the sender''s outbox)'
);
select is_empty(
  $$ select p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'private'
       and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))
       and p.proname not in ('require_user', 'snippet', 'strip_markup', 'normalize_tags',
                             'to_feed_chisme', 'feed_chisme_for_caller', 'to_thread_comment',
                             'normalize_text', 'visible_length', 'fold_for_filter',
                             'find_personal_data', 'assert_no_personal_data',
                             'fold_confusables', 'fold_normalized', 'filter_forms', 'offensive_word_pattern',
                             'mask_ordinary_numbers', 'find_phone', 'spell_out_digits', 'assert_shown_text',
                             'is_moderator', 'require_moderator', 'can_see_hidden_chisme',
                             'uuid_arg', 'int_arg', 'boolean_arg', 'timestamptz_arg', 'text_array_arg',
                             'check_request', 'caller_has_blocks', 'caller_blocked_chisme_author',
                             'caller_blocked_comment_author', 'caller_is_adult') $$,
  'API roles may execute only the few pure private helpers the invoker RPCs call, and PostgREST''s pre-request check'
);
select is_empty(
  $$ select p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'private' and p.prosecdef
       and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))
       -- the select policies' block checks (18-blocks.sql): they take no user id and answer
       -- only whether the caller blocked the author of a row, and anon may not run them
       -- and the adults-only check of the chismes select policy (10-profiles.sql)
       and not (p.proname in ('caller_has_blocks', 'caller_blocked_chisme_author', 'caller_blocked_comment_author', 'caller_is_adult')
                and not has_function_privilege('anon', p.oid, 'execute')) $$,
  'no private security definer function is executable by an API role, except the select policies'' block checks (signed-in only)'
);
select is_empty(
  $$ select p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname in ('public', 'private') and obj_description(p.oid, 'pg_proc') is null $$,
  'every function has a comment'
);

-- RPC grants: signed-in only, service role only, anon too
select ok(not has_function_privilege('anon', 'public.get_feed(text, text, text, text, text, text, jsonb, text, text, text, text)', 'execute'), 'anon cannot call get_feed');
select ok(has_function_privilege('authenticated', 'public.get_feed(text, text, text, text, text, text, jsonb, text, text, text, text)', 'execute'), 'authenticated can call get_feed');
select ok(not has_function_privilege('anon', 'public.create_chisme(text, text, text, jsonb, text, text)', 'execute'), 'anon cannot call create_chisme');
select ok(not has_function_privilege('anon', 'public.like_chisme(text)', 'execute'), 'anon cannot call like_chisme');
select ok(not has_function_privilege('anon', 'public.add_comment(text, text, text, text, text, text)', 'execute'), 'anon cannot call add_comment');
select ok(not has_function_privilege('anon', 'public.report_chisme(text, text, text)', 'execute'), 'anon cannot call report_chisme');
select ok(not has_function_privilege('anon', 'public.mark_all_notifications_read()', 'execute'), 'anon cannot call mark_all_notifications_read');
select ok(not has_function_privilege('anon', 'public.mark_notification_read(text)', 'execute'), 'anon cannot call mark_notification_read');
select ok(not has_function_privilege('anon', 'public.delete_notification(text)', 'execute'), 'anon cannot call delete_notification');
select ok(not has_function_privilege('anon', 'public.update_my_profile(text, text, text, text)', 'execute'), 'anon cannot call update_my_profile');
select ok(not has_function_privilege('anon', 'public.log_country(text)', 'execute'), 'anon cannot call log_country');
select ok(has_function_privilege('authenticated', 'public.log_country(text)', 'execute'), 'authenticated can call log_country');
select is_empty(
  $$ select p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and has_function_privilege('authenticated', p.oid, 'execute')
       and exists (select 1 from unnest(p.proargtypes) t where t::regtype::text in ('uuid', 'integer', 'boolean', 'timestamp with time zone', 'text[]'))
       and p.proname in ('create_chisme', 'add_comment', 'like_chisme', 'unlike_chisme', 'report_chisme', 'report_comment',
                         'mark_notification_read', 'delete_notification', 'update_my_profile', 'log_country') $$,
  'the write RPCs take text (and jsonb) arguments only, so PostgREST never casts them (docs/decisions/0008-text-arguments-and-rest-write-guard.md)'
);
select ok(exists (select 1 from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
                  where r.rolname = 'authenticator' and 'pgrst.db_pre_request=private.check_request' = any (s.setconfig)),
  'PostgREST runs private.check_request before every request (REST table writes are refused with a key)');
select ok(not has_function_privilege('anon', 'public.find_offensive_words(text)', 'execute'), 'anon cannot call find_offensive_words (signed-in typing helper)');
select ok(has_function_privilege('anon', 'public.get_sign_in_methods(text)', 'execute'), 'anon can call get_sign_in_methods');
select ok(not has_function_privilege('authenticated', 'public.delete_reported_chisme(uuid)', 'execute'), 'authenticated cannot call delete_reported_chisme');
select ok(not has_function_privilege('authenticated', 'public.delete_reported_comment(uuid)', 'execute'), 'authenticated cannot call delete_reported_comment');
select ok(not has_function_privilege('authenticated', 'public.add_offensive_word(text)', 'execute'), 'authenticated cannot call add_offensive_word');
select ok(not has_function_privilege('anon', 'public.delete_offensive_word(text)', 'execute'), 'anon cannot call delete_offensive_word');
select ok(has_function_privilege('service_role', 'public.delete_reported_chisme(uuid)', 'execute'), 'the service role can call delete_reported_chisme');

-- Table grants: anon reads only the word list and writes nothing
select is_empty(
  $$ select table_name::text || ':' || privilege_type from information_schema.role_table_grants
     where grantee = 'anon' and table_schema = 'public'
       and not (table_name in ('offensive_words', 'report_reasons') and privilege_type = 'SELECT') $$,
  'anon has no table privilege in public except reading offensive_words and report_reasons'
);
select is_empty(
  $$ select table_name::text || ':' || privilege_type from information_schema.role_table_grants
     where grantee = 'authenticated' and table_schema = 'public' and privilege_type in ('UPDATE', 'TRUNCATE', 'REFERENCES', 'TRIGGER') $$,
  'authenticated has no table-wide update, truncate, references or trigger privilege'
);
select is_empty(
  $$ select table_name::text || '.' || column_name from information_schema.column_privileges
     where grantee = 'authenticated' and table_schema = 'public' and privilege_type = 'UPDATE' $$,
  'authenticated may update no column (profile settings and notifications go through RPCs)'
);
select ok(not has_column_privilege('authenticated', 'public.chismes', 'likes', 'insert'), 'clients cannot insert chismes.likes');
select ok(not has_column_privilege('authenticated', 'public.chismes', 'file_exist', 'insert'), 'clients cannot insert chismes.file_exist');
select ok(not has_column_privilege('authenticated', 'public.chismes', 'created_at', 'insert'), 'clients cannot insert chismes.created_at');
select ok(not has_column_privilege('authenticated', 'public.chismes', 'file_exist', 'update'), 'clients cannot update chismes.file_exist');
select ok(not has_table_privilege('authenticated', 'public.notifications', 'insert'), 'clients cannot create notifications');
select ok(not has_table_privilege('authenticated', 'public.chisme_authors', 'insert'), 'clients cannot write authorship');
select ok(not has_table_privilege('authenticated', 'public.comment_authors', 'insert'), 'clients cannot write comment authorship');
select ok(not has_table_privilege('authenticated', 'public.offensive_words', 'insert'), 'clients cannot add offensive words');
select ok(has_column_privilege('service_role', 'public.chismes', 'file_exist', 'update'), 'the service role can set chismes.file_exist');

-- Anonymity in the shapes
select is_empty(
  $$ select c.relname::text || '.' || a.attname from pg_attribute a join pg_class c on c.oid = a.attrelid
     join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relname in ('chismes', 'comments', 'feed_chisme', 'thread_comment')
       and a.attnum > 0 and (a.attname like '%user%' or a.attname like '%author_id%' or a.attname like '%liked%users%') $$,
  'chismes, comments and their served row types carry no user column'
);

-- House style: policies
select is_empty(
  $$ select polname::text from pg_policy p join pg_class c on c.oid = p.polrelid
     join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('public', 'realtime', 'storage') and p.polcmd = '*' $$,
  'no policy is FOR ALL'
);
select is_empty(
  $$ select polname::text from pg_policy p join pg_class c on c.oid = p.polrelid
     join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('public', 'realtime', 'storage') and 0 = any (p.polroles) $$,
  'every policy names its role (none is TO public)'
);
select is_empty(
  $$ select polname::text from pg_policy p join pg_class c on c.oid = p.polrelid
     join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and obj_description(p.oid, 'pg_policy') is null $$,
  'every policy of the app''s tables has a comment (realtime''s and storage''s take none from postgres)'
);
select is_empty(
  $$ select p.polname::text from pg_policy p join pg_class c on c.oid = p.polrelid
     join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('public', 'realtime', 'storage')
       and p.polname !~ ('^' || c.relname || '_(select|insert|update|delete)_(anon|authenticated|service_role)$') $$,
  'every policy is named <table>_<command>_<audience>'
);
select is_empty(
  $$ select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('public', 'private') and c.relkind = 'r' and obj_description(c.oid, 'pg_class') is null $$,
  'every table has a comment'
);

select is_empty(
  $$ select t.tgname::text from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
     where not t.tgisinternal and n.nspname = 'public'
       and t.tgname !~ ('^' || c.relname || '_(before|after)_(insert|update|delete|insert_or_update)_[a-z_]+$') $$,
  'every trigger is named <table>_<timing>_<event>_<purpose>'
);
select is_empty(
  $$ select t.tgname::text from pg_trigger t join pg_proc p on p.oid = t.tgfoid join pg_namespace n on n.oid = p.pronamespace
     join pg_class c on c.oid = t.tgrelid join pg_namespace tn on tn.oid = c.relnamespace
     where not t.tgisinternal and tn.nspname in ('public', 'auth') and n.nspname <> 'private' $$,
  'every trigger function of ours lives in the private schema'
);

-- Platform pieces the migrations set up
select ok(exists (select 1 from storage.buckets where id = 'chismes' and not public), 'the chismes bucket exists and is private');
select ok(exists (select 1 from cron.job where jobname = 'delete-expired-notifications' and command like '%private.delete_expired_notifications()%'),
  'a daily pg_cron job deletes expired notifications');
select has_schema('private', 'the private schema exists');
select hasnt_table('public', 'notified_likes', 'like-notification memory is not in the exposed schema');

select * from finish();
rollback;
