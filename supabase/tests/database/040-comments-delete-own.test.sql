-- "Eliminar" on one's own comment (docs/decisions/0034-deletion-keeps-others-words.md): only
-- the author may; without replies the comment goes; with replies a "Comentario eliminado"
-- placeholder keeps them in place with nothing of the author left (text, details, author
-- link, reports, the notification that quoted it); the chisme's count stays exact; a
-- placeholder whose last reply goes goes too; a placeholder takes no replies.
begin;
select plan(22);

select tests.lift_rate_limits();
select tests.create_supabase_users('owner', 'writer', 'replier', 'reporter');

select tests.authenticate_as('owner');
select tests.post_chisme('c', 'Mujer', '30', 'Un chisme con comentarios', null, 'ES', 'false');
select tests.authenticate_as('writer');
select tests.post_comment('lone', current_setting('test.c'), null, 'Comentario sin respuestas', 'Hombre', '30', 'ES');
select tests.post_comment('root', current_setting('test.c'), null, 'Comentario con respuestas', 'Hombre', '30', 'ES');
select tests.authenticate_as('replier');
select tests.post_comment('reply', current_setting('test.c'), current_setting('test.root'), 'La respuesta de otra persona', 'Mujer', '50', 'AR');
select tests.authenticate_as('reporter');
select public.report_comment(current_setting('test.root'), 'spam');
select tests.reset_role();

select is((select comments from public.chismes where id::text = current_setting('test.c')), 2, 'before: two root comments count');
select is(
  (select count(*)::int from public.notifications n where n.user_id = tests.get_supabase_uid('owner') and n.data ->> 'commentId' = current_setting('test.root')),
  1, 'before: the chisme''s author was notified of the comment, with its text'
);

-- only the author
select tests.authenticate_as('replier');
select throws_ok($$ select public.delete_my_comment(current_setting('test.root')) $$, 'P0001', 'comment_not_found', 'another person: not theirs to delete');
select throws_ok($$ select public.delete_my_comment(gen_random_uuid()::text) $$, 'P0001', 'comment_not_found', 'an unknown id: comment_not_found');
select throws_ok($$ select public.delete_my_comment('no-es-un-id') $$, 'P0001', 'comment_not_found', 'a malformed id: comment_not_found');
select tests.authenticate_as('owner');
select throws_ok($$ select public.delete_my_comment(current_setting('test.root')) $$, 'P0001', 'comment_not_found', 'the chisme''s author: not theirs either');

-- without replies: gone
select tests.authenticate_as('writer');
select is(public.delete_my_comment(current_setting('test.lone')), true, 'writer: deletes their comment without replies');
select tests.reset_role();
select is((select count(*)::int from public.comments where id::text = current_setting('test.lone')), 0, 'it is gone');

-- with replies: a placeholder with nothing of theirs
select tests.authenticate_as('writer');
select is(public.delete_my_comment(current_setting('test.root')), true, 'writer: deletes their comment with a reply');
select tests.reset_role();
select results_eq(
  $$ select content, gender, years, country, report, deleted_at is not null from public.comments where id::text = current_setting('test.root') $$,
  $$ values (''::text, ''::text, 0, ''::text, 0, true) $$,
  'the row stays as a placeholder: no text, gender, age or country, no reports counted'
);
select is((select count(*)::int from public.comment_authors where comment_id::text = current_setting('test.root')), 0, 'no author link remains');
select is((select count(*)::int from public.reports where comment_id::text = current_setting('test.root')), 0, 'no report of it remains');
select is(
  (select count(*)::int from public.notifications n where n.data ->> 'commentId' = current_setting('test.root')),
  0, 'the notification that quoted it is gone'
);
select is((select comments from public.chismes where id::text = current_setting('test.c')), 0, 'the count: no visible root comment is left');
select is(
  (select comments from public.chismes where id::text = current_setting('test.c')),
  (select count(*)::int from public.comments where chisme_id::text = current_setting('test.c') and parent_id is null and hidden_at is null and deleted_at is null),
  'the count equals the visible root comments there are'
);

-- what readers see
select tests.authenticate_as('owner');
select results_eq(
  $$ select content, is_deleted, is_hidden, gender, commenter_number from public.get_comments(current_setting('test.c')) where id::text = current_setting('test.root') $$,
  $$ values (''::text, true, false, null::text, null::int) $$,
  'readers: a "Comentario eliminado" placeholder, with no author details'
);
select results_eq(
  $$ select content, is_deleted from public.get_comments(current_setting('test.c')) where id::text = current_setting('test.reply') $$,
  $$ values ('La respuesta de otra persona'::text, false) $$,
  'readers: the other person''s reply is kept under it'
);
select throws_ok(
  $$ select public.add_comment(current_setting('test.c'), current_setting('test.root'), 'Respondo al eliminado', 'Mujer', '30', 'ES') $$,
  'P0001', 'comment_parent_not_found', 'a placeholder takes no replies'
);
select throws_ok(
  $$ select public.delete_my_comment(current_setting('test.root')) $$, 'P0001', 'comment_not_found',
  'nobody can delete the placeholder as theirs'
);

-- the last reply goes: the placeholder goes too
select tests.authenticate_as('replier');
select is(public.delete_my_comment(current_setting('test.reply')), true, 'replier: deletes their reply');
select tests.reset_role();
select is(
  (select count(*)::int from public.comments where chisme_id::text = current_setting('test.c')), 0,
  'the placeholder left without replies is gone too'
);
select is((select comments from public.chismes where id::text = current_setting('test.c')), 0, 'the count stays exact');

select * from finish();
rollback;
