-- Statements of reasons and complaints (docs/decisions/0036-statements-and-complaints.md):
-- every restriction writes exactly one statement with its fields and nothing identifying a
-- reporter; each reporter is told the decision; a complaint can be filed for every kind of
-- decision within the window and not after; only a moderator decides one; a reversal restores
-- what the decision took.
begin;
select plan(44);

select tests.lift_rate_limits();
update private.moderation_settings set hide_threshold = 2;
select tests.create_supabase_users('author', 'r1', 'r2', 'r3', 'mod', 'bystander');
create temporary table person_ids on commit drop as select u.id from auth.users u;
grant select on person_ids to authenticated;

select tests.authenticate_as('author');
select tests.post_chisme('c', 'Mujer', '30', 'Un chisme que van a denunciar por acoso', null, 'ES', 'false');
select tests.post_chisme('d', 'Mujer', '30', 'Un chisme que un moderador va a borrar', null, 'ES', 'false');
select tests.post_chisme('e', 'Mujer', '30', 'Un chisme que nadie debería ocultar', null, 'ES', 'false');
select tests.post_comment('k', current_setting('test.e'), null, 'Un comentario que van a ocultar', 'Mujer', '30', 'ES');

-- 1. Automatic hiding: one statement, automated, on the reports' leading reason
select tests.authenticate_as('r1');
select tests.arrange($arrange$ select public.report_chisme(current_setting('test.c'), 'acoso', 'Se ríe de una compañera de clase') $arrange$);
select tests.arrange($arrange$ select public.report_comment(current_setting('test.k'), 'spam') $arrange$);
select tests.authenticate_as('r2');
select tests.arrange($arrange$ select public.report_chisme(current_setting('test.c'), 'acoso') $arrange$);
select tests.arrange($arrange$ select public.report_comment(current_setting('test.k'), 'spam') $arrange$);
select tests.reset_role();
select results_eq(
  $$ select decision, target_kind, facts, reports_received, automated, reason, snippet, suspended_until is null, complaint_until > now() + interval '182 days'
     from public.moderation_statements where chisme_id = current_setting('test.c')::uuid $$,
  $$ values ('hidden', 'chisme', 'reports', 2, true, 'acoso', 'Un chisme que van a denunciar por acoso', true, true) $$,
  'auto-hide: exactly one statement: hidden, on reports, automated, the leading reason, a snippet, complaints for 6 months'
);
select is((select rule from public.moderation_statements where chisme_id = current_setting('test.c')::uuid),
  (select rule from public.report_reasons where code = 'acoso'), 'the statement quotes the rule of Chismes broken');
select is((select thresholds ->> 'hide_threshold' from public.moderation_statements where chisme_id = current_setting('test.c')::uuid),
  '2', 'the statement quotes the automatic-hiding threshold in force');
select ok((select thresholds ? 'unfounded_mute_after' and thresholds ? 'illegal_suspend_after' from public.moderation_statements where chisme_id = current_setting('test.c')::uuid),
  'the statement quotes the misuse thresholds');
select is(
  (select count(*)::int from public.moderation_statements s, auth.users u
   where u.raw_user_meta_data ->> 'test_identifier' in ('r1', 'r2')
     and (position(u.id::text in to_jsonb(s)::text) > 0 or position(u.email in to_jsonb(s)::text) > 0
          or position('compañera' in to_jsonb(s)::text) > 0)),
  0, 'no statement holds a reporter''s id, e-mail or words');
select is((select count(*)::int from public.moderation_statements where comment_id = current_setting('test.k')::uuid), 1,
  'auto-hide of a comment: exactly one statement');
select is((select count(*)::int from public.notifications where user_id = tests.get_supabase_uid('author') and data ? 'statementId'), 2,
  'the author is told of each, with the statement''s id');

-- The author reads them; nobody else does
select tests.authenticate_as('author');
select is((select count(*)::int from public.get_my_statements()), 2, 'author: lists their statements');
select is((select reason_label from public.get_my_statements() where chisme_id = current_setting('test.c')::uuid), 'Acoso o intimidación', 'author: with the reason''s label');
select tests.authenticate_as('r1');
select is((select count(*)::int from public.moderation_statements), 0, 'a reporter reads no statement about another person');
select is((select count(*)::int from public.get_my_statements()), 0, 'nor through the RPC');

