-- Content hidden by reports is out of reach of everyone but its author (and moderators), by
-- every write path, not only by reads: a like, a mute of the thread, a reply to a hidden
-- comment all answer as for an unknown target; its author still reaches it. The content is
-- hidden as the report threshold hides it (hidden_at set); expected keys are literals.
begin;
select plan(10);

select tests.lift_rate_limits();
select tests.create_supabase_users('hidden_author', 'hidden_commenter', 'hidden_visitor');

select tests.authenticate_as('hidden_author');
select tests.post_chisme('h', 'Mujer', '30', 'Un chisme que las denuncias ocultarán', null, 'ES', 'false');
select tests.post_chisme('v', 'Mujer', '30', 'Un chisme que sigue a la vista', null, 'ES', 'false');
select tests.authenticate_as('hidden_commenter');
select tests.post_comment('hc', current_setting('test.h'), null, 'Comento antes de que lo oculten', 'Hombre', '40', 'ES');
select tests.post_comment('vc', current_setting('test.v'), null, 'Un comentario que ocultarán', 'Hombre', '40', 'ES');
select tests.reset_role();
update public.chismes set hidden_at = now() where id = current_setting('test.h')::uuid;
update public.comments set hidden_at = now() where id = current_setting('test.vc')::uuid;

select tests.authenticate_as('hidden_visitor');
select throws_ok($$ select public.like_chisme(current_setting('test.h')) $$, 'P0001', 'chisme_not_found', 'visitor: a like of a hidden chisme is chisme_not_found');
select ok((public.get_chisme(current_setting('test.h'))).id is null, 'visitor: the hidden chisme reads as unknown');
select throws_ok($$ select public.add_comment(current_setting('test.v'), current_setting('test.vc'), 'Respondo a lo oculto', 'Mujer', '22', 'ES') $$,
  'P0001', 'comment_parent_not_found', 'visitor: a reply to a hidden comment is comment_parent_not_found');

-- Someone who commented before it was hidden is no more its author than the visitor
select tests.authenticate_as('hidden_commenter');
select throws_ok($$ select public.mute_thread(current_setting('test.h')) $$, 'P0001', 'mute_target_not_found',
  'commenter: muting a hidden chisme''s thread is mute_target_not_found');
select is(public.get_thread_mute(current_setting('test.h')), null, 'commenter: its mute state reads as unknown');
select throws_ok($$ select public.like_chisme(current_setting('test.h')) $$, 'P0001', 'chisme_not_found', 'commenter: nor can they like it');

-- The author still reaches their hidden chisme
select tests.authenticate_as('hidden_author');
select ok((public.get_chisme(current_setting('test.h'))).id is not null, 'author: reads their hidden chisme');
select is(public.mute_thread(current_setting('test.h')), true, 'author: may mute its thread');
select tests.reset_role();
select is((select count(*)::int from public.likes where chisme_id = current_setting('test.h')::uuid), 0, 'no like was stored on the hidden chisme');
select is((select count(*)::int from private.thread_mutes where chisme_id = current_setting('test.h')::uuid
  and user_id = tests.get_supabase_uid('hidden_commenter')), 0, 'no mute of the commenter was stored');

select * from finish();
rollback;
