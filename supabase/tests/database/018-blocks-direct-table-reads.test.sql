-- Blocks hold for direct table reads (supabase/schemas/18-blocks.sql):
-- a blocker selecting public.chismes or public.comments directly (REST, GraphQL) does not get
-- what an author they blocked wrote; the blocked person and a third person get it as before.
begin;
select plan(14);

select tests.lift_rate_limits();
select tests.create_supabase_users('blocker240', 'blocked240', 'third240');

select tests.authenticate_as('blocked240');
select tests.post_chisme('c1', 'Hombre', '30', 'Chisme del bloqueado uno', '[]', 'ES', 'false');
select tests.post_chisme('c2', 'Hombre', '30', 'Chisme del bloqueado dos', '[]', 'ES', 'false');
select tests.authenticate_as('third240');
select tests.post_chisme('t1', 'Mujer', '40', 'Chisme de la tercera persona', '[]', 'ES', 'false');
select tests.post_comment('tc', current_setting('test.t1'), null, 'Comentario de la tercera', 'Mujer', '40', 'ES');
select tests.authenticate_as('blocked240');
select tests.post_comment('bc', current_setting('test.t1'), null, 'Comentario del bloqueado', 'Hombre', '30', 'ES');
select tests.post_comment('bc2', current_setting('test.c2'), null, 'Comentario en su propio chisme', 'Hombre', '30', 'ES');

-- before any block, the blocker reads everything directly
select tests.authenticate_as('blocker240');
select is(
  (select count(*)::int from public.chismes where id in (current_setting('test.c1')::uuid, current_setting('test.c2')::uuid, current_setting('test.t1')::uuid)),
  3, 'blocker, before blocking: a direct select of chismes returns all three'
);
select is(
  (select count(*)::int from public.comments where id in (current_setting('test.tc')::uuid, current_setting('test.bc')::uuid, current_setting('test.bc2')::uuid)),
  3, 'blocker, before blocking: a direct select of comments returns all three'
);

select lives_ok($$ select public.block_comment_author(current_setting('test.bc')) $$, 'blocker: blocks the author of a comment');

-- the blocker: direct selects leave the blocked author out
select is(
  (select array_agg(content order by content) from public.chismes
   where id in (current_setting('test.c1')::uuid, current_setting('test.c2')::uuid, current_setting('test.t1')::uuid)),
  array['Chisme de la tercera persona'],
  'blocker: a direct select of chismes leaves out both chismes of the blocked author'
);
select is(
  (select count(*)::int from public.chismes where id = current_setting('test.c1')::uuid), 0,
  'blocker: a direct select by id of a blocked author''s chisme returns no row'
);
select is(
  (select array_agg(content order by content) from public.comments
   where id in (current_setting('test.tc')::uuid, current_setting('test.bc')::uuid, current_setting('test.bc2')::uuid)),
  array['Comentario de la tercera'],
  'blocker: a direct select of comments leaves out the blocked author''s comments (on anyone''s chisme)'
);
select is(
  (select count(*)::int from public.comments where chisme_id = current_setting('test.t1')::uuid), 1,
  'blocker: the third person''s thread read directly shows only the third person''s comment'
);

-- the blocked person: sees everything, their own content included
select tests.authenticate_as('blocked240');
select is(
  (select count(*)::int from public.chismes where id in (current_setting('test.c1')::uuid, current_setting('test.c2')::uuid, current_setting('test.t1')::uuid)),
  3, 'blocked person: a direct select of chismes returns all three (nothing tells them of the block)'
);
select is(
  (select count(*)::int from public.comments where id in (current_setting('test.tc')::uuid, current_setting('test.bc')::uuid, current_setting('test.bc2')::uuid)),
  3, 'blocked person: a direct select of comments returns all three'
);

-- a third person: sees everything
select tests.authenticate_as('third240');
select is(
  (select count(*)::int from public.chismes where id in (current_setting('test.c1')::uuid, current_setting('test.c2')::uuid, current_setting('test.t1')::uuid)),
  3, 'third person: a direct select of chismes returns all three'
);
select is(
  (select count(*)::int from public.comments where id in (current_setting('test.tc')::uuid, current_setting('test.bc')::uuid, current_setting('test.bc2')::uuid)),
  3, 'third person: a direct select of comments returns all three'
);

-- unblocking brings the rows back for the blocker
select tests.authenticate_as('blocker240');
select is(public.unblock_all(), 1, 'blocker: unblocks everyone');
select is(
  (select count(*)::int from public.chismes where id in (current_setting('test.c1')::uuid, current_setting('test.c2')::uuid, current_setting('test.t1')::uuid)),
  3, 'blocker, after unblocking: a direct select of chismes returns all three again'
);
select is(
  (select count(*)::int from public.comments where id in (current_setting('test.tc')::uuid, current_setting('test.bc')::uuid, current_setting('test.bc2')::uuid)),
  3, 'blocker, after unblocking: a direct select of comments returns all three again'
);

select * from finish();
rollback;