-- 2. Complaints: explanation required, only the person affected, once
select tests.authenticate_as('r1');
select throws_ok(format($$ select public.file_complaint('statement', %L, 'No es mío') $$,
  (select id from public.moderation_statements limit 1)), 'P0001', 'complaint_not_allowed', 'another person cannot complain about a statement (they cannot even see it)');
select tests.reset_role();
select set_config('test.sc', (select id::text from public.moderation_statements where chisme_id = current_setting('test.c')::uuid), true);
select set_config('test.sk', (select id::text from public.moderation_statements where comment_id = current_setting('test.k')::uuid), true);
select tests.authenticate_as('author');
select throws_ok($$ select public.file_complaint('statement', current_setting('test.sc'), '   ') $$, 'P0001', 'complaint_explanation_required', 'a complaint needs an explanation');
select lives_ok($$ select set_config('test.cc', public.file_complaint('statement', current_setting('test.sc'), 'Es una broma entre amigas, nadie sale nombrado')::text, true) $$, 'author: complains about the hidden chisme');
select throws_ok($$ select public.file_complaint('statement', current_setting('test.sc'), 'Otra vez') $$, 'P0001', 'complaint_already_exists', 'once per decision');
select lives_ok($$ select set_config('test.ck', public.file_complaint('statement', current_setting('test.sk'), 'No es spam')::text, true) $$, 'author: complains about the hidden comment');

-- 3. Only a moderator decides
select throws_ok($$ select public.decide_complaint(current_setting('test.cc'), 'reversed', 'Yo mismo') $$, 'P0001', 'moderator_required', 'the author cannot decide their own complaint');
select tests.authenticate_as_service_role();
select throws_ok($$ select public.decide_complaint(current_setting('test.cc'), 'reversed', 'Automático') $$, 'P0001', 'not_authenticated', 'the service role (a job, a function) cannot decide a complaint');
select tests.authenticate_as_moderator('mod');
select is((select explanation from public.get_complaints() where id::text = current_setting('test.cc')), 'Es una broma entre amigas, nadie sale nombrado', 'moderator: sees the complaint with its explanation');
select is(
  (select count(*)::int from public.get_complaints() c, person_ids u where position(u.id::text in to_jsonb(c)::text) > 0),
  0, 'moderator: no person''s id in a complaint');
select throws_ok($$ select public.decide_complaint(current_setting('test.cc'), 'reversed', '') $$, 'P0001', 'complaint_answer_required', 'a decision needs its reasons');

-- 4. A reversal restores: visible again, its reports erased from the counter
select lives_ok($$ select public.decide_complaint(current_setting('test.cc'), 'reversed', 'No identifica a nadie: lo restauramos.') $$, 'moderator: reverses');
select throws_ok($$ select public.decide_complaint(current_setting('test.cc'), 'upheld', 'Cambio de idea') $$, 'P0001', 'complaint_already_decided', 'a decided complaint stays decided');
select tests.reset_role();
select results_eq($$ select hidden_at is null, report from public.chismes where id = current_setting('test.c')::uuid $$,
  $$ values (true, 0) $$, 'the chisme is visible again and its reports no longer count');
select isnt((select reversed_at from public.moderation_statements where id = current_setting('test.sc')::uuid), null, 'the statement is marked reversed');
select ok((select bool_and(decision = 'dismissed') from public.reports where chisme_id = current_setting('test.c')::uuid), 'its reports are closed as dismissed');
select is((select count(*)::int from public.notifications where user_id = tests.get_supabase_uid('author') and data ->> 'decision' = 'complaint_reversed'), 1, 'the author is told, with the reasons');
select tests.authenticate_as('author');
select is((select complaint_status || ': ' || complaint_answer from public.get_my_statements() where id::text = current_setting('test.sc')),
  'reversed: No identifica a nadie: lo restauramos.', 'author: reads the outcome and its reasons');

