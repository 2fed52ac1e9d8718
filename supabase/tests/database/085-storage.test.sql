-- Storage (docs/api.md "Storage and functions"): the private bucket `chismes`. Per docs/decisions/0011-private-cotilleo-images.md,
-- no client reads or signs objects at all (the chisme-image-url function signs short URLs
-- with the service role while the chisme is inside its 20 minutes); no client writes (the
-- chisme-image function uploads with the service role); a trigger keeps `file_exist` in step
-- with the object and refuses objects that are no cotilleo chisme's; the purge lists expired
-- objects for the service role only.
begin;
select plan(30);
-- The fixtures post more than a person could in a minute (limits: 012-rate-limits).
select tests.lift_rate_limits();

-- Arrange
select tests.create_supabase_users('author', 'other');
select tests.authenticate_as('author');
select tests.arrange($arrange$ select set_config('test.fresh', (select id::text from tests.create_chisme('Mujer', '30', 'Cotilleo con foto reciente', null, 'CR', 'true')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.almost', (select id::text from tests.create_chisme('Mujer', '30', 'Cotilleo con foto de 19 minutos', null, 'CR', 'true')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.expired', (select id::text from tests.create_chisme('Mujer', '30', 'Cotilleo con foto caducada', null, 'CR', 'true')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.casual', (select id::text from tests.create_chisme('Mujer', '30', 'Casual con foto imposible', null, 'CR', 'false')), true) $arrange$);
select tests.reset_role();
update public.chismes set created_at = now() - interval '19 minutes' where id = current_setting('test.almost')::uuid;
update public.chismes set created_at = now() - interval '21 minutes' where id = current_setting('test.expired')::uuid;
insert into storage.objects (bucket_id, name)
select 'chismes', x from unnest(array[current_setting('test.fresh'), current_setting('test.expired')]) x;

-- The bucket
select results_eq(
  $$ select public, file_size_limit, allowed_mime_types from storage.buckets where id = 'chismes' $$,
  $$ values (false, 5242880::bigint, array['image/jpeg', 'image/png', 'image/gif', 'image/webp']) $$,
  'the chismes bucket is private, 5 MB, images only'
);

-- Act as another user
select tests.authenticate_as('other');
select is_empty($$ select 1 from storage.objects where name = current_setting('test.fresh') $$, 'other: may not read (so not sign) even a fresh cotilleo image');
select is_empty($$ select 1 from storage.objects where name = current_setting('test.expired') $$, 'other: may not read it after 20 minutes');
select throws_ok(
  $$ select public.list_expired_chisme_images(10) $$,
  '42501', null, 'other: may not list the images to purge'
);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('chismes', gen_random_uuid()::text) $$,
  '42501', null, 'other: may not upload'
);
select results_eq(
  $$ with u as (update storage.objects set metadata = '{}' where bucket_id = 'chismes' returning 1) select count(*)::int from u $$,
  array[0], 'other: may not modify objects'
);
select results_eq(
  $$ with d as (delete from storage.objects where bucket_id = 'chismes' returning 1) select count(*)::int from d $$,
  array[0], 'other: may not delete objects'
);
select is_empty($$ select 1 from storage.buckets $$, 'other: buckets are not listed to clients');

-- Act as the author (no special rights on their own image)
select tests.authenticate_as('author');
select is_empty($$ select 1 from storage.objects where name = current_setting('test.fresh') $$, 'author: may not read (so not sign) their own image either');
select is_empty($$ select 1 from storage.objects where name = current_setting('test.expired') $$, 'author: may not read their own expired image either');
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('chismes', current_setting('test.fresh') || '-bis') $$,
  '42501', null, 'author: may not upload directly (only through chisme-image)'
);
select results_eq(
  $$ with d as (delete from storage.objects where name = current_setting('test.fresh') returning 1) select count(*)::int from d $$,
  array[0], 'author: may not delete the stored image'
);

-- Act as anon
select tests.clear_authentication();
select is_empty($$ select 1 from storage.objects where name = current_setting('test.fresh') $$, 'anon: may not read a fresh cotilleo image');
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('chismes', gen_random_uuid()::text) $$,
  '42501', null, 'anon: may not upload'
);
select results_eq(
  $$ with d as (delete from storage.objects returning 1) select count(*)::int from d $$,
  array[0], 'anon: may not delete objects'
);

-- The trigger: the mark follows the object
select tests.reset_role();
select is((select file_exist from public.chismes where id = current_setting('test.fresh')::uuid), true, 'storing the object marked its chisme');
select is((select file_exist from public.chismes where id = current_setting('test.almost')::uuid), false, 'no object, no mark');
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('chismes', current_setting('test.casual')) $$,
  'P0001', 'chisme_not_found', 'an object for a casual chisme is refused'
);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('chismes', 'otra-cosa') $$,
  'P0001', 'chisme_not_found', 'an object that is no chisme''s is refused'
);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('chismes', gen_random_uuid()::text) $$,
  'P0001', 'chisme_not_found', 'an object for a chisme that does not exist is refused'
);
select is((select file_exist from public.chismes where id = current_setting('test.casual')::uuid), false, 'the casual chisme stays unmarked');

-- The service role (chisme-image) uploads; the purge lists what is past the window
select tests.authenticate_as_service_role();
select lives_ok(
  $$ insert into storage.objects (bucket_id, name, metadata) values ('chismes', current_setting('test.almost'), '{"mimetype":"image/png"}') $$,
  'service role: uploads'
);
select throws_ok(
  $$ update storage.objects set version = 'otra-version' where bucket_id = 'chismes' and name = current_setting('test.fresh') $$,
  'P0001', 'chisme_image_exists', 'service role: a stored image is never replaced by another version'
);
select lives_ok(
  $$ update storage.objects set metadata = '{"mimetype":"image/png"}' where bucket_id = 'chismes' and name = current_setting('test.fresh') $$,
  'service role: metadata updates that keep the version pass'
);
select results_eq(
  $$ select * from public.list_expired_chisme_images(10) $$,
  array[current_setting('test.expired')],
  'service role: only the image past its 20 minutes is listed for the purge'
);
select tests.authenticate_as('other');
select is((select image_viewable from public.get_chisme(current_setting('test.almost'))), true, 'other: the 19-minute image is viewable (through the server)');
select is((select image_viewable from public.get_chisme(current_setting('test.expired'))), false, 'other: an expired image is not viewable');
select tests.reset_role();
delete from storage.objects where bucket_id = 'chismes' and name = current_setting('test.almost');
select is((select file_exist from public.chismes where id = current_setting('test.almost')::uuid), false, 'deleting the object clears the mark');
select tests.authenticate_as('other');
select is((select image_viewable from public.get_chisme(current_setting('test.almost'))), false, 'and the image is no longer viewable');
select tests.reset_role();
select is(
  (select count(*)::int from public.chismes c where c.file_exist and not exists (
    select 1 from storage.objects o where o.bucket_id = 'chismes' and o.name = c.id::text)),
  0, 'no mark without an object'
);

select * from finish();
rollback;
