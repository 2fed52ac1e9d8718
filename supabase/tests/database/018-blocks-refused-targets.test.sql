-- Blocking refuses what the caller cannot see and what is theirs, and stores nothing then:
-- the author of a comment hidden by reports, of a comment under a chisme hidden by reports,
-- of a chisme hidden by reports (all block_target_not_found, as an unknown id: blocking must
-- not tell a hidden author apart), one's own chisme or comment (block_own_content). The
-- expected keys are literals; the block count is read from private.blocks directly.
begin;
select plan(13);

select tests.lift_rate_limits();
select tests.create_supabase_users('target_blocker', 'target_author', 'target_other');

select tests.authenticate_as('target_author');
select tests.post_chisme('shown', 'Hombre', '30', 'Un chisme que se sigue viendo', null, 'ES', 'false');
select tests.post_chisme('hidden', 'Hombre', '30', 'Un chisme que ocultan las denuncias', null, 'ES', 'false');
select tests.post_comment('hidden_comment', current_setting('test.shown'), null, 'Un comentario que ocultan las denuncias', 'Hombre', '30', 'ES');
select tests.authenticate_as('target_other');
select tests.post_chisme('other_hidden', 'Mujer', '50', 'Otro chisme que ocultan las denuncias', null, 'ES', 'false');
select tests.authenticate_as('target_author');
select tests.post_comment('under_hidden', current_setting('test.other_hidden'), null, 'Un comentario bajo un chisme oculto', 'Hombre', '30', 'ES');
select tests.authenticate_as('target_blocker');
select tests.post_chisme('own', 'Mujer', '25', 'Mi propio chisme de prueba', null, 'ES', 'false');
select tests.post_comment('own_comment', current_setting('test.shown'), null, 'Mi propio comentario de prueba', 'Mujer', '25', 'ES');
select tests.reset_role();
-- hidden as the report threshold hides them (50-reports.sql sets hidden_at)
update public.comments set hidden_at = now() where id = current_setting('test.hidden_comment')::uuid;
update public.chismes set hidden_at = now()
where id in (current_setting('test.hidden')::uuid, current_setting('test.other_hidden')::uuid);

create function pg_temp.blocks_made() returns int language sql as $$
  select count(*)::int from private.blocks where blocker_id = tests.get_supabase_uid('target_blocker');
$$;

select tests.authenticate_as('target_blocker');
select throws_ok($$ select public.block_comment_author(current_setting('test.hidden_comment')) $$,
  'P0001', 'block_target_not_found', 'the author of a comment hidden by reports cannot be blocked');
select throws_ok($$ select public.block_comment_author(current_setting('test.under_hidden')) $$,
  'P0001', 'block_target_not_found', 'the author of a comment under a chisme hidden by reports cannot be blocked');
select throws_ok($$ select public.block_chisme_author(current_setting('test.hidden')) $$,
  'P0001', 'block_target_not_found', 'the author of a chisme hidden by reports cannot be blocked');
select throws_ok($$ select public.block_chisme_author(gen_random_uuid()::text) $$,
  'P0001', 'block_target_not_found', 'an unknown chisme: the same answer');
select throws_ok($$ select public.block_comment_author(gen_random_uuid()::text) $$,
  'P0001', 'block_target_not_found', 'an unknown comment: the same answer');
select throws_ok($$ select public.block_chisme_author(current_setting('test.own')) $$,
  'P0001', 'block_own_content', 'one''s own chisme: block_own_content');
select throws_ok($$ select public.block_comment_author(current_setting('test.own_comment')) $$,
  'P0001', 'block_own_content', 'one''s own comment: block_own_content');
select tests.reset_role();
select is(pg_temp.blocks_made(), 0, 'none of the refusals stored a block');

-- The same author through what the caller does see is blocked: the refusals were the targets'
select tests.authenticate_as('target_blocker');
select lives_ok($$ select public.block_chisme_author(current_setting('test.shown')) $$, 'the author of a visible chisme can be blocked');
select tests.reset_role();
select is(pg_temp.blocks_made(), 1, 'one block stored');

-- The author and the moderators still see a hidden chisme; for them its author is not hidden
select tests.authenticate_as('target_other');
select lives_ok($$ select public.block_comment_author(current_setting('test.under_hidden')) $$,
  'the hidden chisme''s own author may block a commenter of it');
select tests.authenticate_as('target_author');
select throws_ok($$ select public.block_comment_author(current_setting('test.hidden_comment')) $$,
  'P0001', null, 'the author of a hidden comment cannot block through it either (it is their own)');
select tests.reset_role();
select is((select count(*)::int from private.blocks where blocker_id = tests.get_supabase_uid('target_other')), 1,
  'the hidden chisme''s author made one block');

select * from finish();
rollback;
