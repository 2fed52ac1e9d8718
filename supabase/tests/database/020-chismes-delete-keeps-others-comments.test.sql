-- A deleted chisme keeps other people's comments (docs/decisions/0034-deletion-keeps-others-words.md):
-- a chisme its author deletes after others commented stays as a "Chisme eliminado"
-- placeholder with nothing of its author (text, tags, details, author link, likes, reports,
-- their comments and notifications, the export); the others' comments stay with their
-- pseudonyms and exact counts; it is out of every feed and the trending table, takes no like,
-- comment, report or image from anyone; its thread still opens; its image is listed for the
-- purge at once (the placeholder is committed with the delete, so a process that dies before
-- the purge leaves it listed); when its last comment goes, it goes too.
begin;
select plan(30);

select tests.lift_rate_limits();
select tests.create_supabase_users('author', 'commenter', 'liker', 'reporter', 'stranger');

select tests.authenticate_as('author');
select tests.post_chisme('p', 'Mujer', '30', 'Un cotilleo que voy a borrar con comentarios', '["#borrar"]'::jsonb, 'ES', 'true');
select tests.post_comment('aroot', current_setting('test.p'), null, 'La autora comenta primero', 'Mujer', '30', 'ES');
select tests.authenticate_as('commenter');
select tests.post_comment('cc', current_setting('test.p'), null, 'Comento y me quedo', 'Hombre', '40', 'MX');
select tests.post_comment('cr', current_setting('test.p'), current_setting('test.aroot'), 'Respondo a la autora', 'Hombre', '40', 'MX');
select tests.authenticate_as('liker');
select public.like_chisme(current_setting('test.p'));
select tests.post_comment('lr', current_setting('test.p'), current_setting('test.cc'), 'Yo también respondo', 'Mujer', '22', 'CL');
select tests.authenticate_as('author');
select public.mute_thread(current_setting('test.p'));
select tests.post_comment('ar', current_setting('test.p'), current_setting('test.lr'), 'La autora responde', 'Mujer', '30', 'ES');
select tests.authenticate_as('reporter');
select public.report_chisme(current_setting('test.p'), 'spam');
select tests.reset_role();
insert into storage.objects (bucket_id, name) values ('chismes', current_setting('test.p'));
select set_config('test.numbers', (
  select string_agg(m.id || '=' || m.commenter_number, ',' order by m.id) from public.comments m
  where m.id::text in (current_setting('test.cc'), current_setting('test.cr'), current_setting('test.lr'))), true);

select results_eq(
  $$ select comments, likes, report, file_exist from public.chismes where id::text = current_setting('test.p') $$,
  $$ values (2, 1, 1, true) $$, 'before: two root comments, a like, a report and an image'
);
select ok(current_setting('test.p') <> all (array(select public.list_expired_chisme_images())), 'before: its fresh image is not for the purge');

select tests.authenticate_as('author');
select is(public.delete_my_chisme(current_setting('test.p')), true, 'author: deletes their chisme');
select tests.reset_role();

-- the placeholder keeps nothing of its author
select results_eq(
  $$ select deleted_at is not null, content, tags, gender, years, country, crisis, likes, report
     from public.chismes where id::text = current_setting('test.p') $$,
  $$ values (true, ''::text, '{}'::text[], ''::text, 0, ''::text, false, 0, 0) $$,
  'the chisme stays as an empty placeholder: no text, tags, details, likes or reports'
);
select is(
  (select count(*)::int from public.chisme_authors where chisme_id::text = current_setting('test.p'))
  + (select count(*)::int from public.likes where chisme_id::text = current_setting('test.p'))
  + (select count(*)::int from private.notified_likes where chisme_id::text = current_setting('test.p'))
  + (select count(*)::int from public.reports where chisme_id::text = current_setting('test.p'))
  + (select count(*)::int from private.thread_mutes where chisme_id::text = current_setting('test.p'))
  + (select count(*)::int from private.thread_participants where chisme_id::text = current_setting('test.p') and user_id = tests.get_supabase_uid('author')),
  0, 'no author link, like, notified like, report, mute or thread number of the author is left'
);
select is(
  (select count(*)::int from public.notifications n
   where n.user_id = tests.get_supabase_uid('author') and n.data ->> 'chismeId' = current_setting('test.p')),
  0, 'the author''s notifications about it are gone'
);
select is(
  (select count(*)::int from public.notifications n
   where n.user_id = tests.get_supabase_uid('commenter') and n.unique_id = 'reply:' || current_setting('test.lr')),
  1, 'the commenter''s notification of another person''s reply stays, pointing at the thread'
);
select is(
  (select count(*)::int from public.notifications n
   where n.user_id = tests.get_supabase_uid('liker') and n.unique_id = 'reply:' || current_setting('test.ar')),
  0, 'the liker''s notification that quoted the author''s reply is gone'
);
select throws_ok(
  $$ update public.chismes set content = 'vuelve el texto' where id::text = current_setting('test.p') $$,
  '23514', null, 'the database holds the placeholder empty (check constraint)'
);

