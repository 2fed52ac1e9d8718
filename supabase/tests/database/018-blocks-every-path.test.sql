-- A block holds by every path (docs/decisions/0033-blocks-hold-every-path.md): after blocking
-- an author, the blocker can neither read nor write in that author's thread by any RPC or
-- table path: no chisme, no other person's comment, no new comment or reply, no like, no
-- reply to the author's comments elsewhere. What they keep there is their own: their earlier
-- comments, which only they see and which they may delete, and their earlier like, which they
-- may take back. Unblocking brings the thread back.
begin;
select plan(27);

select tests.lift_rate_limits();
select tests.create_supabase_users('blocker', 'author', 'bystander');

-- The author's chisme, where the blocker and a bystander commented and the blocker liked;
-- the bystander's chisme, where the author commented
select tests.authenticate_as('author');
select tests.post_chisme('a', 'Hombre', '30', 'Chisme de quien será bloqueado', null, 'ES', 'false');
select tests.authenticate_as('bystander');
select tests.post_chisme('b', 'Mujer', '40', 'Chisme de una vecina', null, 'ES', 'false');
select tests.post_comment('by', current_setting('test.a'), null, 'Comentario de la vecina', 'Mujer', '40', 'ES');
select tests.authenticate_as('author');
select tests.post_comment('ac', current_setting('test.b'), null, 'Comentario del bloqueado', 'Hombre', '30', 'ES');
select tests.authenticate_as('blocker');
select tests.post_comment('own', current_setting('test.a'), null, 'Mi comentario de antes', 'Mujer', '25', 'ES');
select tests.post_comment('own2', current_setting('test.a'), current_setting('test.by'), 'Mi respuesta de antes', 'Mujer', '25', 'ES');
select public.like_chisme(current_setting('test.a'));

select public.block_chisme_author(current_setting('test.a'));

-- ── reading, by every RPC ──
select ok((public.get_chisme(current_setting('test.a'))).id is null, 'get_chisme: the blocked author''s chisme answers the null row');
select set_eq(
  $$ select content, is_mine, is_hidden, is_deleted from public.get_comments(current_setting('test.a')) $$,
  $$ values ('Mi comentario de antes'::text, true, false, false), ('Mi respuesta de antes', true, false, false) $$,
  'get_comments: in the blocked author''s thread only the blocker''s own earlier comments'
);
select is(
  (select count(*)::int from public.get_comments(current_setting('test.a')) where content = 'Comentario de la vecina'), 0,
  'get_comments: no other person''s comment of that thread (not even the one the blocker answered)'
);
select is(
  (select count(*)::int from public.get_feed('recent', 'false') where id::text = current_setting('test.a')), 0,
  'get_feed: the chisme is not in the feed'
);
select is(
  (select count(*)::int from public.get_comments(current_setting('test.b')) where content = 'Comentario del bloqueado'), 0,
  'get_comments: the author''s comment elsewhere is left out'
);

-- ── reading, by the table paths ──
select is((select count(*)::int from public.chismes where id::text = current_setting('test.a')), 0, 'select on chismes: the chisme is not there');
select is(
  (select array_agg(content order by depth) from public.comments where chisme_id::text = current_setting('test.a')),
  array['Mi comentario de antes', 'Mi respuesta de antes'],
  'select on comments: only the blocker''s own earlier comments of that thread'
);
select is(
  (select count(*)::int from public.comments where id::text = current_setting('test.ac')), 0,
  'select on comments: the author''s comment elsewhere is not there'
);

