-- A moderator's deletion is a removal (docs/decisions/0036-statements-and-complaints.md,
-- "Removal"; supabase/schemas/76-removals.sql): out of every read path for everyone but
-- moderators, its author included, yet kept; a complaint's reversal restores it exactly
-- (visible, counts, thread, likes, reports dismissed, off the misuse count); an upheld
-- complaint, the window's end or the author's account deletion purges it, keeping others'
-- words under a placeholder.
begin;
select plan(64);

select tests.lift_rate_limits();
select tests.create_supabase_users('author', 'other', 'liker', 'r1', 'r2', 'mod', 'leaver');

-- A chisme of the author with likes, others' comments, the author's own comment and a reply
-- under it; a comment of the author (with a reply of someone else) on another's chisme.
select tests.authenticate_as('author');
select tests.post_chisme('c', 'Mujer', '30', 'Un chisme que un moderador va a retirar', null, 'ES', 'false');
select tests.post_comment('ka', current_setting('test.c'), null, 'El comentario de la autora en su hilo', 'Mujer', '30', 'ES');
select tests.authenticate_as('other');
select tests.post_comment('ko', current_setting('test.c'), null, 'Un comentario de otra persona', 'Hombre', '40', 'ES');
select tests.post_comment('kr', current_setting('test.c'), current_setting('test.ka'), 'Una respuesta a la autora', 'Hombre', '40', 'ES');
select tests.post_chisme('x', 'Hombre', '40', 'Un chisme de otra persona con comentarios', null, 'ES', 'false');
select tests.arrange($arrange$ select public.like_chisme(current_setting('test.c')) $arrange$);
select tests.authenticate_as('liker');
select tests.arrange($arrange$ select public.like_chisme(current_setting('test.c')) $arrange$);
select tests.authenticate_as('author');
select tests.post_comment('m', current_setting('test.x'), null, 'Un comentario de la autora que van a retirar', 'Mujer', '30', 'ES');
select tests.authenticate_as('other');
select tests.post_comment('mr', current_setting('test.x'), current_setting('test.m'), 'Una respuesta a ese comentario', 'Hombre', '40', 'ES');
select tests.authenticate_as('r1');
select tests.arrange($arrange$ select public.report_chisme(current_setting('test.c'), 'odio') $arrange$);
select tests.arrange($arrange$ select public.report_comment(current_setting('test.m'), 'spam') $arrange$);
select tests.authenticate_as('r2');
select tests.arrange($arrange$ select public.report_chisme(current_setting('test.c'), 'odio') $arrange$);
select tests.reset_role();
select results_eq($$ select likes, comments, report from public.chismes where id = current_setting('test.c')::uuid $$,
  $$ values (2, 2, 2) $$, 'before: the chisme has 2 likes, 2 root comments, 2 reports');
select is((select comments from public.chismes where id = current_setting('test.x')::uuid), 1, 'before: the other chisme counts the author''s comment');

-- 1. The removal
select tests.authenticate_as_moderator('mod');
select lives_ok($$ select public.moderate_delete('chisme', current_setting('test.c'), 'odio') $$, 'moderator: removes the chisme');
select lives_ok($$ select public.moderate_delete('comment', current_setting('test.m'), 'spam') $$, 'moderator: removes the comment');
select throws_ok($$ select public.moderate_delete('chisme', current_setting('test.c'), 'odio') $$, 'P0001', 'moderation_target_not_found', 'a removed chisme cannot be removed twice');
select throws_ok($$ select public.moderate_restore('chisme', current_setting('test.c')) $$, 'P0001', 'moderation_target_removed', 'a removal is not undone by restoring a hiding');
select throws_ok($$ select public.moderate_restore('comment', current_setting('test.m')) $$, 'P0001', 'moderation_target_removed', 'nor a removed comment''s');
select is((select content from public.get_chisme(current_setting('test.c'))), 'Un chisme que un moderador va a retirar', 'moderator: still reads the removed chisme');
select tests.reset_role();
select set_config('test.sc', (select id::text from public.moderation_statements where chisme_id = current_setting('test.c')::uuid and decision = 'deleted'), true);
select set_config('test.sm', (select id::text from public.moderation_statements where comment_id = current_setting('test.m')::uuid and decision = 'deleted'), true);
select results_eq($$ select content, likes, comments from public.chismes where id = current_setting('test.c')::uuid $$,
  $$ values ('Un chisme que un moderador va a retirar', 2, 2) $$, 'the chisme is kept with its text, likes and comment count');
