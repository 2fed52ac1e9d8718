-- The 20-minute image window at its exact edge (spec §4: viewable for 20 minutes): a cotilleo
-- image exactly 20 minutes old is still viewable (get_feed, get_chisme) and not yet listed for
-- the purge; one 20 minutes and 1 ms old is not viewable and is listed. now() is fixed in a
-- transaction, so "exactly 20 minutes" is exact; the ages are literals.
begin;
select plan(7);

select tests.lift_rate_limits();
select tests.create_supabase_users('edge_author', 'edge_reader');
select tests.authenticate_as('edge_author');
select tests.post_chisme('at20', 'Mujer', '30', 'Cotilleo con foto de justo 20 minutos', null, 'CR', 'true');
select tests.post_chisme('past20', 'Mujer', '30', 'Cotilleo con foto de 20 minutos y algo', null, 'CR', 'true');
select tests.reset_role();
update public.chismes set file_exist = true, created_at = now() - interval '20 minutes' where id = current_setting('test.at20')::uuid;
update public.chismes set file_exist = true, created_at = now() - interval '20 minutes 1 millisecond' where id = current_setting('test.past20')::uuid;
insert into storage.objects (bucket_id, name) values
  ('chismes', current_setting('test.at20')), ('chismes', current_setting('test.past20'));

select tests.authenticate_as('edge_reader');
select is(
  (select image_viewable from public.get_feed('recent', 'true', p_limit => '100') where id = current_setting('test.at20')::uuid),
  true, 'get_feed: an image exactly 20 minutes old is viewable'
);
select is(
  (select image_viewable from public.get_feed('recent', 'true', p_limit => '100') where id = current_setting('test.past20')::uuid),
  false, 'get_feed: 20 minutes and 1 ms old is not'
);
select is((public.get_chisme(current_setting('test.at20'))).image_viewable, true, 'get_chisme: exactly 20 minutes old is viewable');
select is((public.get_chisme(current_setting('test.past20'))).image_viewable, false, 'get_chisme: 20 minutes and 1 ms old is not');

select tests.authenticate_as_service_role();
select ok(
  not (current_setting('test.at20') in (select public.list_expired_chisme_images(1000))),
  'purge: an image exactly 20 minutes old is not listed yet'
);
select ok(
  current_setting('test.past20') in (select public.list_expired_chisme_images(1000)),
  'purge: 20 minutes and 1 ms old is listed'
);
select tests.reset_role();
select is(
  (select count(*)::int from storage.objects where bucket_id = 'chismes' and name in (current_setting('test.at20'), current_setting('test.past20'))),
  2, 'arrange: both objects are in the bucket'
);

select * from finish();
rollback;
