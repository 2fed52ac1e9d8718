-- Blocking an anonymous author ("No ver más a esta persona"): the blocker stops seeing the
-- author's chismes and comments in every feed, in threads (a comment with replies they see
-- stays as a placeholder) and by deep link, and is not notified of their comments, replies or
-- likes; the blocked person notices nothing; no RPC takes or returns a user id.
begin;
select plan(33);

select tests.lift_rate_limits();
select tests.create_supabase_users('blocker', 'harasser', 'bystander');

-- The harasser posts two chismes (one to block from, one elsewhere); the bystander one
select tests.authenticate_as('harasser');
select tests.post_chisme('h1', 'Hombre', '30', 'Primer chisme del acosador', '["#bloqueo230"]', 'ES', 'false');
select tests.post_chisme('h2', 'Hombre', '30', 'Segundo chisme del acosador', '["#bloqueo230"]', 'ES', 'false');
select tests.authenticate_as('bystander');
select tests.post_chisme('b1', 'Mujer', '40', 'Chisme de una vecina tranquila', '["#bloqueo230"]', 'ES', 'false');
-- The blocker's own chisme, where the harasser comments; the bystander replies to that comment
select tests.authenticate_as('blocker');
select tests.post_chisme('mine', 'Mujer', '25', 'Mi chisme propio de prueba', '["#bloqueo230"]', 'ES', 'false');
select tests.authenticate_as('harasser');
select tests.post_comment('hc', current_setting('test.mine'), null, 'Comentario molesto uno', 'Hombre', '30', 'ES');
select tests.post_comment('hc2', current_setting('test.mine'), null, 'Comentario molesto dos', 'Hombre', '30', 'ES');
select tests.authenticate_as('bystander');
select tests.post_comment('bc', current_setting('test.mine'), current_setting('test.hc'), 'Respuesta de la vecina', 'Mujer', '40', 'ES');

-- ── the blocker, before blocking ──
select tests.authenticate_as('blocker');
select is(
  (select count(*)::int from public.get_feed('recent', 'false', p_tags => '["#bloqueo230"]')),
  4, 'blocker: before blocking, the feed shows all four chismes of the tag'
);
select is(public.get_block_count(), 0, 'blocker: no blocks yet');

-- ── blocking, from a comment ──
select lives_ok($$ select public.block_comment_author(current_setting('test.hc')) $$, 'blocker: blocks the author of a comment by the comment id');
select is(
  (select pg_typeof(public.block_comment_author(current_setting('test.hc')))::text), 'void',
  'blocker: blocking again answers the same (nothing), and returns no value at all'
);
select is(public.get_block_count(), 1, 'blocker: "1 personas bloqueadas" (one person, however many blocks of their content)');
select lives_ok($$ select public.block_chisme_author(current_setting('test.h1')) $$, 'blocker: blocking the same person from their chisme is accepted');
select is(public.get_block_count(), 1, 'blocker: still one person');

-- feeds: every tab
select is(
  (select array_agg(content order by content) from public.get_feed('recent', 'false', p_tags => '["#bloqueo230"]')),
  array['Chisme de una vecina tranquila', 'Mi chisme propio de prueba'],
  'blocker: recent leaves out both of the harasser''s chismes (also the one never blocked from)'
);
select is(
  (select count(*)::int from public.get_feed('top', 'false', p_tags => '["#bloqueo230"]')), 2, 'blocker: top leaves them out'
);
select is(
  (select count(*)::int from public.get_feed('old', 'false', p_tags => '["#bloqueo230"]')), 2, 'blocker: old leaves them out'
);
select is(
  (select count(*)::int from public.get_feed('trending', 'false', p_tags => '["#bloqueo230"]')), 2, 'blocker: trending leaves them out'
);
-- deep link
select ok((public.get_chisme(current_setting('test.h2'))).id is null, 'blocker: a deep link to the harasser''s chisme answers the null row, as an unknown chisme');
select ok((public.get_chisme(gen_random_uuid()::text)).id is null, 'blocker: (the same as an unknown id)');
select is((select count(*)::int from public.get_comments(current_setting('test.h2'))), 0, 'blocker: the harasser''s thread answers no comments');
-- thread
select is(
  (select count(*)::int from public.get_comments(current_setting('test.mine')) where id::text = current_setting('test.hc2')),
  0, 'blocker: a blocked comment without replies is left out'
);
select results_eq(
  $$ select is_hidden, content, gender, country, years, commenter_number from public.get_comments(current_setting('test.mine')) where id::text = current_setting('test.hc') $$,
  $$ values (true, '', null::text, null::text, null::int, null::int) $$,
  'blocker: a blocked comment with a visible reply is a placeholder: is_hidden, no text, no author details'
);
select results_eq(
  $$ select content, is_hidden from public.get_comments(current_setting('test.mine')) where id::text = current_setting('test.bc') $$,
  $$ values ('Respuesta de la vecina', false) $$,
  'blocker: the reply under it is still shown'
);
select is(
  (select count(*)::int from public.get_comments(current_setting('test.mine'), p_limit => '1')),
  2, 'blocker: a page of one root holds the placeholder root and its reply (the left-out root takes no place)'
);

