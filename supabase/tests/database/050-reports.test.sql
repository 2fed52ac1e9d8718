-- Reports (spec §5 "Report"): one per user and target (a repeat has its own key), never on
-- one's own chisme, silently ignored on one's own comment, a reason from the list, counters; a
-- reporter is visible only to themselves.
begin;
select plan(35);

-- Arrange
select tests.create_supabase_users('author', 'other', 'third');
select tests.authenticate_as('author');
select tests.arrange($arrange$ select set_config('test.chisme', (select id::text from tests.create_chisme('Mujer', '30', 'Un chisme que será reportado', null, 'CR', 'false')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.chisme2', (select id::text from tests.create_chisme('Mujer', '30', 'Otro chisme que será reportado', null, 'CR', 'false')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.chisme3', (select id::text from tests.create_chisme('Mujer', '30', 'Un tercer chisme del autor', null, 'CR', 'false')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.author_comment', (select id::text from tests.add_comment(current_setting('test.chisme'), null, 'Comentario del autor', 'Mujer', '30', 'CR')), true) $arrange$);
select tests.authenticate_as('other');
select tests.arrange($arrange$ select set_config('test.own_chisme', (select id::text from tests.create_chisme('Hombre', '30', 'El chisme propio del otro', null, 'CR', 'false')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.own_comment', (select id::text from tests.add_comment(current_setting('test.chisme'), null, 'Comentario del otro', 'Hombre', '30', 'CR')), true) $arrange$);

-- Act as another user
select lives_ok($$ select public.report_chisme(current_setting('test.chisme'), 'spam') $$, 'other: reports a chisme');
select is((select report from public.get_chisme(current_setting('test.chisme'))), 1, 'other: the chisme''s report counter went up');
select throws_ok($$ select public.report_chisme(current_setting('test.chisme'), 'spam') $$, 'P0001', 'report_already_exists', 'other: a repeat report has its own key');
select is((select report from public.get_chisme(current_setting('test.chisme'))), 1, 'other: the repeat did not count');
select results_eq(
  $$ select reason, chisme_id, comment_id from public.reports $$,
  $$ values ('spam'::text, current_setting('test.chisme')::uuid, null::uuid) $$,
  'other: sees their report, with its reason'
);
select lives_ok($$ select public.report_chisme(current_setting('test.chisme2'), 'spam') $$, 'other: reports with a reason');
select is((select reason from public.reports where chisme_id = current_setting('test.chisme2')::uuid), 'spam', 'other: the reason is stored');
select throws_ok($$ select public.report_chisme(current_setting('test.own_chisme'), 'spam') $$, 'P0001', 'report_own_chisme', 'other: cannot report their own chisme');
select is((select report from public.get_chisme(current_setting('test.own_chisme'))), 0, 'other: the refused report did not count');
select throws_ok($$ select public.report_chisme(gen_random_uuid()::text, 'spam') $$, 'P0001', 'report_target_not_found', 'other: cannot report a missing chisme');
select lives_ok($$ select public.report_comment(current_setting('test.own_comment'), 'spam') $$, 'other: reporting their own comment raises no error');
select is_empty($$ select 1 from public.reports where comment_id = current_setting('test.own_comment')::uuid $$, 'other: ...and records nothing');
select is((select report from public.comments where id = current_setting('test.own_comment')::uuid), 0, 'other: ...and counts nothing');
select lives_ok($$ select public.report_comment(current_setting('test.author_comment'), 'spam') $$, 'other: reports someone else''s comment');
select is((select report from public.comments where id = current_setting('test.author_comment')::uuid), 1, 'other: the comment''s report counter went up');
select is((select reason from public.reports where comment_id = current_setting('test.author_comment')::uuid), 'spam', 'other: the reason is stored by its code');
select throws_ok($$ select public.report_comment(current_setting('test.author_comment'), 'spam') $$, 'P0001', 'report_already_exists', 'other: a repeat comment report has its own key');
select throws_ok($$ select public.report_comment(gen_random_uuid()::text, 'spam') $$, 'P0001', 'report_target_not_found', 'other: cannot report a missing comment');
select throws_ok($$ insert into public.reports (chisme_id, user_id) values (current_setting('test.chisme2')::uuid, tests.get_supabase_uid('third')) $$,
  '42501', null, 'other: cannot report on behalf of someone else');
select throws_ok($$ insert into public.reports (chisme_id, comment_id) values (current_setting('test.chisme3')::uuid, current_setting('test.author_comment')::uuid) $$,
  '42501', null, 'other: a direct report insert is refused by privilege (reports go through the RPCs)');
select tests.reset_role();
select throws_ok($$ insert into public.reports (chisme_id, comment_id, user_id) values (current_setting('test.chisme3')::uuid, current_setting('test.author_comment')::uuid, tests.get_supabase_uid('other')) $$,
  'P0001', 'report_target_invalid', 'every writer: a report has exactly one target (a key, not the constraint''s 23514)');
select tests.authenticate_as('other');
select throws_ok($$ select public.report_chisme(current_setting('test.chisme2'), 'spam', repeat('motivo ', 300)) $$, 'P0001', 'report_already_exists', 'other: still one report per target');
select throws_ok($$ update public.reports set reason = 'otra' $$, '42501', null, 'other: cannot edit reports');
select throws_ok($$ delete from public.reports $$, '42501', null, 'other: cannot delete reports');

-- Act as a third user
select tests.authenticate_as('third');
select is_empty($$ select 1 from public.reports $$, 'third: cannot see anyone else''s reports');
select throws_ok($$ select public.report_chisme(current_setting('test.chisme'), 'spam', repeat('motivo ', 300)) $$, 'P0001', 'report_explanation_too_long', 'third: an explanation over 2000 characters is refused');
select lives_ok($$ select public.report_chisme(current_setting('test.chisme'), 'spam') $$, 'third: reports the same chisme');
select is((select report from public.get_chisme(current_setting('test.chisme'))), 2, 'third: every reporter counts once');

-- Act as the author
select tests.authenticate_as('author');
select throws_ok($$ select public.report_chisme(current_setting('test.chisme'), 'spam') $$, 'P0001', 'report_own_chisme', 'author: cannot report their own chisme');
select is_empty($$ select 1 from public.reports $$, 'author: cannot see who reported them');

-- A token without a user
select tests.reset_role();
select set_config('role', 'authenticated', true);
select set_config('request.jwt.claims', '{"role":"authenticated"}', true);
select throws_ok($$ select public.report_chisme(current_setting('test.chisme'), 'spam') $$, 'P0001', 'not_authenticated', 'a token without a user cannot report');

-- Act as anon
select tests.clear_authentication();
select throws_ok($$ select public.report_chisme(current_setting('test.chisme'), 'spam') $$, '42501', null, 'anon: cannot report a chisme');
select throws_ok($$ select public.report_comment(current_setting('test.author_comment'), 'spam') $$, '42501', null, 'anon: cannot report a comment');
select throws_ok($$ select * from public.reports $$, '42501', null, 'anon: cannot read reports');
select throws_ok($$ insert into public.reports (chisme_id) values (current_setting('test.chisme')::uuid) $$, '42501', null, 'anon: cannot insert reports');

select * from finish();
rollback;
