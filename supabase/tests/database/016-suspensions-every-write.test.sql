-- A suspended account changes nothing another person sees (70-moderation.sql,
-- 85-storage.sql): its chismes, comments, likes, unlikes, reports of chismes and of comments,
-- and the image of its own chisme (stored by the chisme-image function with the service role)
-- are each refused with user_suspended, and nothing moves. A 1-day suspension holds for its
-- whole day (its last hour included) and ends after it. Arrange steps run inside lives_ok so a
-- failing setup names itself instead of hiding the rule.
begin;
select plan(27);
select tests.lift_rate_limits();

select tests.create_supabase_users('suspendee', 'neighbour', 'mod');
select public.set_moderator('mod@test.chismes', true);



-- Arrange: the neighbour's chisme and comment; the suspendee's own cotilleo chisme, a like
-- (to unlike later) and a comment — all before the suspension
select tests.authenticate_as('neighbour');
select lives_ok($$ select set_config('test.theirs', (select id::text from tests.create_chisme('Mujer', '30', 'El chisme del vecino', null, 'CR', 'false')), true) $$,
  'arrange: the neighbour posts a chisme');
select lives_ok($$ select set_config('test.other', (select id::text from tests.create_chisme('Mujer', '30', 'Otro chisme del vecino', null, 'CR', 'false')), true) $$,
  'arrange: the neighbour posts another chisme');
select lives_ok($$ select set_config('test.their_comment', (select id::text from tests.add_comment(current_setting('test.theirs'), null, 'Comentario del vecino', 'Mujer', '30', 'CR')), true) $$,
  'arrange: the neighbour comments');
select tests.authenticate_as('suspendee');
select lives_ok($$ select set_config('test.mine', (select id::text from tests.create_chisme('Hombre', '30', 'Mi chisme con foto', null, 'CR', 'true')), true) $$,
  'arrange: the suspendee posts a cotilleo chisme');
select lives_ok($$ select public.like_chisme(current_setting('test.theirs')) $$, 'arrange: the suspendee likes the neighbour''s chisme');
select tests.authenticate_as_moderator('mod');
select lives_ok($$ select set_config('test.until', public.moderate_suspend_author('chisme', current_setting('test.mine'), '1', 'spam')::text, true) $$,
  'arrange: a moderator suspends the suspendee for 1 day');
select is(current_setting('test.until')::timestamptz, now() + interval '1 day', 'a 1-day suspension ends exactly a day from now');

-- Act as the suspended person: every write that others would see is refused
select tests.authenticate_as('suspendee');
select throws_ok($$ select public.create_chisme('Hombre', '30', 'Un chisme suspendido', null, 'CR', 'false') $$,
  'P0001', 'user_suspended', 'suspended: posting a chisme is refused');
select throws_ok($$ select public.add_comment(current_setting('test.theirs'), null, 'Comentario suspendido', 'Hombre', '30', 'CR') $$,
  'P0001', 'user_suspended', 'suspended: commenting is refused');
select throws_ok($$ select public.like_chisme(current_setting('test.other')) $$,
  'P0001', 'user_suspended', 'suspended: liking is refused');
select throws_ok($$ select public.unlike_chisme(current_setting('test.theirs')) $$,
  'P0001', 'user_suspended', 'suspended: unliking is refused (a public counter would move)');
select throws_ok($$ select public.report_chisme(current_setting('test.other'), 'Spam') $$,
  'P0001', 'user_suspended', 'suspended: reporting a chisme is refused');
select throws_ok($$ select public.report_comment(current_setting('test.their_comment'), 'Spam') $$,
  'P0001', 'user_suspended', 'suspended: reporting a comment is refused');
select is((tests.error_detail($$ select public.report_chisme(current_setting('test.other'), 'Spam') $$) ->> 'until')::timestamptz,
  current_setting('test.until')::timestamptz, 'suspended: the refusal carries the suspension''s end');

-- The image of one's own chisme, stored by the chisme-image function with the service role
select tests.authenticate_as_service_role();
select throws_ok($$ insert into storage.objects (bucket_id, name) values ('chismes', current_setting('test.mine')) $$,
  'P0001', 'user_suspended', 'suspended: no image is stored for their chisme');

-- Nothing moved
select tests.reset_role();
select is((select likes from public.chismes where id = current_setting('test.theirs')::uuid), 1, 'nothing moved: the like is still counted');
select is((select likes from public.chismes where id = current_setting('test.other')::uuid), 0, 'nothing moved: no new like');
select is((select count(*)::int from public.reports), 0, 'nothing moved: no report');
select is((select file_exist from public.chismes where id = current_setting('test.mine')::uuid), false, 'nothing moved: no image');
select is((select comments from public.chismes where id = current_setting('test.theirs')::uuid), 1, 'nothing moved: no new comment');

-- The last hour of the day: still suspended
update private.suspensions set suspended_until = now() + interval '30 minutes'
where user_id = tests.get_supabase_uid('suspendee');
select tests.authenticate_as('suspendee');
select throws_ok($$ select public.unlike_chisme(current_setting('test.theirs')) $$,
  'P0001', 'user_suspended', 'in the suspension''s last hour: unliking is still refused');
select throws_ok($$ select public.report_chisme(current_setting('test.other'), 'Spam') $$,
  'P0001', 'user_suspended', 'in the suspension''s last hour: reporting is still refused');

-- After the day: every write works again
select tests.reset_role();
update private.suspensions set suspended_until = now() - interval '1 second'
where user_id = tests.get_supabase_uid('suspendee');
select tests.authenticate_as('suspendee');
select is(public.unlike_chisme(current_setting('test.theirs'))::text::int, 0, 'after the suspension: unliking works');
select is(public.like_chisme(current_setting('test.other'))::text::int, 1, 'after the suspension: liking works');
select lives_ok($$ select public.report_chisme(current_setting('test.other'), 'Spam') $$, 'after the suspension: reporting works');
select lives_ok($$ select public.add_comment(current_setting('test.theirs'), null, 'Ya puedo comentar', 'Hombre', '30', 'CR') $$,
  'after the suspension: commenting works');
select tests.authenticate_as_service_role();
select lives_ok($$ insert into storage.objects (bucket_id, name) values ('chismes', current_setting('test.mine')) $$,
  'after the suspension: the image of their chisme is stored');
select * from finish();
rollback;