-- ── notifications ──
select tests.reset_role();
-- what came before the block is read, so a new event makes a new unread row (no collapse)
update public.notifications set is_read = true where user_id = tests.get_supabase_uid('blocker');
select tests.authenticate_as('harasser');
select lives_ok($$ select public.add_comment(current_setting('test.mine'), null, 'Sigo aquí comentando', 'Hombre', '30', 'ES') $$, 'harasser: can still comment on the blocker''s chisme (nothing tells them)');
select lives_ok($$ select public.like_chisme(current_setting('test.mine')) $$, 'harasser: can still like it');
select tests.reset_role();
select is(
  (select count(*)::int from public.notifications where user_id = tests.get_supabase_uid('blocker') and not is_read),
  0, 'blocker: no notification from the harasser''s comment or like'
);
select tests.authenticate_as('bystander');
select public.add_comment(current_setting('test.mine'), null, 'La vecina comenta también', 'Mujer', '40', 'ES');
select tests.reset_role();
select is(
  (select count(*)::int from public.notifications where user_id = tests.get_supabase_uid('blocker') and not is_read),
  1, 'blocker: still notified by everyone else'
);

-- ── the harasser notices nothing ──
select tests.authenticate_as('harasser');
select is(
  (select count(*)::int from public.get_feed('recent', 'false', p_tags => '["#bloqueo230"]')),
  4, 'harasser: sees every chisme, the blocker''s too'
);
select is(
  (select count(*)::int from public.get_comments(current_setting('test.mine')) where is_hidden), 0,
  'harasser: sees no placeholder anywhere'
);
select is(public.get_block_count(), 0, 'harasser: their own count says nothing about being blocked');
select throws_ok($$ select public.block_chisme_author(current_setting('test.h1')) $$, 'P0001', 'block_own_content', 'harasser: cannot block themselves');

-- ── bystander: unaffected ──
select tests.authenticate_as('bystander');
select is(
  (select count(*)::int from public.get_feed('recent', 'false', p_tags => '["#bloqueo230"]')), 4, 'bystander: sees all four'
);

-- ── bad input, no id anywhere ──
select tests.authenticate_as('blocker');
select throws_ok($$ select public.block_chisme_author('nope') $$, 'P0001', 'block_target_not_found', 'a malformed id is block_target_not_found');
select throws_ok($$ select public.block_comment_author(gen_random_uuid()::text) $$, 'P0001', 'block_target_not_found', 'an unknown comment is block_target_not_found');
select is(
  (select count(*)::int from information_schema.parameters p join information_schema.routines r on r.specific_name = p.specific_name
   where r.routine_schema = 'public' and r.routine_name in ('block_chisme_author', 'block_comment_author', 'unblock_all', 'get_block_count')
     and (p.data_type = 'uuid' or p.udt_name = 'uuid')),
  0, 'no block RPC takes or returns a uuid'
);
select tests.clear_authentication();
select throws_ok($$ select public.block_chisme_author(gen_random_uuid()::text) $$, '42501', null, 'anon: may not call block_chisme_author');

-- ── unblock all ──
select tests.authenticate_as('blocker');
select is(public.unblock_all(), 1, 'blocker: "Desbloquear a todas" removes the one block');
select is(
  (select count(*)::int from public.get_feed('recent', 'false', p_tags => '["#bloqueo230"]')), 4, 'blocker: everything is back'
);

select * from finish();
rollback;
