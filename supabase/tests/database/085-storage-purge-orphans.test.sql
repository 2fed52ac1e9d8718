-- The purge's list (public.list_expired_chisme_images, 85-storage.sql) holds the objects whose
-- chisme is gone as well as those past the window: an image whose chisme was deleted (by its
-- author, a moderator or an account deletion) is an orphan that must go, however young; the
-- image of a fresh chisme stays.
begin;
select plan(3);

select tests.lift_rate_limits();
select tests.create_supabase_users('orphan_author');
select tests.authenticate_as('orphan_author');
select tests.post_chisme('gone', 'Mujer', '30', 'Un cotilleo cuya foto quedará huérfana', null, 'ES', 'true');
select tests.post_chisme('kept', 'Mujer', '30', 'Un cotilleo cuya foto sigue en su ventana', null, 'ES', 'true');
select tests.reset_role();
insert into storage.objects (bucket_id, name) values ('chismes', current_setting('test.gone')), ('chismes', current_setting('test.kept'));
delete from public.chismes where id = current_setting('test.gone')::uuid;

select tests.authenticate_as_service_role();
select ok(current_setting('test.gone') in (select public.list_expired_chisme_images(1000)), 'the image of a deleted chisme is listed, though young');
select ok(not (current_setting('test.kept') in (select public.list_expired_chisme_images(1000))), 'the image of a fresh chisme is not');
select tests.reset_role();
select is((select count(*)::int from storage.objects where bucket_id = 'chismes' and name = current_setting('test.gone')), 1,
  'arrange: the orphan object is still in the bucket');

select * from finish();
rollback;