-- ── writing, by every RPC ──
select throws_ok(
  $$ select public.add_comment(current_setting('test.a'), null, 'Comento igualmente', 'Mujer', '25', 'ES') $$,
  'P0001', 'chisme_author_blocked', 'add_comment: no new comment in the blocked author''s thread'
);
select throws_ok(
  $$ select public.add_comment(current_setting('test.a'), current_setting('test.own'), 'Me respondo', 'Mujer', '25', 'ES') $$,
  'P0001', 'chisme_author_blocked', 'add_comment: no reply there, not even to their own comment'
);
select throws_ok(
  $$ select public.add_comment(current_setting('test.a'), current_setting('test.by'), 'Respondo a la vecina', 'Mujer', '25', 'ES') $$,
  'P0001', 'chisme_author_blocked', 'add_comment: no reply to another person''s comment there'
);
select throws_ok(
  $$ select public.add_comment(current_setting('test.b'), current_setting('test.ac'), 'Respondo al bloqueado', 'Mujer', '25', 'ES') $$,
  'P0001', 'comment_parent_not_found', 'add_comment: no reply to the blocked author''s comment in another thread (its placeholder)'
);
select lives_ok(
  $$ select public.add_comment(current_setting('test.b'), null, 'Comento en otro hilo', 'Mujer', '25', 'ES') $$,
  'add_comment: another person''s thread takes the blocker''s comments as before'
);
select lives_ok($$ select public.unlike_chisme(current_setting('test.a')) $$, 'unlike_chisme: the blocker may take back their own earlier like');
select throws_ok(
  $$ select public.like_chisme(current_setting('test.a')) $$,
  'P0001', 'chisme_author_blocked', 'like_chisme: no like on the blocked author''s chisme'
);

-- ── writing, by the table paths ──
select throws_ok(
  $$ insert into public.comments (chisme_id, content, gender, years, country) values (current_setting('test.a')::uuid, 'Por la tabla', 'Mujer', 25, 'ES') $$,
  '42501', null, 'insert on comments: refused (no client write privilege; the pipeline refuses any writer)'
);
select throws_ok(
  $$ insert into public.likes (chisme_id) values (current_setting('test.a')::uuid) $$,
  '42501', null, 'insert on likes: refused'
);
select throws_ok(
  $$ update public.comments set content = 'Cambiado' where id::text = current_setting('test.own') $$,
  '42501', null, 'update on comments: refused'
);
-- any writer: the pipeline step itself, run as the blocker through the service role's
-- privileges (the role a definer RPC or a platform service writes with)
select tests.reset_role();
select set_config('request.jwt.claims', json_build_object('sub', tests.get_supabase_uid('blocker'), 'role', 'authenticated')::text, true);
select throws_ok(
  $$ insert into public.comments (chisme_id, content, gender, years, country) values (current_setting('test.a')::uuid, 'Como propietario', 'Mujer', 25, 'ES') $$,
  'P0001', 'chisme_author_blocked', 'the comments pipeline refuses the blocker whoever writes the row'
);
select throws_ok(
  $$ insert into public.likes (chisme_id, user_id) values (current_setting('test.a')::uuid, tests.get_supabase_uid('blocker')) $$,
  'P0001', 'chisme_author_blocked', 'the likes pipeline refuses the blocker whoever writes the row'
);
select tests.authenticate_as('blocker');

-- ── their own earlier comments: see and delete, nothing else ──
select throws_ok(
  $$ select public.delete_my_comment(current_setting('test.by')) $$,
  'P0001', 'comment_not_found', 'delete_my_comment: another person''s comment there is not the blocker''s to delete'
);
select is(public.delete_my_comment(current_setting('test.own2')), true, 'delete_my_comment: the blocker deletes their own earlier reply there');
select is(
  (select array_agg(content) from public.get_comments(current_setting('test.a'))), array['Mi comentario de antes'],
  'get_comments: what remains of theirs there'
);

-- ── the blocked author and the bystander notice nothing ──
select tests.authenticate_as('author');
select is(
  (select count(*)::int from public.get_comments(current_setting('test.a')) where content = 'Mi comentario de antes'), 1,
  'author: still sees the blocker''s earlier comment in their thread'
);

-- ── unblocking brings the thread back ──
select tests.authenticate_as('blocker');
select is(public.unblock_all(), 1, 'blocker: unblocks');
select is((public.get_chisme(current_setting('test.a'))).content, 'Chisme de quien será bloqueado', 'get_chisme: the chisme is back');
select lives_ok(
  $$ select public.add_comment(current_setting('test.a'), null, 'Ya puedo comentar', 'Mujer', '25', 'ES') $$,
  'add_comment: the thread takes comments again'
);

select * from finish();
rollback;
