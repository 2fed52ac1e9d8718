-- Read RPCs can be served by a read replica (docs/api.md, "Reads over GET"): hosted Supabase
-- sends Data API GET requests to the primary or to a replica, and a replica refuses any write.
-- So every read RPC is stable or immutable, and calling it writes nothing: here each one is
-- called as the persona the web calls it as, inside a read-only transaction (what a replica
-- is, and what PostgREST opens for a GET), and answers the right rows. pg_stat_xact shows no
-- row written by the whole read section.
begin;
select plan(27);
select tests.lift_rate_limits();

-- The catalogue: the read RPCs, and the rule that any get_/find_/list_ function is one.
select is(
  (select count(*)::int from pg_proc p
   where p.pronamespace = 'public'::regnamespace and p.provolatile in ('s', 'i')
     and p.proname = any (array['get_feed', 'get_chisme', 'get_comments', 'get_my_chismes', 'get_moderation_queue',
                                'get_my_suspension', 'find_offensive_words', 'find_personal_data',
                                'list_expired_chisme_images', 'get_chisme_counts'])),
  10, 'every read RPC of docs/api.md is stable or immutable');
-- Two get_ functions count each call towards a limit, a write only the primary takes, and the
-- web calls them with POST (docs/api.md): the sign-in lookup (per client) and the block count
-- (per person, docs/decisions/0029-block-linkability.md).
select is_empty(
  $$ select p.proname::text from pg_proc p
     where p.pronamespace = 'public'::regnamespace and p.proname ~ '^(get|find|list)_' and p.provolatile = 'v'
       and p.proname not in ('get_sign_in_methods', 'get_block_count') $$,
  'no other public get_/find_/list_ function is volatile (a replica could not run it)');

-- Arrange (read-write): an author with a chisme and a comment, a reporter, a moderator, a
-- suspended person and an offensive word.
select tests.create_supabase_users('author', 'reader', 'reporter', 'suspended', 'mod');
select public.set_moderator('mod@test.chismes', true);
select public.add_offensive_word('palabrota190');

select tests.authenticate_as('author');
select tests.post_chisme('c', 'Mujer', '30', 'Chisme leído desde una réplica', to_jsonb(array['replica190']), 'España', 'false');
select set_config('test.k', (select id::text from tests.add_comment(current_setting('test.c'), null, 'Comentario leído desde una réplica', 'Mujer', '30', 'España')), true);
select tests.authenticate_as('suspended');
select tests.post_chisme('s', 'Hombre', '40', 'Chisme de quien será suspendido', null, 'España', 'false');
select tests.authenticate_as('reporter');
select public.report_chisme(current_setting('test.c'), 'spam');
select tests.authenticate_as_moderator('mod');
select public.moderate_suspend_author('chisme', current_setting('test.s'), '1', 'spam');
select tests.reset_role();

-- Act: from here on the transaction is read-only, as on a replica.
set transaction read only;
select set_config('test.writes_before', (
  select coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::text from pg_stat_xact_all_tables where schemaname !~ '^pg_temp'), true);

select tests.authenticate_as('reader');
select throws_ok($$ select public.like_chisme(current_setting('test.c')) $$, '25006', null,
  'a write RPC fails here: the transaction really is read-only');
select lives_ok($$ select * from public.get_feed('recent', 'false', p_tags => '["replica190"]') $$, 'get_feed recent runs read-only');
select is((select array_agg(id::text) from public.get_feed('recent', 'false', p_tags => '["replica190"]')), array[current_setting('test.c')], 'get_feed recent: the chisme');
select is((select array_agg(id::text) from public.get_feed('trending', 'false', p_tags => '["replica190"]')), array[current_setting('test.c')], 'get_feed trending: the chisme');
select is((select array_agg(id::text) from public.get_feed('top', 'false', p_tags => '["replica190"]')), array[current_setting('test.c')], 'get_feed top: the chisme');
select is((select array_agg(id::text) from public.get_feed('old', 'false', p_tags => '["replica190"]')), array[current_setting('test.c')], 'get_feed old: the chisme');
select lives_ok($$ select public.get_chisme(current_setting('test.c')) $$, 'get_chisme runs read-only');
select is((public.get_chisme(current_setting('test.c'))).comments, 1, 'get_chisme: the chisme with its comment count');
select lives_ok($$ select * from public.get_chisme_counts(jsonb_build_array(current_setting('test.c'))) $$, 'get_chisme_counts runs read-only');
select is((select comments from public.get_chisme_counts(jsonb_build_array(current_setting('test.c')))), 1, 'get_chisme_counts: the chisme''s comment count');
select lives_ok($$ select * from public.get_comments(current_setting('test.c')) $$, 'get_comments runs read-only');
select is((select array_agg(id::text) from public.get_comments(current_setting('test.c'))), array[current_setting('test.k')], 'get_comments: the comment');

select tests.authenticate_as('author');
select lives_ok($$ select * from public.get_my_chismes(false) $$, 'get_my_chismes runs read-only');
select is((select count(*)::int from public.get_my_chismes(false) where id::text = current_setting('test.c')), 1, 'get_my_chismes: the author''s chisme');
select lives_ok($$ select public.get_my_suspension() $$, 'get_my_suspension runs read-only');
select is(public.get_my_suspension(), null, 'get_my_suspension: null for someone not suspended');
select lives_ok($$ select public.find_personal_data('llámame al 612 345 678') $$, 'find_personal_data runs read-only');
select is(public.find_personal_data('llámame al 612 345 678'), 'phone', 'find_personal_data: a phone number');

select tests.authenticate_as('suspended');
select ok(public.get_my_suspension() > now(), 'get_my_suspension: the end of a suspension');

select tests.authenticate_as_moderator('mod');
select lives_ok($$ select * from public.get_moderation_queue() $$, 'get_moderation_queue runs read-only');
select is((select pending_reports from public.get_moderation_queue() where id::text = current_setting('test.c')), 1, 'get_moderation_queue: the reported chisme');

-- find_offensive_words is for signed-in people only (each call costs matching).
select tests.authenticate_as('author');
select lives_ok($$ select public.find_offensive_words('Eso es una palabrota190 y lo sabes') $$, 'find_offensive_words runs read-only');
select is(public.find_offensive_words('Eso es una palabrota190 y lo sabes'), array['palabrota190'], 'find_offensive_words: the word');

select tests.authenticate_as_service_role();
select lives_ok($$ select * from public.list_expired_chisme_images(10) $$, 'list_expired_chisme_images runs read-only (service role)');

select tests.reset_role();
select is(
  (select coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::text from pg_stat_xact_all_tables where schemaname !~ '^pg_temp'),
  current_setting('test.writes_before'), 'no row of any table was written by the read RPCs');

select * from finish();
rollback;