-- the others' comments stay, with their pseudonyms; the author's go (a placeholder above a reply)
select is(
  (select array_agg(content order by content) from public.comments where chisme_id::text = current_setting('test.p') and deleted_at is null),
  array['Comento y me quedo', 'Respondo a la autora', 'Yo también respondo'],
  'every other person''s comment stays; the author''s reply without replies is gone'
);
select results_eq(
  $$ select content, deleted_at is not null from public.comments where id::text = current_setting('test.aroot') $$,
  $$ values (''::text, true) $$, 'the author''s comment with a reply stays only as a "Comentario eliminado" placeholder'
);
select is(
  (select string_agg(m.id || '=' || m.commenter_number, ',' order by m.id) from public.comments m
   where m.id::text in (current_setting('test.cc'), current_setting('test.cr'), current_setting('test.lr'))),
  current_setting('test.numbers'), 'no "Anónimo N" moves'
);
select results_eq(
  $$ select comments, (select count(*)::int from public.comments m where m.chisme_id = c.id and m.parent_id is null and m.hidden_at is null and m.deleted_at is null)
     from public.chismes c where c.id::text = current_setting('test.p') $$,
  $$ values (1, 1) $$, 'the count is exact: one visible root comment'
);

-- its thread still opens, showing the placeholder and the comments
select tests.authenticate_as('stranger');
select results_eq(
  $$ select id::text, is_deleted, content, tags, is_mine, file_exist, image_viewable, likes, comments from public.get_chisme(current_setting('test.p')) $$,
  $$ values (current_setting('test.p'), true, ''::text, '{}'::text[], false, false, false, 0, 1) $$,
  'get_chisme answers the "Chisme eliminado" placeholder, with no image while its object waits for the purge (chisme-image-url signs nothing)'
);
select results_eq(
  $$ select content, is_deleted from public.get_comments(current_setting('test.p')) order by depth, content $$,
  $$ values (''::text, true), ('Comento y me quedo'::text, false), ('Respondo a la autora'::text, false), ('Yo también respondo'::text, false) $$,
  'get_comments serves the kept comments under it'
);

-- out of every feed and the trending table
select ok(
  current_setting('test.p')::uuid <> all (array(select f.id from public.get_feed('recent', 'true') f))
  and current_setting('test.p')::uuid <> all (array(select f.id from public.get_feed('old', 'true') f))
  and current_setting('test.p')::uuid <> all (array(select f.id from public.get_feed('top', 'true') f))
  and current_setting('test.p')::uuid <> all (array(select f.id from public.get_feed('trending', 'true') f)),
  'no feed tab serves it'
);
select ok(
  current_setting('test.p')::uuid <> all (array(select f.id from public.get_feed('recent', 'true', p_tags => '["#borrar"]'::jsonb) f)),
  'nor a filter on its former tag'
);
select tests.reset_role();
select is((select count(*)::int from private.trending_chismes where id::text = current_setting('test.p')), 0, 'it left the trending table');

-- it takes no like, comment or report, from anyone
select tests.authenticate_as('stranger');
select throws_ok($$ select public.like_chisme(current_setting('test.p')) $$, 'P0001', 'chisme_not_found', 'a like: chisme_not_found');
select throws_ok(
  $$ select tests.add_comment(current_setting('test.p'), null, 'Comento en el eliminado', 'Hombre', '40', 'ES') $$,
  'P0001', 'chisme_not_found', 'a comment: chisme_not_found'
);
select throws_ok(
  $$ select tests.add_comment(current_setting('test.p'), current_setting('test.cc'), 'Respondo en el eliminado', 'Hombre', '40', 'ES') $$,
  'P0001', 'chisme_not_found', 'a reply to a kept comment: chisme_not_found'
);
select throws_ok($$ select public.report_chisme(current_setting('test.p'), 'Spam') $$, 'P0001', 'report_target_not_found', 'a report of it: report_target_not_found');
select lives_ok($$ select public.report_comment(current_setting('test.cc'), 'Spam') $$, 'a kept comment can still be reported');
select tests.authenticate_as_service_role();
select throws_ok(
  $$ insert into public.likes (chisme_id, user_id) values (current_setting('test.p')::uuid, tests.get_supabase_uid('stranger')) $$,
  'P0001', 'chisme_not_found', 'the service role: no like either'
);
select tests.reset_role();

-- the author's export no longer lists it, nor their comments in it
select tests.authenticate_as('author');
select is(
  (select count(*)::int from jsonb_array_elements(public.get_my_data() -> 'chismes')) +
  (select count(*)::int from jsonb_array_elements(public.get_my_data() -> 'comments')) +
  (select count(*)::int from jsonb_array_elements(public.get_my_data() -> 'thread_numbers')),
  0, 'the author''s export holds no chisme, comment or thread number of it'
);
select throws_ok($$ select public.delete_my_chisme(current_setting('test.p')) $$, 'P0001', 'chisme_not_found', 'it is no longer the author''s');
select tests.reset_role();

-- its image: listed for the purge at once; once purged, no image is stored for it again
select ok(current_setting('test.p') = any (array(select public.list_expired_chisme_images())), 'its image is listed for the purge at once');
delete from storage.objects where bucket_id = 'chismes' and name = current_setting('test.p');
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('chismes', current_setting('test.p')) $$,
  'P0001', 'chisme_not_found', 'no image is stored for a placeholder'
);

-- when its last comment goes, the placeholder goes too
select tests.authenticate_as('liker');
select public.delete_my_comment(current_setting('test.lr'));
select tests.authenticate_as('commenter');
select public.delete_my_comment(current_setting('test.cc'));
select tests.reset_role();
select is((select count(*)::int from public.chismes where id::text = current_setting('test.p')), 1, 'with one comment left, the placeholder stays');
select tests.authenticate_as('commenter');
select public.delete_my_comment(current_setting('test.cr'));
select tests.reset_role();
select is(
  (select count(*)::int from public.chismes where id::text = current_setting('test.p'))
  + (select count(*)::int from public.comments where chisme_id::text = current_setting('test.p')),
  0, 'the last comment gone (and the comment placeholder with it), the chisme placeholder goes'
);

select * from finish();
rollback;