-- 5. A reporter is told of a dismissal and may complain about it
select tests.authenticate_as('r1');
select is((select decision from public.get_my_reports() where chisme_id = current_setting('test.c')::uuid), 'dismissed', 'reporter: their report shows as dismissed');
select tests.reset_role();
select is((select count(*)::int from public.notifications where user_id = tests.get_supabase_uid('r1') and data ->> 'decision' = 'report_dismissed'), 1, 'reporter: told their report was dismissed');
select tests.authenticate_as('r2');
select lives_ok(format($$ select set_config('test.cr', public.file_complaint('report', %L, 'Sí que la nombra, por su mote')::text, true) $$,
  (select id from public.reports where chisme_id = current_setting('test.c')::uuid)), 'reporter: complains about the dismissal');
select tests.authenticate_as_moderator('mod');
select lives_ok($$ select public.decide_complaint(current_setting('test.cr'), 'reversed', 'Tienes razón: el mote la identifica.') $$, 'moderator: reverses the dismissal');
select tests.reset_role();
select isnt((select hidden_at from public.chismes where id = current_setting('test.c')::uuid), null, 'the reversal of a dismissal hides the content');
select is((select count(*)::int from public.moderation_statements where chisme_id = current_setting('test.c')::uuid and reversed_at is null and not automated), 1,
  'with a new statement of reasons for the author (a human decision)');

-- 6. Deletion and suspension: one statement each, the reporters told; complaints for both
select tests.authenticate_as('r3');
select tests.arrange($arrange$ select public.report_chisme(current_setting('test.d'), 'datos_personales') $arrange$);
select tests.authenticate_as_moderator('mod');
select throws_ok($$ select public.moderate_delete('chisme', current_setting('test.d'), 'inventado') $$, 'P0001', 'moderation_reason_invalid', 'a decision''s ground comes from the list');
select lives_ok($$ select public.moderate_delete('chisme', current_setting('test.d'), 'datos_personales', 'Da la dirección de una persona') $$, 'moderator: deletes, with a ground and an explanation');
select lives_ok($$ select public.moderate_suspend_author('comment', current_setting('test.k'), '7', 'spam') $$, 'moderator: suspends the author');
select tests.reset_role();
select results_eq(
  $$ select decision, facts, automated, legal_ground is not null, explanation from public.moderation_statements where chisme_id = current_setting('test.d')::uuid $$,
  $$ values ('deleted', 'reports', false, true, 'Da la dirección de una persona') $$,
  'deletion: one statement, on reports, human, with the legal ground of illegal content and the explanation');
select results_eq(
  $$ select decision, target_kind, suspended_until > now() + interval '6 days' from public.moderation_statements where decision = 'suspended' $$,
  $$ values ('suspended', 'account', true) $$, 'suspension: one statement with its end');
select is((select count(*)::int from public.notifications where user_id = tests.get_supabase_uid('r3') and data ->> 'decision' = 'report_removed'), 1, 'the reporter is told the content was removed');
select tests.authenticate_as('author');
select lives_ok(format($$ select set_config('test.cs', public.file_complaint('statement', %L, 'Fue un malentendido')::text, true) $$,
  (select id from public.moderation_statements where decision = 'suspended')), 'a suspended author complains (suspension does not stop a complaint)');
select tests.authenticate_as_moderator('mod');
select lives_ok($$ select public.decide_complaint(current_setting('test.cs'), 'reversed', 'Levantamos la suspensión.') $$, 'moderator: reverses the suspension');
select tests.authenticate_as('author');
select is(public.get_my_suspension(), null, 'the reversal lifts the suspension');

-- 7. Within six months, not after
select tests.reset_role();
update public.moderation_statements set complaint_until = now() - interval '1 second' where chisme_id = current_setting('test.d')::uuid;
select tests.authenticate_as('author');
select throws_ok(format($$ select public.file_complaint('statement', %L, 'Tarde') $$,
  (select id from public.moderation_statements where chisme_id = current_setting('test.d')::uuid)), 'P0001', 'complaint_too_late', 'after the window: complaint_too_late');

select * from finish();
rollback;
