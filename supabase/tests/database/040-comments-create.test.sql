-- Writing comments (spec §5 "Comment", §4): content, gender, age by the chisme's mode, country,
-- the word check unless cotilleo, an existing chisme, a parent in the same chisme at depth < 3;
-- only root comments count; comment and reply notifications, never to oneself.
begin;
select plan(60);

-- Arrange
select tests.create_supabase_users('author', 'other', 'third');
delete from public.offensive_words; -- a known list (the seed's is removed in this transaction)
insert into public.offensive_words (word) values ('tonto');
select tests.authenticate_as('author');
select tests.arrange($arrange$ select set_config('test.casual', (select id::text from tests.create_chisme('Mujer', '30', 'Un chisme casual para comentar', null, 'CR', 'false')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.cotilleo', (select id::text from tests.create_chisme('Mujer', '30', 'Un cotilleo para comentar', null, 'CR', 'true')), true) $arrange$);

-- Act as another user: allowed paths
select tests.authenticate_as('other');
select tests.arrange($arrange$ select set_config('test.root', (select id::text from tests.add_comment(current_setting('test.casual'), null, '  Primer comentario  ', 'Hombre', '20', 'España')), true) $arrange$);
select results_eq(
  $$ select depth, parent_id, content, is_mine, is_chisme_author, commenter_number, report
     from public.get_comments(current_setting('test.casual')) where id = current_setting('test.root')::uuid $$,
  $$ values (1, null::uuid, 'Primer comentario'::text, true, false, 1, 0) $$,
  'other: a root comment has depth 1, trimmed content, is mine, commenter 1'
);
select is((select comments from public.get_chisme(current_setting('test.casual'))), 1, 'other: a root comment adds 1 to the chisme''s comments');
select tests.arrange($arrange$ select set_config('test.reply', (select id::text from tests.add_comment(current_setting('test.casual'), current_setting('test.root'), 'Una respuesta', 'Hombre', '20', 'España')), true) $arrange$);
select is((select depth from public.get_comments(current_setting('test.casual')) where id = current_setting('test.reply')::uuid), 2, 'other: a reply has depth 2');
select is((select comments from public.get_chisme(current_setting('test.casual'))), 1, 'other: a reply does not add to the chisme''s comments');
select tests.arrange($arrange$ select set_config('test.deep', (select id::text from tests.add_comment(current_setting('test.casual'), current_setting('test.reply'), 'Respuesta a la respuesta', 'Hombre', '20', 'España')), true) $arrange$);
select is((select depth from public.get_comments(current_setting('test.casual')) where id = current_setting('test.deep')::uuid), 3, 'other: a reply to a reply has depth 3');
select is((select commenter_number from public.get_comments(current_setting('test.casual')) where id = current_setting('test.deep')::uuid), 1, 'other: keeps their commenter number');
select is((select char_length(content) from tests.add_comment(current_setting('test.casual'), null, repeat('c', 400), 'Mujer', '30', 'ES')), 400, 'other: 400 characters are accepted');
select is((select years from tests.add_comment(current_setting('test.casual'), null, 'Cien años tengo', 'Mujer', '100', 'ES')), 100, 'other: age 100 is accepted');
select is((select years from tests.add_comment(current_setting('test.casual'), null, 'Trece años tengo', 'Mujer', '13', 'ES')), 13, 'other: age 13 is accepted on a casual chisme');
select is((select years from tests.add_comment(current_setting('test.cotilleo'), null, 'Dieciocho años', 'Mujer', '18', 'ES')), 18, 'other: age 18 is accepted on a cotilleo chisme');
select is((select content from tests.add_comment(current_setting('test.cotilleo'), null, 'Qué tonto es', 'Mujer', '30', 'ES')), 'Qué tonto es', 'other: a cotilleo chisme skips the word check');
select is((select gender from tests.add_comment(current_setting('test.casual'), null, 'Sin decir género', 'Prefiero no decirlo', '30', 'ES')), 'Prefiero no decirlo', 'other: "Prefiero no decirlo" is a valid gender');

-- Act as another user: denied paths
select throws_ok($$ select public.add_comment(gen_random_uuid()::text, null, 'Hola', 'Hombre', '20', 'ES') $$, 'P0001', 'chisme_not_found', 'other: the chisme must exist');
select throws_ok($$ select public.add_comment(current_setting('test.casual'), current_setting('test.deep'), 'Demasiado hondo', 'Hombre', '20', 'ES') $$,
  'P0001', 'comment_depth_exceeded', 'other: cannot reply at depth 3');
select throws_ok($$ select public.add_comment(current_setting('test.casual'), gen_random_uuid()::text, 'Padre perdido', 'Hombre', '20', 'ES') $$,
  'P0001', 'comment_parent_not_found', 'other: the parent must exist');
select throws_ok($$ select public.add_comment(current_setting('test.cotilleo'), current_setting('test.root'), 'Padre de otro chisme', 'Hombre', '20', 'ES') $$,
  'P0001', 'comment_parent_not_found', 'other: the parent must belong to the same chisme');
select throws_ok($$ select public.add_comment(current_setting('test.casual'), null, '    ', 'Hombre', '20', 'ES') $$, 'P0001', 'comment_content_required', 'other: blank content is refused');
select throws_ok($$ select public.add_comment(current_setting('test.casual'), null, null, 'Hombre', '20', 'ES') $$, 'P0001', 'comment_content_required', 'other: missing content is refused');
select throws_ok($$ select public.add_comment(current_setting('test.casual'), null, repeat('c', 401), 'Hombre', '20', 'ES') $$, 'P0001', 'comment_content_too_long', 'other: 401 characters are refused');
select throws_ok($$ select public.add_comment(current_setting('test.casual'), null, 'Hola', null, '20', 'ES') $$, 'P0001', 'comment_gender_required', 'other: the gender is required');
select throws_ok($$ select public.add_comment(current_setting('test.casual'), null, 'Hola', 'Otro', '20', 'ES') $$, 'P0001', 'comment_gender_required', 'other: an unknown gender is refused');
select throws_ok($$ select public.add_comment(current_setting('test.casual'), null, 'Hola', 'Hombre', '12', 'ES') $$, 'P0001', 'comment_years_out_of_range', 'other: age 12 is refused');
select throws_ok($$ select public.add_comment(current_setting('test.casual'), null, 'Hola', 'Hombre', '101', 'ES') $$, 'P0001', 'comment_years_out_of_range', 'other: age 101 is refused');
select throws_ok($$ select public.add_comment(current_setting('test.casual'), null, 'Hola', 'Hombre', null, 'ES') $$, 'P0001', 'comment_years_out_of_range', 'other: a missing age is refused');
select throws_ok($$ select public.add_comment(current_setting('test.cotilleo'), null, 'Hola', 'Hombre', '17', 'ES') $$, 'P0001', 'comment_years_out_of_range', 'other: age 17 is refused on a cotilleo chisme');
select is(tests.error_detail($$ select public.add_comment(current_setting('test.cotilleo'), null, 'Hola', 'Hombre', '17', 'ES') $$),
  '{"min": 18, "max": 100}'::jsonb, 'other: the age error says the cotilleo range');
select is(tests.error_detail($$ select public.add_comment(current_setting('test.casual'), null, 'Hola', 'Hombre', '1', 'ES') $$),
  '{"min": 13, "max": 100}'::jsonb, 'other: the age error says the casual range');
select throws_ok($$ select public.add_comment(current_setting('test.casual'), null, 'Hola', 'Hombre', '20', '  ') $$, 'P0001', 'comment_country_required', 'other: a blank country is refused');
select throws_ok($$ select public.add_comment(current_setting('test.casual'), null, 'Hola', 'Hombre', '20', null) $$, 'P0001', 'comment_country_required', 'other: a missing country is refused');
select throws_ok($$ select public.add_comment(current_setting('test.casual'), null, 'Eres TONTO', 'Hombre', '20', 'ES') $$, 'P0001', 'content_offensive', 'other: an offensive word is refused on a casual chisme');
select is(tests.error_detail($$ select public.add_comment(current_setting('test.casual'), null, 'Eres tonto', 'Hombre', '20', 'ES') $$),
  '{"words": ["tonto"]}'::jsonb, 'other: the error lists the matched word');

-- Act as another user: no direct REST path (no table write privilege); the RPC's row gets its identity from the database
select throws_ok($$ insert into public.comments (chisme_id, content, gender, years, country) values (current_setting('test.casual')::uuid, 'Directo por REST', 'Mujer', 30, 'ES') $$,
  '42501', null, 'other: a direct insert, even with only client fields, is refused');
select lives_ok($$ select public.add_comment(current_setting('test.casual'), null, 'Por la función', 'Mujer', '30', 'ES') $$,
  'other: add_comment with client fields works');
select results_eq($$ select depth, commenter_number, is_chisme_author from public.comments where content = 'Por la función' $$,
  $$ values (1, 1, false) $$, 'other: the comment got depth and identity from the database');
select throws_ok($$ insert into public.comments (chisme_id, content, gender, years, country, report) values (current_setting('test.casual')::uuid, 'Forjado', 'Mujer', 30, 'ES', 5) $$,
  '42501', null, 'other: may not set the report counter');
select throws_ok($$ insert into public.comments (chisme_id, content, gender, years, country, is_chisme_author) values (current_setting('test.casual')::uuid, 'Soy el autor', 'Mujer', 30, 'ES', true) $$,
  '42501', null, 'other: may not claim to be the chisme''s author');
select throws_ok($$ insert into public.comments (chisme_id, content, gender, years, country, commenter_number) values (current_setting('test.casual')::uuid, 'Otro número', 'Mujer', 30, 'ES', 7) $$,
  '42501', null, 'other: may not choose a commenter number');
select throws_ok($$ insert into public.comments (chisme_id, content, gender, years, country, depth) values (current_setting('test.casual')::uuid, 'Otra profundidad', 'Mujer', 30, 'ES', 1) $$,
  '42501', null, 'other: may not choose the depth');
select throws_ok($$ update public.comments set content = 'editado' $$, '42501', null, 'other: may not edit comments');
select throws_ok($$ delete from public.comments $$, '42501', null, 'other: may not delete comments');
select throws_ok($$ insert into public.comment_authors (comment_id, user_id) values (current_setting('test.root')::uuid, tests.get_supabase_uid('third')) $$,
  '42501', null, 'other: may not write comment authorship');
select is_empty($$ select 1 from public.notifications $$, 'other: replying to oneself notifies nobody');

-- Act as the author
select tests.authenticate_as('author');
select results_eq(
  $$ select is_chisme_author, commenter_number from tests.add_comment(current_setting('test.casual'), null, 'El autor comenta', 'Mujer', '30', 'CR') $$,
  $$ values (true, 2) $$,
  'author: their comment carries the Autor flag and the next commenter number'
);
select tests.arrange($arrange$ select set_config('test.author_reply', (select id::text from tests.add_comment(current_setting('test.casual'), current_setting('test.root'), 'El autor responde al primero', 'Mujer', '30', 'CR')), true) $arrange$);
select results_eq(
  $$ select count(*)::int, max(senders) from public.notifications where type = 'comment_on_chisme' and data ->> 'chismeId' = current_setting('test.casual') $$,
  $$ values (1, 1) $$,
  'author: the root comments of one other person collapse into one unread notification, none for their own'
);
select is(
  (select message from public.notifications where type = 'comment_on_chisme' and data ->> 'chismeId' = current_setting('test.casual')),
  'Nuevo comentario en tu chisme: "Trece años tengo"',
  'author: one person''s notification keeps the snippet of the last comment within their budget (5 an hour)'
);
select ok(
  (select bool_and(data ?& array['chismeId', 'commentId', 'snippet']) from public.notifications where type = 'comment_on_chisme'),
  'author: comment notification data has chismeId, commentId and snippet'
);
select ok(
  (select bool_and(position(tests.get_supabase_uid('other')::text in n::text) = 0) from public.notifications n),
  'author: no notification carries the commenter''s id'
);
select is_empty($$ select 1 from public.notifications where type = 'reply_to_comment' $$, 'author: no reply notification for their own reply');

-- Act as a third user
select tests.authenticate_as('third');
select is((select commenter_number from tests.add_comment(current_setting('test.casual'), null, 'Soy el tercero', 'Hombre', '40', 'MX')), 3, 'third: gets commenter number 3');
select set_config('test.long', (select id::text from tests.add_comment(current_setting('test.casual'), current_setting('test.author_reply'),
  'Una respuesta muy larga que supera con creces los cincuenta caracteres del fragmento', 'Hombre', '40', 'MX')), true);
select is((select depth from public.get_comments(current_setting('test.casual')) where id = current_setting('test.long')::uuid), 3, 'third: may reply to a depth-2 comment');
select is_empty($$ select 1 from public.comment_authors where comment_id = current_setting('test.root')::uuid $$, 'third: cannot see who wrote a comment');

-- Reply notifications
select tests.authenticate_as('other');
select results_eq(
  $$ select type, message from public.notifications $$,
  $$ values ('reply_to_comment'::text, 'Nueva respuesta a tu comentario: "El autor responde al primero"'::text) $$,
  'other: notified of the author''s reply to their comment'
);
select tests.authenticate_as('author');
select is(
  (select data ->> 'snippet' from public.notifications where type = 'reply_to_comment'),
  'Una respuesta muy larga que supera con creces los ...',
  'author: a long snippet is cut at 50 characters plus an ellipsis'
);
select is(
  (select count(*)::int from public.notifications where type = 'reply_to_comment'),
  1,
  'author: notified of the third user''s reply to their comment'
);
select is((select comments from public.get_chisme(current_setting('test.casual'))), 8, 'author: the chisme counts the 8 root comments only');

-- A token without a user
select tests.reset_role();
select set_config('role', 'authenticated', true);
select set_config('request.jwt.claims', '{"role":"authenticated"}', true);
select throws_ok($$ select public.add_comment(current_setting('test.casual'), null, 'Hola', 'Hombre', '20', 'ES') $$, 'P0001', 'not_authenticated', 'a token without a user cannot comment');

-- Act as anon
select tests.clear_authentication();
select throws_ok($$ select public.add_comment(current_setting('test.casual'), null, 'Hola', 'Hombre', '20', 'ES') $$, '42501', null, 'anon: cannot comment');
select throws_ok($$ select * from public.comments $$, '42501', null, 'anon: cannot read comments');
select throws_ok($$ insert into public.comments (chisme_id, content, gender, years, country) values (current_setting('test.casual')::uuid, 'x', 'Mujer', 30, 'ES') $$, '42501', null, 'anon: cannot insert comments');
select throws_ok($$ select * from public.get_comments(current_setting('test.casual')) $$, '42501', null, 'anon: cannot read threads');

select * from finish();
rollback;
