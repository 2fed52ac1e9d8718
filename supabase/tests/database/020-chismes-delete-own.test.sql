-- "Eliminar" on one's own chisme (docs/decisions/0034-deletion-keeps-others-words.md): only the
-- author may; a chisme no one else commented on goes whole, with its author's own comments,
-- likes and reports; the notifications about it are gone; its image, which no client may
-- delete, is listed for the purge at once (within its 20 minutes too), so a process that dies
-- after the delete leaves it behind for at most one purge run; every other chisme's counts are
-- untouched. (Others' comments keep a "Chisme eliminado" placeholder:
-- 020-chismes-delete-keeps-others-comments.test.sql.)
begin;
select plan(14);

select tests.lift_rate_limits();
select tests.create_supabase_users('author', 'commenter', 'other');

select tests.authenticate_as('author');
select tests.post_chisme('c', 'Mujer', '30', 'Un cotilleo que voy a borrar', null, 'ES', 'true');
select tests.post_chisme('keep', 'Mujer', '30', 'Un chisme que se queda', null, 'ES', 'false');
select tests.post_comment('ac', current_setting('test.c'), null, 'La autora comenta su chisme', 'Mujer', '30', 'ES');
select tests.post_comment('ar', current_setting('test.c'), current_setting('test.ac'), 'Y se responde', 'Mujer', '30', 'ES');
select tests.authenticate_as('commenter');
select public.like_chisme(current_setting('test.c'));
select tests.post_comment('kc', current_setting('test.keep'), null, 'Comento en el que se queda', 'Hombre', '40', 'ES');
select tests.authenticate_as('other');
select public.report_chisme(current_setting('test.c'), 'spam');
select tests.reset_role();
insert into storage.objects (bucket_id, name) values ('chismes', current_setting('test.c'));

select is(
  (select count(*)::int from public.notifications n where n.data ->> 'chismeId' = current_setting('test.c')),
  1, 'before: the author holds the like''s notification about it'
);
select ok(current_setting('test.c') <> all (array(select public.list_expired_chisme_images())), 'before: its fresh image is not for the purge');

-- only the author
select tests.authenticate_as('commenter');
select throws_ok($$ select public.delete_my_chisme(current_setting('test.c')) $$, 'P0001', 'chisme_not_found', 'another person: not theirs to delete');
select throws_ok($$ select public.delete_my_chisme('no-es-un-id') $$, 'P0001', 'chisme_not_found', 'a malformed id: chisme_not_found');
select throws_ok($$ select public.delete_my_chisme(gen_random_uuid()::text) $$, 'P0001', 'chisme_not_found', 'an unknown id: chisme_not_found');

select tests.authenticate_as('author');
select is(public.delete_my_chisme(current_setting('test.c')), true, 'author: deletes their chisme');
select ok((public.get_chisme(current_setting('test.c'))).id is null, 'author: it answers not found');
select tests.reset_role();

select is((select count(*)::int from public.chismes where id::text = current_setting('test.c')), 0, 'the chisme is gone');
select is(
  (select count(*)::int from public.comments where chisme_id::text = current_setting('test.c'))
  + (select count(*)::int from public.likes where chisme_id::text = current_setting('test.c'))
  + (select count(*)::int from public.reports where chisme_id::text = current_setting('test.c'))
  + (select count(*)::int from public.chisme_authors where chisme_id::text = current_setting('test.c')),
  0, 'with its author''s comments, likes, reports and author link'
);
select is(
  (select count(*)::int from public.notifications n where n.data ->> 'chismeId' = current_setting('test.c')),
  0, 'every notification about it is gone'
);
select ok(current_setting('test.c') = any (array(select public.list_expired_chisme_images())), 'its image is listed for the purge at once');
select results_eq(
  $$ select comments, likes from public.chismes where id::text = current_setting('test.keep') $$,
  $$ values (1, 0) $$, 'the author''s other chisme keeps its counts'
);
select is(
  (select count(*)::int from public.comments where id::text = current_setting('test.kc')), 1, 'the commenter''s comment elsewhere stays'
);

-- a chisme with no image, likes or notifications goes the same way
select tests.authenticate_as('author');
select is(public.delete_my_chisme(current_setting('test.keep')), true, 'author: deletes their other chisme');

select * from finish();
rollback;