select is((select count(*)::int from public.comments where chisme_id = current_setting('test.c')::uuid), 3, 'its thread is kept whole');
select is((select count(*)::int from public.reports where chisme_id = current_setting('test.c')::uuid and decision = 'removed'), 2, 'its reports are closed as removed');
select is((select count(*)::int from public.notifications where user_id in (tests.get_supabase_uid('r1'), tests.get_supabase_uid('r2')) and data ->> 'decision' = 'report_removed'), 3,
  'each reporter is told the content was removed');
select is((select comments from public.chismes where id = current_setting('test.x')::uuid), 0, 'a removed root comment leaves its chisme''s count, as a hidden one');
select is((select count(*)::int from private.head_chismes() where chisme_id = current_setting('test.c')::uuid), 0, 'the removed chisme leaves the head topics');
select ok(not exists (select 1 from private.trending_chismes t where t.id = current_setting('test.c')::uuid and t.hidden_at is null), 'and trending');

-- Out of every read path, for its author as for anyone else
select tests.authenticate_as('author');
select is((select count(*)::int from public.get_feed('recent', 'false', p_limit => '100') f where f.id = current_setting('test.c')::uuid), 0, 'author: not in the feed');
select is((select id from public.get_chisme(current_setting('test.c'))), null, 'author: get_chisme finds nothing (so no image URL is signed)');
select is((select count(*)::int from public.chismes where id = current_setting('test.c')::uuid), 0, 'author: not in a direct table read');
select is((select count(*)::int from public.get_comments(current_setting('test.c'))), 0, 'author: its thread does not open');
select is((select count(*)::int from public.get_my_chismes(false) f where f.id = current_setting('test.c')::uuid), 0, 'author: not in their profile');
select is((select count(*)::int from public.get_my_hidden_chismes() h where h.chisme_id = current_setting('test.c')::uuid), 0, 'author: not among their hidden chismes');
select is((select count(*)::int from public.get_chisme_counts(jsonb_build_array(current_setting('test.c')))), 0, 'author: no counts for it');
select is((select count(*)::int from public.chisme_authors where chisme_id = current_setting('test.c')::uuid), 0, 'author: no authorship row to read');
select throws_ok($$ select public.like_chisme(current_setting('test.c')) $$, 'P0001', 'chisme_not_found', 'author: cannot like it');
select throws_ok($$ select public.delete_my_chisme(current_setting('test.c')) $$, 'P0001', 'chisme_not_found', 'author: cannot act on it as theirs');
select is((select count(*)::int from public.get_comments(current_setting('test.x')) g where g.id = current_setting('test.m')::uuid), 0, 'author: their removed comment is not in its thread');
select is((select count(*)::int from public.comments where id = current_setting('test.m')::uuid), 0, 'author: nor in a direct table read');
select is((select snippet from public.get_my_statements() where id::text = current_setting('test.sc')), 'Un chisme que un moderador va a retirar',
  'author: reads what was removed in the statement');
select is(jsonb_array_length(public.get_my_data() -> 'removed_content'), 2, 'author: the export lists the two removed items, still theirs');
select is((select count(*)::int from jsonb_array_elements(public.get_my_data() -> 'moderation_decisions') d where d ->> 'action' = 'delete'), 2,
  'author: and the decisions on them');
select tests.authenticate_as('other');
select is((select count(*)::int from public.get_feed('recent', 'false', p_limit => '100') f where f.id = current_setting('test.c')::uuid), 0, 'another: not in the feed');
select is((select id from public.get_chisme(current_setting('test.c'))), null, 'another: get_chisme finds nothing');
select is((select count(*)::int from public.chismes where id = current_setting('test.c')::uuid), 0, 'another: not in a direct table read');
select is((select count(*)::int from public.get_comments(current_setting('test.c'))), 0, 'another: the thread does not open');
select is((select count(*)::int from public.get_comments(current_setting('test.x')) g where g.id in (current_setting('test.m')::uuid, current_setting('test.mr')::uuid)), 0,
  'another: the removed comment is gone from its thread, its reply with it');

