-- Likes (spec §4 "Like"): signed-in only, never one's own chisme, once per user, unlike
-- removes it, the counter follows exactly and never goes below 0; the author is notified
-- once per liker and chisme, ever, without learning who liked.
begin;
select plan(40);

-- Arrange
select tests.create_supabase_users('author', 'other', 'third');
select tests.authenticate_as('author');
select tests.arrange($arrange$ select set_config('test.chisme', (select id::text from tests.create_chisme('Mujer', '30', 'El chisme que todos quieren', null, 'CR', 'false')), true) $arrange$);
select tests.authenticate_as('other');
select tests.arrange($arrange$ select set_config('test.own', (select id::text from tests.create_chisme('Hombre', '30', 'El chisme del otro usuario', null, 'CR', 'false')), true) $arrange$);

-- Act as another user
select is(public.like_chisme(current_setting('test.chisme'))::text::int, 1, 'other: liking returns the new count');
select is((select liked_by_me from public.get_chisme(current_setting('test.chisme'))), true, 'other: the chisme shows as liked by me');
select throws_ok($$ select public.like_chisme(current_setting('test.chisme')) $$, 'P0001', 'like_already_exists', 'other: a repeat like is refused');
select is((select likes from public.get_chisme(current_setting('test.chisme'))), 1, 'other: the refused repeat did not count');
select throws_ok($$ select public.like_chisme(current_setting('test.own')) $$, 'P0001', 'like_own_chisme', 'other: cannot like their own chisme');
select is((select likes from public.get_chisme(current_setting('test.own'))), 0, 'other: the refused own like did not count');
select throws_ok($$ select public.like_chisme(gen_random_uuid()::text) $$, 'P0001', 'chisme_not_found', 'other: cannot like a chisme that does not exist');
select is((select count(*)::int from public.likes), 1, 'other: sees exactly their own like');
select is(public.unlike_chisme(current_setting('test.chisme'))::text::int, 0, 'other: unliking returns the new count');
select is((select liked_by_me from public.get_chisme(current_setting('test.chisme'))), false, 'other: no longer liked by me');
select throws_ok($$ select public.unlike_chisme(current_setting('test.chisme')) $$, 'P0001', 'like_not_found', 'other: cannot unlike twice');
select throws_ok($$ select public.unlike_chisme(gen_random_uuid()::text) $$, 'P0001', 'chisme_not_found', 'other: cannot unlike a missing chisme');
select is(public.like_chisme(current_setting('test.chisme'))::text::int, 1, 'other: may like again after unliking');
select throws_ok($$ insert into public.likes (chisme_id) values (current_setting('test.chisme')::uuid) $$, '42501', null, 'other: a direct insert is refused by privilege (likes go through like_chisme)');
select throws_ok($$ insert into public.likes (chisme_id, user_id) values (current_setting('test.chisme')::uuid, tests.get_supabase_uid('third')) $$, '42501', null, 'other: cannot like on behalf of someone else');
select throws_ok($$ update public.likes set created_at = now() $$, '42501', null, 'other: cannot edit likes');

-- Act as a third user
select tests.authenticate_as('third');
select is(public.like_chisme(current_setting('test.chisme'))::text::int, 2, 'third: a second liker counts');
select is((select count(*)::int from public.likes), 1, 'third: sees only their own like, not the other''s');
select throws_ok(
  $$ delete from public.likes where user_id = tests.get_supabase_uid('other') $$,
  '42501', null,
  'third: cannot remove someone else''s like (no direct delete at all)'
);
select is((select likes from public.get_chisme(current_setting('test.chisme'))), 2, 'third: the count is unchanged by the attempt');
select is(public.like_chisme(current_setting('test.own'))::text::int, 1, 'third: may like another user''s chisme');

-- Act as the author
select tests.authenticate_as('author');
select throws_ok($$ select public.like_chisme(current_setting('test.chisme')) $$, 'P0001', 'like_own_chisme', 'author: cannot like their own chisme');
select is((select likes from public.get_chisme(current_setting('test.chisme'))), 2, 'author: sees the count');
select is_empty($$ select * from public.likes $$, 'author: cannot see who liked');
select results_eq(
  $$ select count(*)::int, max(senders) from public.notifications where type = 'like_on_chisme' $$,
  $$ values (1, 2) $$,
  'author: the likes collapse into one unread notification counting each liker once (the re-like did not count again)'
);
select ok(
  (select bool_and(data ?& array['chismeId', 'snippet'] and not data ? 'likedBy' and not data ? 'userId') from public.notifications where type = 'like_on_chisme'),
  'author: the like notification data holds the chisme and a snippet, no liker'
);
select ok(
  (select bool_and(position(tests.get_supabase_uid('other')::text in n::text) = 0 and position(tests.get_supabase_uid('third')::text in n::text) = 0)
   from public.notifications n),
  'author: no notification carries a liker''s id anywhere'
);
select results_eq(
  $$ select message, data ->> 'snippet' from public.notifications where type = 'like_on_chisme' $$,
  $$ values ('A 2 personas les gustó tu chisme', 'El chisme que todos quieren') $$,
  'author: the collapsed message is ready to show, the snippet stays in the data'
);
select lives_ok($$ select public.delete_notification(n.id::text) from public.notifications n where n.type = 'like_on_chisme' $$, 'author: deletes the like notifications');

-- A like after the notification was deleted still never notifies twice
select tests.authenticate_as('other');
select is(public.unlike_chisme(current_setting('test.chisme'))::text::int, 1, 'other: unlikes again');
select is(public.like_chisme(current_setting('test.chisme'))::text::int, 2, 'other: likes again');
select tests.authenticate_as('author');
select is_empty($$ select 1 from public.notifications where type = 'like_on_chisme' $$, 'author: the same liker never notifies twice, ever');

-- The liker is never notified of their own like
select tests.authenticate_as('other');
select is_empty($$ select 1 from public.notifications where type = 'like_on_chisme' and data ->> 'chismeId' = current_setting('test.chisme') $$, 'other: is not notified of their own like');

-- The counter never goes below 0 even if it drifted
select tests.reset_role();
update public.chismes set likes = 0 where id = current_setting('test.chisme')::uuid;
select tests.authenticate_as('other');
select is(public.unlike_chisme(current_setting('test.chisme'))::text::int, 0, 'the like counter never goes below 0');

-- A token without a user
select tests.reset_role();
select set_config('role', 'authenticated', true);
select set_config('request.jwt.claims', '{"role":"authenticated"}', true);
select throws_ok($$ select public.like_chisme(current_setting('test.chisme')) $$, 'P0001', 'not_authenticated', 'a token without a user cannot like');
select throws_ok($$ select public.unlike_chisme(current_setting('test.chisme')) $$, 'P0001', 'not_authenticated', 'a token without a user cannot unlike');

-- Act as anon
select tests.clear_authentication();
select throws_ok($$ select public.like_chisme(current_setting('test.chisme')) $$, '42501', null, 'anon: cannot like');
select throws_ok($$ select public.unlike_chisme(current_setting('test.chisme')) $$, '42501', null, 'anon: cannot unlike');
select throws_ok($$ select * from public.likes $$, '42501', null, 'anon: cannot read likes');
select throws_ok($$ insert into public.likes (chisme_id) values (current_setting('test.chisme')::uuid) $$, '42501', null, 'anon: cannot insert likes');

select * from finish();
rollback;
