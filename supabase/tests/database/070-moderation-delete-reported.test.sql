-- Moderation (spec §4 "Deleting reported content"), for the service role only: a chisme goes
-- with its comments, likes and reports; a comment with its replies and reports.
begin;
select plan(24);

-- Arrange
select tests.create_supabase_users('author', 'other');
select tests.authenticate_as('author');
select tests.arrange($arrange$ select set_config('test.chisme', (select id::text from tests.create_chisme('Mujer', '30', 'Chisme que será moderado', null, 'CR', 'false')), true) $arrange$);
select tests.authenticate_as('other');
select tests.arrange($arrange$ select public.like_chisme(current_setting('test.chisme')) $arrange$);
select tests.arrange($arrange$ select public.report_chisme(current_setting('test.chisme'), 'spam') $arrange$);
select tests.arrange($arrange$ select set_config('test.root', (select id::text from tests.add_comment(current_setting('test.chisme'), null, 'Comentario reportado', 'Hombre', '30', 'ES')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.root2', (select id::text from tests.add_comment(current_setting('test.chisme'), null, 'Comentario que se queda', 'Hombre', '30', 'ES')), true) $arrange$);
select tests.authenticate_as('author');
select tests.arrange($arrange$ select set_config('test.reply', (select id::text from tests.add_comment(current_setting('test.chisme'), current_setting('test.root'), 'Respuesta', 'Mujer', '30', 'CR')), true) $arrange$);
select tests.arrange($arrange$ select public.report_comment(current_setting('test.root'), 'spam') $arrange$);
select tests.authenticate_as('other');
select tests.arrange($arrange$ select public.report_comment(current_setting('test.reply'), 'spam') $arrange$);

-- Clients cannot moderate
select tests.authenticate_as('author');
select throws_ok($$ select public.delete_reported_chisme(current_setting('test.chisme')::uuid) $$, '42501', null, 'author: cannot delete reported chismes, even their own');
select throws_ok($$ select public.delete_reported_comment(current_setting('test.root')::uuid) $$, '42501', null, 'author: cannot delete reported comments');
select tests.authenticate_as('other');
select throws_ok($$ select public.delete_reported_chisme(current_setting('test.chisme')::uuid) $$, '42501', null, 'other: cannot delete reported chismes');
select throws_ok($$ select public.delete_reported_comment(current_setting('test.root')::uuid) $$, '42501', null, 'other: cannot delete reported comments, even their own');
select tests.clear_authentication();
select throws_ok($$ select public.delete_reported_chisme(current_setting('test.chisme')::uuid) $$, '42501', null, 'anon: cannot delete reported chismes');
select throws_ok($$ select public.delete_reported_comment(current_setting('test.root')::uuid) $$, '42501', null, 'anon: cannot delete reported comments');

-- The service role deletes a comment with its replies and reports
select tests.authenticate_as_service_role();
select is((select comments from public.chismes where id = current_setting('test.chisme')::uuid), 2, 'service role: two root comments before');
select is(public.delete_reported_comment(current_setting('test.root')::uuid), true, 'service role: deletes a reported comment');
select is_empty($$ select 1 from public.comments where id in (current_setting('test.root')::uuid, current_setting('test.reply')::uuid) $$, 'its replies are gone with it');
select is_empty($$ select 1 from public.reports where comment_id in (current_setting('test.root')::uuid, current_setting('test.reply')::uuid) $$, 'its reports and its replies'' reports are gone');
select is_empty($$ select 1 from public.comment_authors where comment_id in (current_setting('test.root')::uuid, current_setting('test.reply')::uuid) $$, 'their authorship rows are gone');
select is((select comments from public.chismes where id = current_setting('test.chisme')::uuid), 1, 'the chisme counts one root comment less');
select isnt_empty($$ select 1 from public.comments where id = current_setting('test.root2')::uuid $$, 'other comments stay');
select is(public.delete_reported_comment(gen_random_uuid()), false, 'service role: deleting a missing comment says so');

-- The service role deletes a chisme with everything that hangs from it
select is(public.delete_reported_chisme(current_setting('test.chisme')::uuid), true, 'service role: deletes a reported chisme');
select is_empty($$ select 1 from public.chismes where id = current_setting('test.chisme')::uuid $$, 'the chisme is gone');
select is_empty($$ select 1 from public.comments where chisme_id = current_setting('test.chisme')::uuid $$, 'its comments are gone');
select is_empty($$ select 1 from public.likes where chisme_id = current_setting('test.chisme')::uuid $$, 'its likes are gone');
select is_empty($$ select 1 from public.reports where chisme_id = current_setting('test.chisme')::uuid $$, 'its reports are gone');
select is_empty($$ select 1 from public.chisme_authors where chisme_id = current_setting('test.chisme')::uuid $$, 'its authorship is gone');
select tests.reset_role();
select is_empty($$ select 1 from private.notified_likes where chisme_id = current_setting('test.chisme')::uuid $$, 'its like-notification memory is gone');
select is_empty($$ select 1 from private.thread_participants where chisme_id = current_setting('test.chisme')::uuid $$, 'its commenter numbers are gone');
select tests.authenticate_as_service_role();
select is(public.delete_reported_chisme(gen_random_uuid()), false, 'service role: deleting a missing chisme says so');
select is((select count(*)::int from public.get_sign_in_methods('author@test.chismes')), 1, 'the users themselves are untouched');

select * from finish();
rollback;