-- 2. A reversal restores exactly
select tests.authenticate_as('author');
select lives_ok($$ select set_config('test.cc', public.file_complaint('statement', current_setting('test.sc'), 'No odio a nadie, es una crítica')::text, true) $$, 'author: complains about the chisme''s removal');
select lives_ok($$ select set_config('test.cm', public.file_complaint('statement', current_setting('test.sm'), 'No es spam')::text, true) $$, 'author: and the comment''s');
select tests.authenticate_as_moderator('mod');
select is((select content from public.get_complaints() where id::text = current_setting('test.cc')), 'Un chisme que un moderador va a retirar', 'moderator: the complaint shows the removed content');
select lives_ok($$ select public.decide_complaint(current_setting('test.cc'), 'reversed', 'Es una crítica: lo restauramos.') $$, 'moderator: reverses the chisme''s removal');
select lives_ok($$ select public.decide_complaint(current_setting('test.cm'), 'reversed', 'No es spam.') $$, 'moderator: reverses the comment''s removal');
select tests.reset_role();
select results_eq($$ select hidden_at is null, likes, comments, report from public.chismes where id = current_setting('test.c')::uuid $$,
  $$ values (true, 2, 2, 0) $$, 'the chisme is visible with its likes and comments, its reports erased from the counter');
select is((select comments from public.chismes where id = current_setting('test.x')::uuid), 1, 'the restored root comment counts again');
select ok((select bool_and(decision = 'dismissed') from public.reports where chisme_id = current_setting('test.c')::uuid or comment_id = current_setting('test.m')::uuid),
  'its reports are dismissed');
select is((select count(*)::int from public.notifications where user_id in (tests.get_supabase_uid('r1'), tests.get_supabase_uid('r2')) and data ->> 'decision' = 'report_dismissed'), 3,
  'each reporter is told');
select is((select count(*)::int from private.removed_content), 0, 'nothing is left in the removal archive');
select is((select count(*)::int from public.moderation_statements s where s.user_id = tests.get_supabase_uid('author') and s.decision = 'deleted' and s.reversed_at is null), 0,
  'the removals leave the misuse count');
select is((select count(*)::int from private.head_chismes() where chisme_id = current_setting('test.c')::uuid and tab = 'recent'), 1, 'the chisme is back in the head topics');
select tests.authenticate_as('other');
select is((select content from public.get_chisme(current_setting('test.c'))), 'Un chisme que un moderador va a retirar', 'another: reads it again');
select is((select count(*)::int from public.get_comments(current_setting('test.c'))), 3, 'another: its whole thread is back');
select is((select count(*)::int from public.get_comments(current_setting('test.x')) g where g.id in (current_setting('test.m')::uuid, current_setting('test.mr')::uuid)), 2,
  'another: the restored comment is back with its reply');
select tests.authenticate_as('author');
select results_eq($$ select is_mine, likes from public.get_chisme(current_setting('test.c')) $$, $$ values (true, 2) $$, 'author: it is theirs again');

-- 3. An upheld complaint purges for good; others' words stay under the placeholder
select tests.post_chisme('p', 'Mujer', '30', 'Otro chisme que se va a retirar del todo', null, 'ES', 'false');
select tests.post_comment('pa', current_setting('test.p'), null, 'La autora comenta su propio chisme', 'Mujer', '30', 'ES');
select tests.authenticate_as('other');
select tests.post_comment('po', current_setting('test.p'), null, 'Otra persona comenta ese chisme', 'Hombre', '40', 'ES');
select tests.authenticate_as_moderator('mod');
select tests.arrange($arrange$ select public.moderate_delete('chisme', current_setting('test.p'), 'acoso') $arrange$);
select tests.reset_role();
select set_config('test.sp', (select id::text from public.moderation_statements where chisme_id = current_setting('test.p')::uuid), true);
select tests.authenticate_as('author');
select tests.arrange($arrange$ select set_config('test.cp', public.file_complaint('statement', current_setting('test.sp'), 'Quiero que vuelva')::text, true) $arrange$);
select tests.authenticate_as_moderator('mod');
select lives_ok($$ select public.decide_complaint(current_setting('test.cp'), 'upheld', 'Es acoso: se mantiene.') $$, 'moderator: upholds the removal');
select tests.reset_role();
select results_eq($$ select deleted_at is not null, hidden_at is null, content from public.chismes where id = current_setting('test.p')::uuid $$,
  $$ values (true, true, '') $$, 'upheld: purged to an empty "Chisme eliminado" placeholder');
