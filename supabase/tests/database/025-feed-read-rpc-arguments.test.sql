-- Read RPCs take text arguments (docs/decisions/0008-text-arguments-and-rest-write-guard.md): get_feed, get_chisme and
-- get_comments answer a malformed value with a stable key (never 22P02/22003), and read the
-- values an honest client sends (JSON numbers and booleans arrive as their text, tags as a
-- JSON array) exactly as before.
begin;
select plan(22);
select tests.lift_rate_limits();

select tests.create_supabase_users('author', 'reader');
select tests.authenticate_as('author');
select tests.arrange($arrange$ select set_config('test.c', (select id::text from tests.create_chisme('Mujer', '22', 'Chisme para probar argumentos', to_jsonb(array['argumentos164']), 'México', 'false')), true) $arrange$);
select tests.arrange($arrange$ select public.add_comment(current_setting('test.c'), null, 'Comentario para probar argumentos', 'Mujer', '30', 'CR') $arrange$);

select tests.authenticate_as('reader');
-- Honest values, as PostgREST hands them over
select is((select count(*)::int from public.get_feed('recent', 'false', p_tags => '["argumentos164"]')), 1, 'get_feed: tags as a JSON array');
select is((select count(*)::int from public.get_feed('recent', 'false', p_gender => 'Mujer', p_country => 'México', p_years_from => '18', p_years_to => '25', p_tags => '["#argumentos164"]', p_limit => '5')),
  1, 'get_feed: ages and limit as the text of JSON numbers');
select is((select count(*)::int from public.get_feed('recent', 'true', p_tags => '["argumentos164"]')), 0, 'get_feed: the mode as the text of a JSON boolean');
select is((select count(*)::int from public.get_feed('recent', 'false', p_tags => 'null'::jsonb, p_limit => '1')), 1, 'get_feed: a JSON null tag list filters nothing');
select is((select count(*)::int from public.get_feed('recent', 'false', p_tags => '["argumentos164"]',
    p_cursor_created_at => (now() + interval '1 hour')::text, p_cursor_likes => '0', p_cursor_id => 'ffffffff-ffff-4fff-bfff-ffffffffffff')),
  1, 'get_feed: a cursor as text');
select is((public.get_chisme(current_setting('test.c'))).id, current_setting('test.c')::uuid, 'get_chisme: an id as text');
select is((select count(*)::int from public.get_comments(current_setting('test.c'), p_limit => '20')), 1, 'get_comments: an id and a limit as text');

-- Malformed values: a stable key each
select throws_ok($$ select * from public.get_feed('recent', 'quizás') $$, 'P0001', 'feed_filter_invalid', 'get_feed: a mode that is no boolean');
select throws_ok($$ select * from public.get_feed('recent', 'false', p_years_from => 'veinte') $$, 'P0001', 'feed_filter_invalid', 'get_feed: an age that is no number');
select throws_ok($$ select * from public.get_feed('recent', 'false', p_years_to => '1e20') $$, 'P0001', 'feed_filter_invalid', 'get_feed: an age out of range (22003 before)');
select throws_ok($$ select * from public.get_feed('recent', 'false', p_tags => '"amor"') $$, 'P0001', 'feed_filter_invalid', 'get_feed: tags that are no array');
select throws_ok($$ select * from public.get_feed('recent', 'false', p_tags => '[1, 2]') $$, 'P0001', 'feed_filter_invalid', 'get_feed: tags that are no strings');
select throws_ok($$ select * from public.get_feed('recent', 'false', p_cursor_created_at => 'ayer', p_cursor_id => gen_random_uuid()::text) $$, 'P0001', 'feed_cursor_invalid', 'get_feed: a cursor time that is no time');
select throws_ok($$ select * from public.get_feed('recent', 'false', p_cursor_created_at => now()::text, p_cursor_id => 'x') $$, 'P0001', 'feed_cursor_invalid', 'get_feed: a cursor id that is no uuid (22P02 before)');
select throws_ok($$ select * from public.get_feed('top', 'false', p_cursor_likes => 'muchos') $$, 'P0001', 'feed_cursor_invalid', 'get_feed: cursor likes that are no number');
select throws_ok($$ select * from public.get_feed('recent', 'false', p_limit => '99999999999') $$, 'P0001', 'feed_cursor_invalid', 'get_feed: a limit out of range');
select throws_ok($$ select * from public.get_feed('nuevos', 'false') $$, 'P0001', 'feed_tab_invalid', 'get_feed: an unknown tab keeps its key');
select throws_ok($$ select * from public.get_chisme('no-es-un-id') $$, 'P0001', 'chisme_not_found', 'get_chisme: a malformed id is not found');
select throws_ok($$ select * from public.get_comments('no-es-un-id') $$, 'P0001', 'chisme_not_found', 'get_comments: a malformed chisme id is not found');
select throws_ok($$ select * from public.get_comments(current_setting('test.c'), p_cursor_created_at => 'ayer', p_cursor_id => gen_random_uuid()::text) $$,
  'P0001', 'comments_cursor_invalid', 'get_comments: a cursor time that is no time');
select throws_ok($$ select * from public.get_comments(current_setting('test.c'), p_limit => 'veinte') $$, 'P0001', 'comments_cursor_invalid', 'get_comments: a limit that is no number');

-- Anonymous callers still cannot read
select tests.clear_authentication();
select throws_ok($$ select * from public.get_feed('recent', 'false') $$, '42501', null, 'anon: cannot call get_feed');

select * from finish();
rollback;
