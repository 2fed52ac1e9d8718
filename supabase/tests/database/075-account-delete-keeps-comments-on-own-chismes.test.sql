-- Deleting an account keeps other people's comments on the person's chismes
-- (docs/decisions/0034-deletion-keeps-others-words.md): a chisme of theirs that others commented
-- on stays as an empty "Chisme eliminado" placeholder above those comments (counts exact, out of
-- the feeds, its image named for the Storage API and listed for the purge); a chisme of theirs
-- with only their own comments goes whole; nothing of the person remains.
begin;
select plan(10);

select tests.lift_rate_limits();
select tests.create_supabase_users('leaver', 'stayer', 'liker');

select tests.authenticate_as('leaver');
select tests.post_chisme('kept', 'Mujer', '30', 'Mi cotilleo que otros comentaron', null, 'ES', 'true');
select tests.post_chisme('gone', 'Mujer', '30', 'Mi chisme que solo yo comenté', null, 'ES', 'false');
select tests.post_comment('mine', current_setting('test.gone'), null, 'Me comento a mí misma', 'Mujer', '30', 'ES');
select tests.post_comment('ownroot', current_setting('test.kept'), null, 'La autora abre el hilo', 'Mujer', '30', 'ES');
select tests.authenticate_as('stayer');
select tests.post_comment('s1', current_setting('test.kept'), null, 'Me quedo en el hilo', 'Hombre', '40', 'MX');
select tests.post_comment('s2', current_setting('test.kept'), current_setting('test.ownroot'), 'Respondo a la autora', 'Hombre', '40', 'MX');
select tests.authenticate_as('liker');
select public.like_chisme(current_setting('test.kept'));
select public.like_chisme(current_setting('test.gone'));
select tests.reset_role();
insert into storage.objects (bucket_id, name) values ('chismes', current_setting('test.kept'));

select tests.authenticate_as_service_role();
select is(
  public.delete_account(tests.get_supabase_uid('leaver')),
  array[current_setting('test.kept')],
  'the placeholder''s image is named for the Storage API'
);
select tests.reset_role();

select results_eq(
  $$ select deleted_at is not null, content, gender, years, country, tags, likes, comments
     from public.chismes where id::text = current_setting('test.kept') $$,
  $$ values (true, ''::text, ''::text, 0, ''::text, '{}'::text[], 0, 1) $$,
  'the commented chisme stays as an empty placeholder, its count exact (one visible root)'
);
select is((select count(*)::int from public.chismes where id::text = current_setting('test.gone')), 0, 'the chisme with only their own comment is gone');
select is(
  (select array_agg(content order by content) from public.comments where chisme_id::text = current_setting('test.kept') and deleted_at is null),
  array['Me quedo en el hilo', 'Respondo a la autora'],
  'every comment of the stayer survives'
);
select results_eq(
  $$ select content, deleted_at is not null from public.comments where id::text = current_setting('test.ownroot') $$,
  $$ values (''::text, true) $$, 'their comment with a reply stays only as a "Comentario eliminado" placeholder'
);
select is(
  (select count(*)::int from public.chisme_authors a where a.chisme_id::text in (current_setting('test.kept'), current_setting('test.gone')))
  + (select count(*)::int from public.likes l where l.chisme_id::text = current_setting('test.kept'))
  + (select count(*)::int from private.thread_participants t where t.user_id = tests.get_supabase_uid('leaver')),
  0, 'no author link, like or thread number is left'
);
select ok(current_setting('test.kept') = any (array(select public.list_expired_chisme_images())), 'its image is listed for the purge too, if the function died before Storage');

select tests.authenticate_as('stayer');
select is((public.get_chisme(current_setting('test.kept'))).is_deleted, true, 'the thread still opens as "Chisme eliminado"');
select is(
  (select count(*)::int from public.get_comments(current_setting('test.kept'))), 3,
  'with the stayer''s comments and the placeholder above the reply'
);
select ok(
  current_setting('test.kept')::uuid <> all (array(select f.id from public.get_feed('recent', 'true') f)),
  'it is in no feed'
);

select * from finish();
rollback;
