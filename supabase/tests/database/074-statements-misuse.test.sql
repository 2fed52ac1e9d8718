-- Measures against misuse (docs/decisions/0036-statements-and-complaints.md): repeated
-- removals as illegal content warn, then suspend the author for a time (with its own
-- statement); repeated manifestly unfounded reports warn, then stop counting towards
-- automatic hiding for a time. The thresholds are settings, quoted in the statements.
begin;
select plan(12);

select tests.lift_rate_limits();
update private.moderation_settings set hide_threshold = 2;
update private.misuse_settings set illegal_warn_after = 1, illegal_suspend_after = 2, illegal_suspend_days = 3,
  unfounded_warn_after = 1, unfounded_mute_after = 2, unfounded_mute_days = 10;
select tests.create_supabase_users('poster', 'accuser', 'honest', 'mod');

select tests.authenticate_as('poster');
select tests.post_chisme('i1', 'Mujer', '30', 'Primer chisme que se retirará por ilegal', null, 'ES', 'false');
select tests.post_chisme('i2', 'Mujer', '30', 'Segundo chisme que se retirará por ilegal', null, 'ES', 'false');
select tests.post_chisme('s1', 'Mujer', '30', 'Un chisme retirado por spam, que no es ilegal', null, 'ES', 'false');
select tests.post_chisme('ok1', 'Mujer', '30', 'Un chisme inocente que alguien denuncia sin motivo', null, 'ES', 'false');
select tests.post_chisme('ok2', 'Mujer', '30', 'Otro chisme inocente denunciado sin motivo alguno', null, 'ES', 'false');
select tests.post_chisme('ok3', 'Mujer', '30', 'Un tercero inocente que ya no se ocultará por ello', null, 'ES', 'false');

-- Illegal content: spam is not illegal; the first illegal removal warns, the second suspends
select tests.authenticate_as_moderator('mod');
select tests.arrange($arrange$ select public.moderate_delete('chisme', current_setting('test.s1'), 'spam') $arrange$);
select tests.arrange($arrange$ select public.moderate_delete('chisme', current_setting('test.i1'), 'odio') $arrange$);
select tests.reset_role();
select is((select count(*)::int from public.notifications where user_id = tests.get_supabase_uid('poster') and data ->> 'decision' = 'misuse_warning'), 1, 'illegal: warned at the first threshold (a spam removal does not count)');
select is((select count(*)::int from private.suspensions where user_id = tests.get_supabase_uid('poster')), 0, 'illegal: not yet suspended');
select tests.authenticate_as_moderator('mod');
select tests.arrange($arrange$ select public.moderate_delete('chisme', current_setting('test.i2'), 'amenazas') $arrange$);
select tests.authenticate_as('poster');
select ok(public.get_my_suspension() between now() + interval '2 days 23 hours' and now() + interval '3 days 1 hour', 'illegal: suspended for the set days at the second threshold');
select tests.reset_role();
select results_eq(
  $$ select facts, automated, target_kind, (thresholds ->> 'illegal_suspend_after')::int from public.moderation_statements where decision = 'suspended' $$,
  $$ values ('repeated_illegal', true, 'account', 2) $$, 'the suspension has its statement: repeated illegal content, automated, quoting the threshold');

-- Unfounded reports: the first warns, the second mutes; a muted reporter's report is kept but does not count
select tests.authenticate_as('accuser');
select tests.arrange($arrange$ select public.report_chisme(current_setting('test.ok1'), 'acoso') $arrange$);
select tests.arrange($arrange$ select public.report_chisme(current_setting('test.ok2'), 'acoso') $arrange$);
select tests.authenticate_as_moderator('mod');
select throws_ok($$ select public.moderate_restore('chisme', current_setting('test.ok1'), 'quizá') $$, 'P0001', 'moderation_setting_invalid', 'the unfounded flag is a boolean');
select tests.arrange($arrange$ select public.moderate_restore('chisme', current_setting('test.ok1'), 'true') $arrange$);
select tests.reset_role();
select is((select count(*)::int from public.notifications where user_id = tests.get_supabase_uid('accuser') and data ->> 'decision' = 'misuse_warning'), 1, 'unfounded: warned at the first threshold');
select is((select count(*)::int from private.report_mutes), 0, 'unfounded: not yet muted');
select tests.authenticate_as_moderator('mod');
select tests.arrange($arrange$ select public.moderate_restore('chisme', current_setting('test.ok2'), 'true') $arrange$);
select tests.reset_role();
select ok((select muted_until between now() + interval '9 days 23 hours' and now() + interval '10 days 1 hour' from private.report_mutes where user_id = tests.get_supabase_uid('accuser')), 'unfounded: muted for the set days at the second threshold');
select is((select count(*)::int from public.notifications where user_id = tests.get_supabase_uid('accuser') and data ->> 'decision' = 'reports_muted'), 1, 'unfounded: told');
select tests.authenticate_as('accuser');
select lives_ok($$ select public.report_chisme(current_setting('test.ok3'), 'acoso') $$, 'a muted reporter still reports');
select tests.authenticate_as('honest');
select tests.arrange($arrange$ select public.report_chisme(current_setting('test.ok3'), 'acoso') $arrange$);
select tests.reset_role();
select is((select hidden_at from public.chismes where id = current_setting('test.ok3')::uuid), null, 'two reports, one muted: below the threshold of 2, not hidden');
select is((select count(*)::int from public.reports where chisme_id = current_setting('test.ok3')::uuid and not counts), 1, 'the muted report is stored, marked as not counting');

select * from finish();
rollback;
