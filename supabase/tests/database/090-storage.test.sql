-- Storage (docs/api.md "Storage and functions"): the private bucket `chismes`; signed-in users
-- may read an image only while its chisme is cotilleo and at most 20 minutes old; no client
-- writes (the chisme-image function uploads with the service role).
begin;
select plan(22);
-- The fixtures post more than a person could in a minute (limits: 170-rate-limits).
select tests.lift_rate_limits();

-- Arrange
select tests.create_supabase_user('author');
select tests.create_supabase_user('other');
select tests.authenticate_as('author');
select set_config('test.fresh', (select id::text from public.create_chisme('Mujer', 30, 'Cotilleo con foto reciente', null, 'CR', true)), true);
select set_config('test.almost', (select id::text from public.create_chisme('Mujer', 30, 'Cotilleo con foto de 19 minutos', null, 'CR', true)), true);
select set_config('test.expired', (select id::text from public.create_chisme('Mujer', 30, 'Cotilleo con foto caducada', null, 'CR', true)), true);
select set_config('test.casual', (select id::text from public.create_chisme('Mujer', 30, 'Casual con foto imposible', null, 'CR', false)), true);
select tests.reset_role();
update public.chismes set created_at = now() - interval '19 minutes' where id = current_setting('test.almost')::uuid;
update public.chismes set created_at = now() - interval '21 minutes' where id = current_setting('test.expired')::uuid;
insert into storage.objects (bucket_id, name)
select 'chismes', x from unnest(array[current_setting('test.fresh'), current_setting('test.almost'), current_setting('test.expired'), current_setting('test.casual'), 'otra-cosa']) x;

-- The bucket
select results_eq(
  $$ select public, file_size_limit, allowed_mime_types from storage.buckets where id = 'chismes' $$,
  $$ values (false, 5242880::bigint, array['image/jpeg', 'image/png', 'image/gif', 'image/webp']) $$,
  'the chismes bucket is private, 5 MB, images only'
);

-- Act as another user
select tests.authenticate_as('other');
select isnt_empty($$ select 1 from storage.objects where name = current_setting('test.fresh') $$, 'other: may read a fresh cotilleo image');
select isnt_empty($$ select 1 from storage.objects where name = current_setting('test.almost') $$, 'other: may read it at 19 minutes');
select is_empty($$ select 1 from storage.objects where name = current_setting('test.expired') $$, 'other: may not read it after 20 minutes');
select is_empty($$ select 1 from storage.objects where name = current_setting('test.casual') $$, 'other: may not read an image of a casual chisme');
select is_empty($$ select 1 from storage.objects where name = 'otra-cosa' $$, 'other: may not read an object that is no chisme''s');
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
select isnt_empty($$ select 1 from storage.objects where name = current_setting('test.fresh') $$, 'author: may read their fresh image');
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

-- The service role (chisme-image) uploads and marks the chisme
select tests.authenticate_as_service_role();
select lives_ok(
  $$ insert into storage.objects (bucket_id, name, metadata) values ('chismes', 'subida-de-prueba', '{"mimetype":"image/png"}') $$,
  'service role: uploads'
);
select lives_ok(
  $$ update public.chismes set file_exist = true where id = current_setting('test.fresh')::uuid $$,
  'service role: marks file_exist'
);
select tests.authenticate_as('other');
select is((select image_viewable from public.get_chisme(current_setting('test.fresh')::uuid)), true, 'other: the fresh image is viewable');
select tests.reset_role();
update public.chismes set file_exist = true where id = current_setting('test.expired')::uuid;
select tests.authenticate_as('other');
select is((select image_viewable from public.get_chisme(current_setting('test.expired')::uuid)), false, 'other: an expired image is not viewable');
select is((select image_viewable from public.get_chisme(current_setting('test.almost')::uuid)), false, 'other: no file, not viewable');

select * from finish();
rollback;
