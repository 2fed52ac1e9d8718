-- "Eliminar mi cuenta": delete_account answers the names of the images the delete-account
-- function then removes from Storage, so it must name exactly the leaver's images — a name of
-- anyone else's would delete another person's picture. Two people with images (and a chisme
-- of the leaver without one); the expected names are the ids the inserts gave, sorted here.
begin;
select plan(5);

select tests.lift_rate_limits();
select tests.create_supabase_users('image_leaver', 'image_stayer');

select tests.authenticate_as('image_leaver');
select tests.post_chisme('l1', 'Mujer', '30', 'Primer cotilleo con foto de quien se va', null, 'ES', 'true');
select tests.post_chisme('l2', 'Mujer', '30', 'Segundo cotilleo con foto de quien se va', null, 'ES', 'true');
select tests.post_chisme('l3', 'Mujer', '30', 'Un cotilleo sin foto de quien se va', null, 'ES', 'true');
select tests.authenticate_as('image_stayer');
select tests.post_chisme('s1', 'Hombre', '40', 'Cotilleo con foto de quien se queda', null, 'ES', 'true');
select tests.reset_role();
update public.chismes set file_exist = true
where id in (current_setting('test.l1')::uuid, current_setting('test.l2')::uuid, current_setting('test.s1')::uuid);

select is(
  (select count(*)::int from public.chismes where file_exist
   and id in (current_setting('test.l1')::uuid, current_setting('test.l2')::uuid, current_setting('test.s1')::uuid)),
  3, 'arrange: three images, two of the leaver and one of the stayer'
);

select tests.authenticate_as_service_role();
create temp table deleted_images as
select public.delete_account(tests.get_supabase_uid('image_leaver')) as names;
select tests.reset_role();

select is(
  (select array(select n from deleted_images, unnest(names) n order by n)),
  (select array(select n from unnest(array[current_setting('test.l1'), current_setting('test.l2')]) n order by n)),
  'delete_account names exactly the leaver''s two images'
);
select ok(
  not exists (select 1 from deleted_images, unnest(names) n where n = current_setting('test.s1')),
  'the stayer''s image is not among the names to delete'
);
select is(
  (select cardinality(names) from deleted_images), 2,
  'no other image of the database is named (seeded chismes with images included)'
);
select is(
  (select file_exist from public.chismes where id = current_setting('test.s1')::uuid), true,
  'the stayer''s chisme keeps its image'
);

select * from finish();
rollback;
