-- Deleting an account keeps other people's words (docs/decisions/0034-deletion-keeps-others-words.md):
-- a reply someone else wrote under the deleted person's comment survives, under a
-- "Comentario eliminado" placeholder that keeps nothing of the deleted person; their own
-- comments without others' replies go (a reply of theirs under their own comment too); the
-- chisme's count stays exact.
begin;
select plan(11);

select tests.lift_rate_limits();
select tests.create_supabase_users('leaver', 'stayer', 'neighbour');

select tests.authenticate_as('stayer');
select tests.post_chisme('o', 'Hombre', '40', 'El chisme de quien se queda', null, 'ES', 'false');
select tests.authenticate_as('leaver');
select tests.post_comment('answered', current_setting('test.o'), null, 'Comentario con respuesta ajena', 'Mujer', '30', 'ES');
select tests.post_comment('alone', current_setting('test.o'), null, 'Comentario sin respuestas', 'Mujer', '30', 'ES');
select tests.post_comment('selfroot', current_setting('test.o'), null, 'Comentario que me respondo', 'Mujer', '30', 'ES');
select tests.post_comment('selfreply', current_setting('test.o'), current_setting('test.selfroot'), 'Me respondo a mí misma', 'Mujer', '30', 'ES');
select tests.authenticate_as('neighbour');
select tests.post_comment('kept', current_setting('test.o'), current_setting('test.answered'), 'La vecina responde y se queda', 'Hombre', '60', 'MX');
select tests.post_comment('kept2', current_setting('test.o'), current_setting('test.kept'), 'Y la vecina sigue', 'Hombre', '60', 'MX');
select tests.reset_role();

select is((select comments from public.chismes where id::text = current_setting('test.o')), 3, 'before: three root comments of the leaver count');

select tests.authenticate_as_service_role();
select lives_ok($$ select public.delete_account(tests.get_supabase_uid('leaver')) $$, 'service role: deletes the leaver');
select tests.reset_role();

select is(
  (select array_agg(content order by depth) from public.comments where chisme_id::text = current_setting('test.o') and deleted_at is null),
  array['La vecina responde y se queda', 'Y la vecina sigue'],
  'the neighbour''s reply and the reply under it survive'
);
select results_eq(
  $$ select content, gender, years, country, deleted_at is not null from public.comments where id::text = current_setting('test.answered') $$,
  $$ values (''::text, ''::text, 0, ''::text, true) $$,
  'the leaver''s answered comment stays only as an empty placeholder'
);
select is(
  (select count(*)::int from public.comments where content like '%Comentario sin respuestas%' or content like '%me respondo%' or content like '%Me respondo%'),
  0, 'their comments without others'' replies are gone, a reply of theirs under their own comment too'
);
select is(
  (select count(*)::int from public.comments where id::text in (current_setting('test.alone'), current_setting('test.selfroot'), current_setting('test.selfreply'))),
  0, 'no placeholder is kept where no one else''s reply hangs'
);
select is((select comments from public.chismes where id::text = current_setting('test.o')), 0, 'the count: no visible root comment is left');
select is(
  (select comments from public.chismes where id::text = current_setting('test.o')),
  (select count(*)::int from public.comments where chisme_id::text = current_setting('test.o') and parent_id is null and hidden_at is null and deleted_at is null),
  'the count equals the visible root comments there are'
);

select tests.authenticate_as('stayer');
select results_eq(
  $$ select content, is_deleted, parent_id is null from public.get_comments(current_setting('test.o')) order by depth $$,
  $$ values (''::text, true, true), ('La vecina responde y se queda', false, false), ('Y la vecina sigue', false, false) $$,
  'the thread shows a "Comentario eliminado" placeholder with the neighbour''s replies under it'
);
select is(
  (select count(*)::int from public.notifications n where n.data ->> 'commentId' in (current_setting('test.answered'), current_setting('test.alone'))),
  0, 'no notification quoting the leaver''s comments remains with anyone'
);

-- the neighbour deletes their replies: the placeholder goes with the last one
select tests.authenticate_as('neighbour');
select public.delete_my_comment(current_setting('test.kept2'));
select public.delete_my_comment(current_setting('test.kept'));
select tests.reset_role();
select is((select count(*)::int from public.comments where chisme_id::text = current_setting('test.o')), 0, 'nothing remains once the last reply under the placeholder goes');

select * from finish();
rollback;
