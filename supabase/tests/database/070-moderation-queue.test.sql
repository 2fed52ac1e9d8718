-- Moderation (docs/decisions/0009-moderator-role-and-decisions.md, docs/decisions/0010-automatic-hiding.md): the moderator role, automatic hiding at N distinct reports, hidden
-- content invisible to others in every read path, the queue and its decisions (restore,
-- delete, suspend) with their audit rows and notifications, and the word list.
begin;
select plan(73);
-- The fixtures post more than a person could in a minute (limits: 012-rate-limits).
select tests.lift_rate_limits();

-- Arrange: an author, six reporters, a bystander and a moderator.
select tests.create_supabase_users('author', 'r1', 'r2', 'r3', 'r4', 'r5', 'bystander', 'mod');
select tests.arrange($arrange$ select public.set_moderator('mod@test.chismes', true) $arrange$);

-- Acts as the moderator: the claims PostgREST would take from a moderator's token.
select tests.authenticate_as('author');
select tests.arrange($arrange$ select set_config('test.c1', (select id::text from tests.create_chisme('Mujer', '30', 'Chisme que cinco personas reportan', to_jsonb(array['moderado']), 'CR', 'false')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.c2', (select id::text from tests.create_chisme('Mujer', '30', 'Chisme que acabará borrado', null, 'CR', 'false')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.c3', (select id::text from tests.create_chisme('Mujer', '30', 'Chisme para suspender a su autora', null, 'CR', 'false')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.k1', (select id::text from tests.add_comment(current_setting('test.c2'), null, 'Comentario reportado', 'Mujer', '30', 'CR')), true) $arrange$);
select tests.authenticate_as('bystander');
select tests.arrange($arrange$ select set_config('test.k2', (select id::text from tests.add_comment(current_setting('test.c2'), current_setting('test.k1'), 'Respuesta al reportado', 'Hombre', '30', 'ES')), true) $arrange$);

-- 1. The role cannot be self-granted or forged
select tests.authenticate_as('author');
select throws_ok($$ select public.set_moderator('author@test.chismes', true) $$, '42501', null, 'user: cannot call set_moderator');
select throws_ok($$ update auth.users set raw_app_meta_data = '{"role":"moderator"}' $$, '42501', null, 'user: cannot write app_metadata');
select throws_ok($$ select public.get_moderation_queue() $$, 'P0001', 'moderator_required', 'user: the queue is for moderators');
select set_config('request.jwt.claims',
  (current_setting('request.jwt.claims')::jsonb || '{"user_metadata":{"role":"moderator"},"app_role":"moderator"}')::text, true);
select throws_ok($$ select public.get_moderation_queue() $$, 'P0001', 'moderator_required', 'user: a role in user_metadata (writable by the user) is not the moderator role');
select throws_ok($$ select public.moderate_restore('chisme', current_setting('test.c1')) $$, 'P0001', 'moderator_required', 'user: cannot restore');
select throws_ok($$ select public.moderate_delete('chisme', current_setting('test.c1'), 'spam') $$, 'P0001', 'moderator_required', 'user: cannot delete');
select throws_ok($$ select public.moderate_suspend_author('chisme', current_setting('test.c1'), '1', 'spam') $$, 'P0001', 'moderator_required', 'user: cannot suspend');
select throws_ok($$ select public.moderate_add_offensive_word('nueva') $$, 'P0001', 'moderator_required', 'user: cannot add words');
select throws_ok($$ insert into public.moderation_audit (action, target_kind) values ('delete', 'chisme') $$, '42501', null, 'user: cannot write the audit');
select tests.clear_authentication();
select throws_ok($$ select public.get_moderation_queue() $$, '42501', null, 'anon: cannot read the queue');
select throws_ok($$ select public.moderate_delete('chisme', current_setting('test.c1'), 'spam') $$, '42501', null, 'anon: cannot delete');
select tests.reset_role();
select is((select raw_app_meta_data ->> 'role' from auth.users where email = 'mod@test.chismes'), 'moderator', 'set_moderator put the role into app_metadata');

-- 2. Automatic hiding at exactly N = 5 distinct reports
select tests.authenticate_as('r1');
select tests.arrange($arrange$ select public.report_chisme(current_setting('test.c1'), 'Spam') $arrange$);
select tests.authenticate_as('r2');
select tests.arrange($arrange$ select public.report_chisme(current_setting('test.c1'), 'Spam') $arrange$);
select tests.authenticate_as('r3');
select tests.arrange($arrange$ select public.report_chisme(current_setting('test.c1'), 'acoso') $arrange$);
select tests.authenticate_as('r4');
select tests.arrange($arrange$ select public.report_chisme(current_setting('test.c1'), 'odio', 'Insulta a un colectivo') $arrange$);
select is((select count(*)::int from public.get_feed('recent', 'false') f where f.id = current_setting('test.c1')::uuid), 0, 'a reporter no longer sees what they reported in the feed');
select tests.authenticate_as('bystander');
select is((select count(*)::int from public.get_feed('recent', 'false') f where f.id = current_setting('test.c1')::uuid), 1, 'four reports: still visible to others');
select tests.authenticate_as('r5');
select tests.arrange($arrange$ select public.report_chisme(current_setting('test.c1'), 'acoso') $arrange$);
select tests.reset_role();
select isnt((select hidden_at from public.chismes where id = current_setting('test.c1')::uuid), null, 'the fifth distinct report hides the chisme');
select is((select count(*)::int from realtime.messages c where event = 'chisme_hidden' and payload ->> 'id' = current_setting('test.c1')
             and topic = 'chisme:' || current_setting('test.c1')),
  1, 'its page is told once that the chisme is hidden, on its own topic');
select is((select count(*)::int from realtime.messages where topic = 'moderation' and event = 'report_created' and payload ->> 'id' = current_setting('test.c1')),
  5, 'the moderators'' topic hears of every report');
select ok((select bool_and(not (payload::text ~ tests.get_supabase_uid('r1')::text)) from realtime.messages where topic = 'moderation' or topic like 'chisme:%' or topic like 'head:%'),
  'no realtime payload carries a reporter id');
select is((select count(*)::int from public.notifications where user_id = tests.get_supabase_uid('author') and type = 'moderation_decision' and data ->> 'decision' = 'hidden'),
  1, 'the author is told their chisme was hidden');

-- Hidden: invisible to others in every read path
select tests.authenticate_as('bystander');
select is((select count(*)::int from public.get_feed('recent', 'false') f where f.id = current_setting('test.c1')::uuid), 0, 'bystander: gone from the recent feed');
select is((select count(*)::int from public.get_feed('top', 'false') f where f.id = current_setting('test.c1')::uuid), 0, 'bystander: gone from the top feed');
select is((select count(*)::int from public.get_feed('trending', 'false') f where f.id = current_setting('test.c1')::uuid), 0, 'bystander: gone from the trending feed');
select is((select count(*)::int from public.get_feed('recent', 'false', p_tags => to_jsonb(array['moderado'])) f where f.id = current_setting('test.c1')::uuid), 0, 'bystander: gone from a tag-filtered feed');
select is((public.get_chisme(current_setting('test.c1'))).id, null, 'bystander: get_chisme finds nothing');
select is_empty($$ select 1 from public.get_comments(current_setting('test.c1')) $$, 'bystander: its thread reads empty');
select throws_ok($$ select public.add_comment(current_setting('test.c1'), null, 'Comento lo oculto', 'Hombre', '30', 'ES') $$, 'P0001', 'chisme_not_found', 'bystander: cannot comment on it');
select throws_ok($$ select public.like_chisme(current_setting('test.c1')) $$, 'P0001', 'chisme_not_found', 'bystander: cannot like it');
select tests.authenticate_as('author');
select is((select count(*)::int from public.get_feed('recent', 'false') f where f.id = current_setting('test.c1')::uuid), 1, 'author: still sees it in the feed');
select is((select count(*)::int from public.get_my_chismes(false) f where f.id = current_setting('test.c1')::uuid), 1, 'author: still sees it on their profile');
select is((public.get_chisme(current_setting('test.c1'))).id, current_setting('test.c1')::uuid, 'author: get_chisme still finds it');
select is((select count(*)::int from public.get_feed('recent', 'false', p_tags => to_jsonb(array['moderado'])) f where f.id = current_setting('test.c1')::uuid), 1, 'author: still sees it in a tag-filtered feed');
select tests.authenticate_as_moderator('mod');
select is((public.get_chisme(current_setting('test.c1'))).id, current_setting('test.c1')::uuid, 'moderator: sees the hidden chisme');

-- Realtime counts of a hidden chisme are not broadcast
select tests.arrange($arrange$ select public.like_chisme(current_setting('test.c1')) $arrange$);
select tests.reset_role();
select private.flush_realtime();
select is((select count(*)::int from realtime.messages m, jsonb_array_elements(m.payload -> 'counts') e
           where m.event = 'chisme_counts' and e ->> 'id' = current_setting('test.c1')), 0, 'a hidden chisme''s counts are not broadcast');

-- 3. The queue: counts and reasons, never ids of people
select tests.authenticate_as_moderator('mod');
select results_eq(
  $$ select kind, id, pending_reports, hidden, reasons from public.get_moderation_queue() where id = current_setting('test.c1')::uuid $$,
  $$ values ('chisme'::text, current_setting('test.c1')::uuid, 5, true,
       '[{"code": "acoso", "count": 2, "reason": "Acoso o intimidación", "explanations": []},
         {"code": "spam", "count": 2, "reason": "Spam", "explanations": []},
         {"code": "odio", "count": 1, "reason": "Odio", "explanations": ["Insulta a un colectivo"]}]'::jsonb) $$,
  'moderator: the queue lists the chisme with its pending count and reasons'
);
select ok((select bool_and(not (to_jsonb(q)::text ~ tests.get_supabase_uid('author')::text)
                          and not (to_jsonb(q)::text ~ tests.get_supabase_uid('r1')::text)) from public.get_moderation_queue() q),
  'moderator: no author or reporter id in the queue');

-- Restore: visible again, reports handled, audited, author told
select lives_ok($$ select public.moderate_restore('chisme', current_setting('test.c1')) $$, 'moderator: restores');
select is_empty($$ select 1 from public.get_moderation_queue() where id = current_setting('test.c1')::uuid $$, 'restored: off the queue');
select tests.authenticate_as('bystander');
select is((select count(*)::int from public.get_feed('recent', 'false') f where f.id = current_setting('test.c1')::uuid), 1, 'restored: the bystander sees it again');
select tests.reset_role();
select is((select count(*)::int from public.reports where chisme_id = current_setting('test.c1')::uuid and handled_at is not null), 5, 'restored: the reports are kept, as handled');
select is((select count(*)::int from public.moderation_audit where action = 'restore' and target_id = current_setting('test.c1')::uuid and moderator_id = tests.get_supabase_uid('mod')),
  1, 'restored: one audit row with the moderator');
select is((select count(*)::int from public.notifications where user_id = tests.get_supabase_uid('author') and data ->> 'decision' = 'restored'), 1, 'restored: the author is told');

-- Delete a comment with its replies and reports; then a chisme with everything
-- The threshold is a setting: at 1, one report hides a comment
select tests.reset_role();
update private.moderation_settings set hide_threshold = 1;
select tests.authenticate_as('r1');
select tests.arrange($arrange$ select public.report_comment(current_setting('test.k1'), 'acoso') $arrange$);
select tests.authenticate_as('bystander');
select is_empty($$ select 1 from public.get_comments(current_setting('test.c2')) where id = current_setting('test.k1')::uuid $$, 'a hidden comment leaves the thread of others');
select tests.authenticate_as('author');
select isnt_empty($$ select 1 from public.get_comments(current_setting('test.c2')) where id = current_setting('test.k1')::uuid $$, 'its author still sees it in the thread');
select tests.authenticate_as('r1');
select tests.arrange($arrange$ select public.report_chisme(current_setting('test.c2'), 'spam') $arrange$);
select tests.authenticate_as_moderator('mod');
select is((select pending_reports from public.get_moderation_queue() where id = current_setting('test.k1')::uuid), 1, 'moderator: a reported comment is queued');
select lives_ok($$ select public.moderate_delete('comment', current_setting('test.k1'), 'spam') $$, 'moderator: deletes the comment');
select tests.reset_role();
-- a deletion is a removal, kept for a complaint's reversal until its window closes (076-removals)
select tests.authenticate_as('author');
select is_empty($$ select 1 from public.get_comments(current_setting('test.c2')) where id in (current_setting('test.k1')::uuid, current_setting('test.k2')::uuid) $$,
  'the removed comment and the reply under it leave the thread, for its author too');
select tests.reset_role();
select ok((select bool_and(decision = 'removed') from public.reports where comment_id = current_setting('test.k1')::uuid), 'its reports are closed as removed');
select tests.authenticate_as_moderator('mod');
select lives_ok($$ select public.moderate_delete('chisme', current_setting('test.c2'), 'spam') $$, 'moderator: deletes the chisme');
select throws_ok($$ select public.moderate_delete('chisme', current_setting('test.c2'), 'spam') $$, 'P0001', 'moderation_target_not_found', 'moderator: a missing target has its own key');
select throws_ok($$ select public.moderate_restore('post', current_setting('test.c1')) $$, 'P0001', 'moderation_kind_invalid', 'moderator: an unknown kind has its own key');
select tests.authenticate_as('author');
select is((select id from public.get_chisme(current_setting('test.c2'))), null, 'the removed chisme is out of sight, for its author too');
select tests.reset_role();
select ok((select bool_and(decision = 'removed') from public.reports where chisme_id = current_setting('test.c2')::uuid), 'its reports are closed as removed');
select is((select count(*)::int from public.moderation_audit where action = 'delete'), 2, 'both deletes are audited');
select is((select count(*)::int from public.notifications where user_id = tests.get_supabase_uid('author') and data ->> 'decision' = 'deleted'), 2, 'the authors are told of each delete');

-- Suspend by content id: the author cannot write, then can again after the end date
select tests.authenticate_as_moderator('mod');
select throws_ok($$ select public.moderate_suspend_author('chisme', current_setting('test.c3'), '3', 'spam') $$, 'P0001', 'suspension_days_invalid', 'moderator: only 1, 7 or 30 days');
select tests.arrange($arrange$ select set_config('test.until', public.moderate_suspend_author('chisme', current_setting('test.c3'), '7', 'spam')::text, true) $arrange$);
select ok(current_setting('test.until')::timestamptz between now() + interval '7 days' - interval '1 minute' and now() + interval '7 days' + interval '1 minute',
  'moderator: suspends the author for 7 days, told only the end date');
select tests.authenticate_as('author');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Intento publicar suspendida', null, 'CR', 'false') $$, 'P0001', 'user_suspended', 'suspended: cannot post');
select throws_ok($$ select public.add_comment(current_setting('test.c1'), null, 'Intento comentar', 'Mujer', '30', 'CR') $$, 'P0001', 'user_suspended', 'suspended: cannot comment');
select throws_ok($$ select public.like_chisme(current_setting('test.c1')) $$, 'P0001', 'user_suspended', 'suspended: cannot like');
select ok(tests.error_detail($$ select public.create_chisme('Mujer', '30', 'Intento publicar suspendida', null, 'CR', 'false') $$)::jsonb ? 'until', 'suspended: the error carries the end date');
select isnt(public.get_my_suspension(), null, 'suspended: can read their own end date');
select is((select count(*)::int from public.get_feed('recent', 'false')) > 0, true, 'suspended: can still read');
select tests.authenticate_as('bystander');
select is(public.get_my_suspension(), null, 'others are not suspended');
select tests.reset_role();
update private.suspensions set suspended_until = now() - interval '1 second';
select tests.authenticate_as('author');
select lives_ok($$ select public.create_chisme('Mujer', '30', 'De vuelta tras la suspensión', null, 'CR', 'false') $$, 'after the end date: can post again');
select tests.reset_role();
select is((select count(*)::int from public.moderation_audit where action = 'suspend' and target_id = current_setting('test.c3')::uuid and not (detail::text ~ tests.get_supabase_uid('author')::text)),
  1, 'the suspension is audited by content id, without the author id');

-- The audit is append-only, even for the database's owner
select throws_ok($$ update public.moderation_audit set action = 'restore' $$, 'P0001', 'moderation_audit_append_only', 'the audit cannot be changed');
select throws_ok($$ delete from public.moderation_audit $$, 'P0001', 'moderation_audit_append_only', 'the audit cannot be deleted');

-- 4. Word list
select tests.authenticate_as_moderator('mod');
select is((public.moderate_add_offensive_word('  Zopenco ')).word, 'zopenco', 'moderator: adds a word, trimmed and lower-cased');
select throws_ok($$ select public.moderate_add_offensive_word('ZOPENCO') $$, 'P0001', 'offensive_word_duplicate', 'moderator: a duplicate is refused');
select is(public.moderate_delete_offensive_word('Zopenco'), true, 'moderator: deletes it');
select is(public.moderate_delete_offensive_word('zopenco'), false, 'moderator: deleting a missing word says so');
select is((select count(*)::int from public.moderation_audit where target_kind = 'word'), 2, 'word changes are audited');
select tests.authenticate_as('bystander');
select is_empty($$ select 1 from public.moderation_audit $$, 'user: cannot read the audit');

select * from finish();
rollback;
