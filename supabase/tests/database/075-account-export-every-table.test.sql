-- "Descargar mis datos" holds every row about the person (GDPR article 15): every column of
-- every table in public and private that references auth.users, chismes or comments, or holds
-- a person's id or e-mail by name, is found in the catalogue and must be accounted for below:
-- listed in the export (the person's rows counted against the document), counted, or left out
-- for a written reason (another person's data, a transient queue). A new table or column fails
-- the first test until get_my_data exports it (75-account.sql) or its reason is written here.
-- A person who has a row in every listed table then exports, and each part holds exactly
-- their rows.
begin;
select plan(6);

select tests.lift_rate_limits();
select tests.create_supabase_users('me', 'other');

-- ── what the catalogue says holds a person's id, one of their content ids or their e-mail ──
create temporary table person_columns on commit drop as
  select c.conrelid::regclass::text as tbl, a.attname::text as col
  from pg_constraint c
  join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
  where c.contype = 'f'
    and c.confrelid in ('auth.users'::regclass, 'public.chismes'::regclass, 'public.comments'::regclass)
    and c.connamespace in ('public'::regnamespace, 'private'::regnamespace)
  union
  select format('%s%I', case when n.nspname = 'public' then '' else n.nspname || '.' end, t.relname), a.attname::text
  from pg_class t
  join pg_namespace n on n.oid = t.relnamespace
  join pg_attribute a on a.attrelid = t.oid and a.attnum > 0 and not a.attisdropped
  where n.nspname in ('public', 'private') and t.relkind in ('r', 'p')
    and ((a.atttypid = 'uuid'::regtype
          and a.attname in ('user_id', 'subject_id', 'member_id', 'sender_id', 'liker_id', 'blocker_id', 'blocked_id', 'moderator_id', 'target_id'))
      or (a.atttypid = 'text'::regtype and a.attname in ('email', 'inbox')));

-- ── how each is exported (how: listed = an array of the person's rows under `key`; content =
-- an array of the rows on the person's content; counted = a number; object = present when a
-- row is; kept_out = not exported, `why` says why) ──
create temporary table accounted (tbl text, col text, how text, key text, why text) on commit drop;
insert into accounted values
  ('profiles', 'id', 'object', 'profile', null),
  ('chisme_authors', 'user_id', 'listed', 'chismes', null),
  ('chisme_authors', 'chisme_id', 'kept_out', null, 'the same rows as by user_id (the chismes)'),
  ('comment_authors', 'user_id', 'listed', 'comments', null),
  ('comment_authors', 'comment_id', 'kept_out', null, 'the same rows as by user_id (the comments)'),
  ('likes', 'user_id', 'listed', 'likes', null),
  ('likes', 'chisme_id', 'kept_out', null, 'other people''s likes on the person''s chismes: counted on each chisme (likes)'),
  ('reports', 'user_id', 'listed', 'reports', null),
  ('reports', 'chisme_id', 'kept_out', null, 'other people''s reports on the person''s content: counted on it (reports); the reporters are theirs'),
  ('reports', 'comment_id', 'kept_out', null, 'as chisme_id'),
  ('comments', 'chisme_id', 'kept_out', null, 'other people''s comments on the person''s chismes: their words, counted on the chisme (comments)'),
  ('comments', 'parent_id', 'kept_out', null, 'other people''s replies to the person''s comments: their words'),
  ('comments', 'root_id', 'kept_out', null, 'as parent_id'),
  ('notifications', 'user_id', 'listed', 'notifications', null),
  ('country_logs', 'user_id', 'listed', 'country_logs', null),
  ('moderation_audit', 'moderator_id', 'listed', 'moderation_actions', null),
  ('moderation_audit', 'target_id', 'content', 'moderation_decisions', null),
  ('private.suspensions', 'user_id', 'object', 'suspension', null),
  ('private.blocks', 'blocker_id', 'counted', 'blocked_people', null),
  ('private.blocks', 'blocked_id', 'kept_out', null, 'who blocked the person is never told, not even that someone did (docs/decisions/0029-block-linkability.md): it is the blockers'' data'),
  ('private.thread_participants', 'user_id', 'listed', 'thread_numbers', null),
  ('private.thread_participants', 'chisme_id', 'kept_out', null, 'other people''s commenter numbers in the person''s threads'),
  ('private.notified_likes', 'liker_id', 'listed', 'likes_notified', null),
  ('private.notified_likes', 'chisme_id', 'kept_out', null, 'other people''s notified likes on the person''s chismes'),
  ('private.notification_senders', 'sender_id', 'counted', 'notifications_caused', null),
  ('private.thread_mutes', 'user_id', 'listed', 'muted_chismes', null),
  ('private.thread_mutes', 'chisme_id', 'kept_out', null, 'other people''s mutes of the person''s threads'),
  ('moderation_statements', 'user_id', 'listed', 'statements', null),
  ('private.report_mutes', 'user_id', 'listed', 'report_mutes', null),
  ('private.removed_content', 'chisme_id', 'kept_out', null, 'exported as removed_content, found by the removal''s statement (its author link waits there, not in chisme_authors): pgTAP 076-removals'),
  ('private.removed_content', 'comment_id', 'kept_out', null, 'as chisme_id'),
  ('private.unfounded_reports', 'user_id', 'counted', 'reports_found_unfounded', null),
  ('private.trending_chismes', 'id', 'kept_out', null, 'a copy of chismes rows for the trending tab (exported as chismes)'),
  ('private.like_count_deltas', 'chisme_id', 'kept_out', null, 'empty at every commit (30-likes.sql)'),
  ('private.push_subscriptions', 'user_id', 'listed', 'push_devices', null),
  ('private.push_settings', 'user_id', 'object', 'push_settings', null),
  ('private.push_items', 'user_id', 'listed', 'push_queue', null),
  ('private.push_sends', 'user_id', 'listed', 'push_sends', null),
  ('private.rate_limit_counters', 'subject_id', 'listed', 'rate_limit_windows', null),
  ('private.rate_limit_members', 'member_id', 'listed', 'rate_limit_memberships', null),
  ('private.rate_limit_members', 'subject_id', 'kept_out', null, 'the subject of a distinct count is a target or a client address, never the person (12-rate-limits.sql)'),
  ('private.rate_limit_overrides', 'user_id', 'object', 'rate_limit_factor', null),
  ('private.auth_proof_failures', 'user_id', 'listed', 'password_check_failures', null),
  ('private.auth_mail_log', 'inbox', 'listed', 'account_mails', null),
  ('private.pending_notices', 'email', 'kept_out', null, 'a signed-out notifier''s address, not an account''s: no account owns it, and it is deleted within the hour unless confirmed (52-notices.sql)'),
  ('private.notices', 'email', 'kept_out', null, 'a signed-out notifier''s address, not an account''s; deleted when the notice is closed (52-notices.sql)'),
  ('private.notices', 'chisme_id', 'kept_out', null, 'others'' notices of the person''s content: counted in the queue only; the notifiers are theirs'),
  ('private.notices', 'comment_id', 'kept_out', null, 'as chisme_id'),
  ('private.notice_mails', 'email', 'kept_out', null, 'a transient outbox of notifiers'' mails (not an account''s address), deleted once sent'),
  ('private.notice_mails', 'target_id', 'kept_out', null, 'a transient outbox: the content a notifier''s mail is about, deleted once sent');

select is_empty(
  $$ select tbl, col from person_columns except select tbl, col from accounted $$,
  'every column that holds a person''s id, one of their content ids or their e-mail is accounted for in the export (a new one: export it in get_my_data or write here why not)'
);
select is_empty(
  $$ select tbl, col from accounted except select tbl, col from person_columns $$,
  'every accounted column still exists (the list holds no stale entry)'
);
select is_empty(
  $$ select tbl, col from accounted where how = 'kept_out' and coalesce(why, '') = '' $$,
  'every column left out of the export says why'
);

-- ── a person with a row in every table above ──
insert into private.push_services (endpoint_pattern) values ('^https://push\.test/');
select tests.authenticate_as('other');
select tests.post_chisme('theirs', 'Hombre', '40', 'El chisme de otra persona', null, 'ES', 'false');
select tests.post_comment('tc', current_setting('test.theirs'), null, 'Comentario de otra persona', 'Hombre', '40', 'ES');
select tests.authenticate_as('me');
select tests.post_chisme('mine', 'Mujer', '30', 'A veces pienso en el suicidio y no sé a quién decirlo', null, 'ES', 'false');
select tests.post_chisme('hidden', 'Mujer', '30', 'Un chisme que las denuncias ocultaron', null, 'ES', 'false');
select tests.post_comment('mc', current_setting('test.theirs'), null, 'Mi comentario en lo ajeno', 'Mujer', '30', 'ES');
select public.like_chisme(current_setting('test.theirs'));
select public.report_chisme(current_setting('test.theirs'), 'spam');
select public.mute_thread(current_setting('test.theirs'));
select tests.authenticate_as('other');
select public.add_comment(current_setting('test.mine'), null, 'Otra persona comenta lo mío', 'Hombre', '40', 'ES');
select tests.authenticate_as('me');
select public.block_comment_author(current_setting('test.tc'));
select tests.reset_role();
update public.chismes set hidden_at = now() where id = current_setting('test.hidden')::uuid;
-- the hiding's statement of reasons, a complaint about it, and the misuse measures
select private.write_statement(tests.get_supabase_uid('me'), 'hidden', 'chisme', current_setting('test.hidden')::uuid, null,
  'Un chisme oculto', null, 'reports', 5, true, 'spam', null, 60);
select tests.authenticate_as('me');
select public.file_complaint('statement', (select s.id::text from public.moderation_statements s
  where s.user_id = tests.get_supabase_uid('me') limit 1), 'No es spam');
select tests.reset_role();
insert into private.report_mutes (user_id, muted_until) values (tests.get_supabase_uid('me'), now() + interval '30 days');
insert into private.unfounded_reports (report_id, user_id) values (gen_random_uuid(), tests.get_supabase_uid('me'));
insert into public.country_logs (user_id, country) values (tests.get_supabase_uid('me'), 'España');
insert into public.moderation_audit (moderator_id, action, target_kind, target_id) values
  (tests.get_supabase_uid('other'), 'restore', 'chisme', current_setting('test.mine')::uuid),
  (tests.get_supabase_uid('me'), 'add_word', 'word', null);
insert into auth.sessions (id, user_id, created_at, updated_at) values (gen_random_uuid(), tests.get_supabase_uid('me'), now(), now());
insert into private.push_subscriptions (user_id, session_id, endpoint, p256dh, auth, user_agent_family)
  select tests.get_supabase_uid('me'), s.id, 'https://push.test/me', 'BKey', 'secret', 'Chrome en Android'
  from auth.sessions s where s.user_id = tests.get_supabase_uid('me');
insert into private.push_settings (user_id) values (tests.get_supabase_uid('me')) on conflict do nothing;
insert into private.push_items (notification_id, user_id, kind)
  select n.id, n.user_id, n.type from public.notifications n where n.user_id = tests.get_supabase_uid('me') on conflict do nothing;
insert into private.push_sends (user_id) values (tests.get_supabase_uid('me'));
insert into private.rate_limit_members (subject_id, action, window_seconds, window_start, member_id)
  values (current_setting('test.theirs')::uuid, 'like', 86400, date_trunc('day', now()), tests.get_supabase_uid('me'));
insert into private.rate_limit_overrides (user_id, factor) values (tests.get_supabase_uid('me'), 2);
insert into private.auth_proof_failures (user_id, client) values (tests.get_supabase_uid('me'), '203.0.113.7');
insert into private.auth_mail_log (inbox, client, kind)
  select private.inbox_of(u.email), '203.0.113.7', 'reauthentication' from auth.users u where u.id = tests.get_supabase_uid('me');
insert into private.suspensions (user_id, suspended_until) values (tests.get_supabase_uid('me'), now() + interval '1 day');

select tests.authenticate_as('me');
select set_config('test.doc', public.get_my_data()::text, true);
select tests.reset_role();

-- How many rows of a table are the person's, by its accounted column.
create function pg_temp.rows_of(p_tbl text, p_col text, p_how text) returns int language plpgsql as $$
declare
  v_me uuid := tests.get_supabase_uid('me');
  v_count int;
begin
  if p_col = 'inbox' then
    execute format('select count(*) from %s where %I = private.inbox_of((select email from auth.users where id = $1))', p_tbl, p_col) into v_count using v_me;
  elsif p_how = 'content' then
    execute format('select count(*) from %s where %I in (select chisme_id from public.chisme_authors where user_id = $1
                                                         union all select comment_id from public.comment_authors where user_id = $1)', p_tbl, p_col)
      into v_count using v_me;
  else
    execute format('select count(*) from %s where %I = $1', p_tbl, p_col) into v_count using v_me;
  end if;
  return v_count;
end;
$$;

select is_empty(
  $$ select tbl, col, how, pg_temp.rows_of(tbl, col, how) as rows_there,
       case jsonb_typeof(current_setting('test.doc')::jsonb -> key) when 'array' then jsonb_array_length(current_setting('test.doc')::jsonb -> key) end as exported,
       current_setting('test.doc')::jsonb -> key as value
     from accounted
     where how <> 'kept_out'
       and not (
         pg_temp.rows_of(tbl, col, how) > 0
         and case how
           when 'listed' then jsonb_array_length(current_setting('test.doc')::jsonb -> key) = pg_temp.rows_of(tbl, col, how)
           when 'content' then jsonb_array_length(current_setting('test.doc')::jsonb -> key) = pg_temp.rows_of(tbl, col, how)
           when 'counted' then (current_setting('test.doc')::jsonb ->> key)::int = pg_temp.rows_of(tbl, col, how)
           when 'object' then jsonb_typeof(current_setting('test.doc')::jsonb -> key) in ('object', 'number')
         end) $$,
  'the person has rows in every exported table, and each part of the export holds exactly their rows'
);
select results_eq(
  $$ select c ->> 'content', (c ->> 'crisis')::boolean from jsonb_array_elements(current_setting('test.doc')::jsonb -> 'chismes') c
     where c ->> 'id' = current_setting('test.mine') $$,
  $$ values ('A veces pienso en el suicidio y no sé a quién decirlo'::text, true) $$,
  'the crisis flag the database set on their own chisme is exported (GDPR article 15)'
);
select is(
  (select count(*)::int from auth.users u
   where u.id <> tests.get_supabase_uid('me') and position(u.id::text in current_setting('test.doc')) > 0),
  0, 'no other person''s user id appears anywhere in the export'
);

select * from finish();
rollback;
