-- Block operations are rate-limited (18-blocks.sql, docs/decisions/0029-block-linkability.md):
-- a block changes what its blocker sees at once, so blocking the author of one post and reading
-- another links the two; blocks, unblock_all and get_block_count together count towards the
-- `block` limit, sized for a person (10 a minute, 30 an hour, 100 a day). Past it: rate_limited
-- {"action":"block","retry_after"}, and nothing changes.
begin;
select plan(13);

-- Arrange: away from the end of a minute, so the one-minute window cannot roll over mid-test.
select tests.away_from_minute_end();
select tests.create_supabase_users('linker', 'bystander', 'newcomer');
select tests.make_account_new('newcomer');
select tests.create_supabase_user('author_' || n) from generate_series(1, 12) n;
select tests.arrange(format($arrange$ select tests.authenticate_as(%L), tests.post_chisme(%L, 'Mujer', '30', %L, null, 'España', 'false') $arrange$,
  'author_' || n, 'c' || n, 'El chisme número ' || n || ' de su autora')) from generate_series(1, 12) n;
select tests.authenticate_as('author_12');
select tests.post_comment('k12', current_setting('test.c1'), null, 'Un comentario de la autora doce', 'Mujer', '30', 'España');
select tests.reset_role();

select results_eq(
  $$ select window_seconds, max_events from private.rate_limit_settings where action = 'block' order by window_seconds $$,
  $$ values (60, 10), (3600, 30), (86400, 100) $$,
  'the block limit: 10 a minute, 30 an hour, 100 a day'
);

-- Act: ten block operations of every kind fit in the minute
select tests.authenticate_as('linker');
select lives_ok($$ select public.block_chisme_author(current_setting('test.c' || n)) from generate_series(1, 7) n $$, 'seven blocks of chismes'' authors');
select lives_ok($$ select public.block_comment_author(current_setting('test.k12')) $$, 'a block of a comment''s author');
select is(public.get_block_count(), 8, 'reading the count, the ninth operation');
select is(public.unblock_all(), 8, 'unblocking everyone, the tenth');

-- The eleventh is refused, whatever it is, and changes nothing
select throws_ok($$ select public.block_chisme_author(current_setting('test.c9')) $$, 'P0001', 'rate_limited', 'linker: an eleventh block within the minute is refused');
select is(tests.error_detail($$ select public.block_chisme_author(current_setting('test.c9')) $$) ->> 'action', 'block', 'the refusal names the block limit');
select ok((tests.error_detail($$ select public.get_block_count() $$) ->> 'retry_after')::int between 1 and 60, 'reading the count is refused too, with the seconds to wait (1–60)');
select throws_ok($$ select public.unblock_all() $$, 'P0001', 'rate_limited', 'and unblocking');
select tests.reset_role();
select is((select count(*)::int from private.blocks where blocker_id = tests.get_supabase_uid('linker')), 0, 'the refused block stored nothing');

-- The limit is the linker's own
select tests.authenticate_as('bystander');
select lives_ok($$ select public.block_chisme_author(current_setting('test.c9')) $$, 'another person blocks as usual');

-- New accounts get half: 5 a minute
select tests.authenticate_as('newcomer');
select lives_ok($$ select public.block_chisme_author(current_setting('test.c' || n)) from generate_series(1, 5) n $$, 'a new account: five blocks');
select throws_ok($$ select public.get_block_count() $$, 'P0001', 'rate_limited', 'a new account: the sixth operation is refused');

select * from finish();
rollback;
