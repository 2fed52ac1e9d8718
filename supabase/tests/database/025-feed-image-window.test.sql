-- The 20-minute image window in get_feed, at its edges: a cotilleo image 19 minutes old is
-- viewable in the feed, one 21 minutes old is not (get_chisme and the storage rules are
-- tested at the same edges in 090; before this file the feed was only tested at 5 and 25).
begin;
select plan(4);

select tests.lift_rate_limits();
select tests.create_supabase_users('window_author', 'window_reader');
select tests.authenticate_as('window_author');
select lives_ok($$ select set_config('test.almost', (select id::text from tests.create_chisme('Mujer', '30', 'Cotilleo con foto de 19 minutos', null, 'CR', 'true')), true) $$,
  'arrange: a cotilleo to age 19 minutes');
select lives_ok($$ select set_config('test.expired', (select id::text from tests.create_chisme('Mujer', '30', 'Cotilleo con foto de 21 minutos', null, 'CR', 'true')), true) $$,
  'arrange: a cotilleo to age 21 minutes');
select tests.reset_role();
update public.chismes set file_exist = true, created_at = now() - interval '19 minutes' where id = current_setting('test.almost')::uuid;
update public.chismes set file_exist = true, created_at = now() - interval '21 minutes' where id = current_setting('test.expired')::uuid;

select tests.authenticate_as('window_reader');
select is(
  (select image_viewable from public.get_feed('recent', 'true', p_limit => '100') where id = current_setting('test.almost')::uuid),
  true, 'get_feed: an image 19 minutes old is viewable'
);
select is(
  (select image_viewable from public.get_feed('recent', 'true', p_limit => '100') where id = current_setting('test.expired')::uuid),
  false, 'get_feed: an image 21 minutes old is not'
);

select * from finish();
rollback;