select is((select array_agg(id::text) from public.comments where chisme_id = current_setting('test.p')::uuid), array[current_setting('test.po')],
  'the author''s own comment went, the other person''s stays');
select tests.authenticate_as('other');
select is((select count(*)::int from public.get_comments(current_setting('test.p'))), 1, 'another: reads their comment under the placeholder');

-- 4. The window's end purges (the daily job), once no complaint is pending
select tests.authenticate_as('author');
select tests.post_chisme('w', 'Mujer', '30', 'Un chisme sin comentarios que se retira', null, 'ES', 'false');
select tests.post_comment('q', current_setting('test.x'), null, 'Otro comentario que se retira', 'Mujer', '30', 'ES');
select tests.post_chisme('v', 'Mujer', '30', 'Un chisme cuya reclamación sigue abierta', null, 'ES', 'false');
select tests.authenticate_as_moderator('mod');
select tests.arrange($arrange$ select public.moderate_delete('chisme', current_setting('test.w'), 'spam') $arrange$);
select tests.arrange($arrange$ select public.moderate_delete('comment', current_setting('test.q'), 'spam') $arrange$);
select tests.arrange($arrange$ select public.moderate_delete('chisme', current_setting('test.v'), 'spam') $arrange$);
select tests.authenticate_as('author');
select tests.arrange(format($arrange$ select public.file_complaint('statement', %L, 'Todavía no lo han mirado') $arrange$,
  (select id from public.get_my_statements() where chisme_id = current_setting('test.v')::uuid)));
select tests.reset_role();
select is(private.delete_expired_removed_content(), 0, 'within the window nothing is purged');
update public.moderation_statements set complaint_until = now() - interval '1 second'
where chisme_id in (current_setting('test.w')::uuid, current_setting('test.v')::uuid) or comment_id = current_setting('test.q')::uuid;
select is(private.delete_expired_removed_content(), 2, 'after the window the job purges what has no pending complaint');
select is((select count(*)::int from public.chismes where id = current_setting('test.w')::uuid), 0, 'the chisme without comments is gone');
select is((select count(*)::int from public.comments where id = current_setting('test.q')::uuid), 0, 'the comment without replies is gone');
select is((select count(*)::int from private.removed_content where chisme_id = current_setting('test.v')::uuid), 1, 'a removal with a pending complaint waits for its decision');

-- 5. The author's account deletion purges their removed content at once (a trigger on auth.users)
select tests.authenticate_as('leaver');
select tests.post_chisme('z', 'Mujer', '30', 'El chisme de quien se va a ir', null, 'ES', 'false');
select tests.authenticate_as_moderator('mod');
select tests.arrange($arrange$ select public.moderate_delete('chisme', current_setting('test.z'), 'spam') $arrange$);
select tests.reset_role();
select lives_ok($$ select public.delete_account(tests.get_supabase_uid('leaver')) $$, 'the author deletes their account during the window');
select is((select count(*)::int from public.chismes where id = current_setting('test.z')::uuid), 0, 'their removed chisme is gone with it');
-- and by any path: Auth's admin API deletes the auth.users row directly
select tests.create_supabase_users('gone');
select tests.authenticate_as('gone');
select tests.post_chisme('y', 'Mujer', '30', 'El chisme de quien borra Auth directamente', null, 'ES', 'false');
select tests.post_comment('yo', current_setting('test.y'), null, 'Su propio comentario en su chisme', 'Mujer', '30', 'ES');
select tests.authenticate_as('other');
select tests.post_comment('yk', current_setting('test.y'), null, 'Otra persona comenta ese chisme', 'Hombre', '40', 'ES');
select tests.authenticate_as_moderator('mod');
select tests.arrange($arrange$ select public.moderate_delete('chisme', current_setting('test.y'), 'spam') $arrange$);
select tests.reset_role();
delete from auth.users where id = tests.get_supabase_uid('gone');
select results_eq(
  $$ select c.deleted_at is not null, c.hidden_at is null, c.content, array(select m.id::text from public.comments m where m.chisme_id = c.id)
     from public.chismes c where c.id = current_setting('test.y')::uuid $$,
  $$ values (true, true, '', array[current_setting('test.yk')]) $$,
  'an account deleted by Auth directly purges its removed chisme too: a placeholder above the other person''s comment');
select is((select count(*)::int from private.removed_content), 1, 'only the removal with a pending complaint is left in the archive');

select * from finish();
rollback;
