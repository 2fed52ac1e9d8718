-- The write RPCs run as their owner (05-helpers.sql), so RLS no longer filters what they and
-- the rule triggers read. Each rule that relied on it is explicit now, and holds for every
-- caller: content hidden by moderation is "not found" to others (a reply to a hidden comment,
-- a report of a hidden chisme or comment or of a comment of a hidden chisme, an unlike on a
-- hidden chisme), while its author and moderators still reach it; notifications are the
-- caller's own within the 30 days the read policy shows.
begin;
select plan(18);
select tests.lift_rate_limits();

select tests.create_supabase_users('writer', 'stranger', 'mod');
select public.set_moderator('mod@test.chismes', true);


-- Arrange: a visible chisme with a comment to hide, a chisme to hide (liked by the stranger first)
select tests.authenticate_as('writer');
select lives_ok($$ select set_config('test.open', (select id::text from tests.create_chisme('Mujer', '30', 'Un chisme visible', null, 'CR', 'false')), true) $$, 'arrange: a visible chisme');
select lives_ok($$ select set_config('test.hidden', (select id::text from tests.create_chisme('Mujer', '30', 'Un chisme que se oculta', null, 'CR', 'false')), true) $$, 'arrange: a chisme to hide');
select lives_ok($$ select set_config('test.comment', (select id::text from tests.add_comment(current_setting('test.open'), null, 'Un comentario que se oculta', 'Mujer', '30', 'CR')), true) $$, 'arrange: a comment to hide');
select lives_ok($$ select set_config('test.under_hidden', (select id::text from tests.add_comment(current_setting('test.hidden'), null, 'Comentario bajo un chisme oculto', 'Mujer', '30', 'CR')), true) $$, 'arrange: a visible comment of the chisme to hide');
select tests.authenticate_as('stranger');
select lives_ok($$ select public.like_chisme(current_setting('test.hidden')) $$, 'arrange: the stranger likes the chisme before it is hidden');
select tests.reset_role();
update public.chismes set hidden_at = now() where id = current_setting('test.hidden')::uuid;
update public.comments set hidden_at = now() where id = current_setting('test.comment')::uuid;

-- Act as the stranger: hidden content is not found
select tests.authenticate_as('stranger');
select throws_ok($$ select public.add_comment(current_setting('test.open'), current_setting('test.comment'), 'Respuesta', 'Hombre', '30', 'CR') $$,
  'P0001', 'comment_parent_not_found', 'stranger: a reply to a hidden comment is comment_parent_not_found');
select throws_ok($$ select public.report_chisme(current_setting('test.hidden'), 'Spam') $$,
  'P0001', 'report_target_not_found', 'stranger: a report of a hidden chisme is report_target_not_found');
select throws_ok($$ select public.report_comment(current_setting('test.comment'), 'Spam') $$,
  'P0001', 'report_target_not_found', 'stranger: a report of a hidden comment is report_target_not_found');
select throws_ok($$ select public.report_comment(current_setting('test.under_hidden'), 'Spam') $$,
  'P0001', 'report_target_not_found', 'stranger: a report of a comment of a hidden chisme is report_target_not_found');
select throws_ok($$ select public.unlike_chisme(current_setting('test.hidden')) $$,
  'P0001', 'chisme_not_found', 'stranger: an unlike on a hidden chisme is chisme_not_found');
select tests.reset_role();
select is((select likes from public.chismes where id = current_setting('test.hidden')::uuid), 1, 'the hidden chisme''s like count did not move');

-- The author and moderators still reach it
select tests.authenticate_as('writer');
select lives_ok($$ select public.add_comment(current_setting('test.open'), current_setting('test.comment'), 'Respondo a mi comentario', 'Mujer', '30', 'CR') $$,
  'author: may reply to their own hidden comment');
select tests.authenticate_as_moderator('mod');
select lives_ok($$ select public.report_chisme(current_setting('test.hidden'), 'spam') $$, 'moderator: may report a hidden chisme');

-- A client's write through any function that runs as its owner is still the caller's own:
-- the rule triggers read the request's role, not current_user (a forged user id is replaced)
select tests.reset_role();
create function pg_temp.forged_like(p_chisme uuid, p_user uuid) returns uuid language sql security definer set search_path = ''
  as $$ insert into public.likes (chisme_id, user_id) values (p_chisme, p_user) returning user_id $$;
create function pg_temp.forged_report(p_chisme uuid, p_user uuid) returns uuid language sql security definer set search_path = ''
  as $$ insert into public.reports (chisme_id, user_id, reason) values (p_chisme, p_user, 'spam') returning user_id $$;
grant execute on function pg_temp.forged_like(uuid, uuid) to authenticated;
grant execute on function pg_temp.forged_report(uuid, uuid) to authenticated;
select tests.authenticate_as('stranger');
select is(pg_temp.forged_like(current_setting('test.open')::uuid, tests.get_supabase_uid('mod')), tests.get_supabase_uid('stranger'),
  'a like written as the owner on a client''s behalf belongs to the caller, not to the forged user');
select is(pg_temp.forged_report(current_setting('test.open')::uuid, tests.get_supabase_uid('mod')), tests.get_supabase_uid('stranger'),
  'a report written as the owner on a client''s behalf belongs to the caller, not to the forged user');

-- Notifications: only one's own, only within 30 days
select tests.reset_role();
select private.notify(tests.get_supabase_uid('writer'), 'comment_on_chisme', 'Vieja', '{}'::jsonb, null);
update public.notifications set created_at = now() - interval '31 days' where message = 'Vieja';
select set_config('test.old', (select id::text from public.notifications where message = 'Vieja'), true);
select tests.authenticate_as('writer');
select is(public.mark_notification_read(current_setting('test.old')), false, 'writer: a notification past 30 days is not found to mark');
select is(public.delete_notification(current_setting('test.old')), false, 'writer: a notification past 30 days is not found to delete');
select tests.authenticate_as('stranger');
select is(public.mark_all_notifications_read(), 0, 'stranger: mark all touches none of the writer''s notifications');
select * from finish();
rollback;
