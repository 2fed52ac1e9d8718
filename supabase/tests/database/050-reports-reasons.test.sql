-- Notice and action (docs/decisions/0035-notice-and-action.md): a report needs a reason from
-- the list (data moderators edit; a retired reason is refused), takes an optional
-- explanation, and can be withdrawn while undecided, taking its count with it.
begin;
select plan(17);

select tests.lift_rate_limits();
select tests.create_supabase_users('author', 'reporter', 'mod');
select tests.authenticate_as('author');
select tests.post_chisme('c', 'Mujer', '30', 'Un chisme que alguien denunciará', null, 'ES', 'false');

select tests.authenticate_as('reporter');
select is((select count(*)::int from public.report_reasons), 8, 'the list has the eight reasons');
select throws_ok($$ select public.report_chisme(current_setting('test.c')) $$, 'P0001', 'report_reason_invalid', 'no reason: refused');
select throws_ok($$ select public.report_chisme(current_setting('test.c'), 'Contenido inapropiado') $$, 'P0001', 'report_reason_invalid', 'a reason not on the list: refused');
select is(tests.error_detail($$ select public.report_chisme(current_setting('test.c'), 'otro') $$)::jsonb -> 'allowed',
  '["acoso", "datos_personales", "sexual", "odio", "amenazas", "autolesiones", "spam", "ilegal"]'::jsonb, 'the refusal lists the allowed codes in order');
select lives_ok($$ select public.report_chisme(current_setting('test.c'), ' Acoso ', '  Se burla de <b>mi</b> hermana  ') $$, 'a code of the list, in any case, with an explanation');
select results_eq($$ select reason, explanation from public.reports $$, $$ values ('acoso', 'Se burla de mi hermana') $$, 'stored by its code, the explanation normalised');
select is((select report from public.get_chisme(current_setting('test.c'))), 1, 'the report counts');

-- Withdrawal
select throws_ok($$ select public.withdraw_report('chisme', gen_random_uuid()::text) $$, 'P0001', 'report_not_found', 'withdrawing nothing: report_not_found');
select tests.authenticate_as('author');
select throws_ok($$ select public.withdraw_report('chisme', current_setting('test.c')) $$, 'P0001', 'report_not_found', 'nobody withdraws another''s report');
select tests.authenticate_as('reporter');
select ok(public.withdraw_report('chisme', current_setting('test.c')), 'the reporter withdraws it');
select is_empty($$ select 1 from public.reports $$, 'the report is gone');
select is((select report from public.get_chisme(current_setting('test.c'))), 0, 'and its count with it');

-- Moderators edit the list; a retired reason is refused
select throws_ok($$ select public.moderate_set_report_reason('estafa', 'Estafa', 'Norma 9: no estafes.') $$, 'P0001', 'moderator_required', 'a person cannot edit the list');
select tests.authenticate_as_moderator('mod');
select lives_ok($$ select public.moderate_set_report_reason('estafa', 'Estafa', 'Norma 9: no estafes.', 'Código Penal, art. 248 (estafa).', '90') $$, 'a moderator adds a reason with its legal ground');
select lives_ok($$ select public.moderate_set_report_reason('spam', 'Spam', 'Norma 7.', null, null, 'false') $$, 'a moderator retires a reason');
select tests.authenticate_as('reporter');
select throws_ok($$ select public.report_chisme(current_setting('test.c'), 'spam') $$, 'P0001', 'report_reason_invalid', 'a retired reason is refused');
select lives_ok($$ select public.report_chisme(current_setting('test.c'), 'estafa') $$, 'the new reason is accepted');

select * from finish();
rollback;
