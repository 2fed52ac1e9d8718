-- The display name through update_my_profile (10-profiles.sql): normalised and stripped of
-- markup like every shown text, 1–100 characters after that (100 passes, 101 is
-- display_name_invalid), and only the caller's own profile changes. Expected values are
-- literals.
begin;
select plan(6);

select tests.create_supabase_user('name_owner', metadata => '{"username":"duena","display_name":"La Dueña"}');
select tests.create_supabase_user('name_other', metadata => '{"username":"vecina","display_name":"La Vecina"}');

select tests.authenticate_as('name_owner');
select lives_ok($$ select public.update_my_profile(repeat('a', 100)) $$, 'a name of exactly 100 characters is accepted');
select throws_ok($$ select public.update_my_profile(repeat('a', 101)) $$, 'P0001', 'display_name_invalid', 'one of 101 is display_name_invalid');
select lives_ok($$ select public.update_my_profile('<b>Pepa</b>' || chr(8203) || ' Pig') $$, 'a name with markup and a zero-width space is accepted');
select tests.reset_role();
select is((select display_name from public.profiles where id = tests.get_supabase_uid('name_owner')), 'Pepa Pig',
  'stored without the markup and the zero-width space');
select is((select display_name from public.profiles where id = tests.get_supabase_uid('name_other')), 'La Vecina',
  'the other person''s name is untouched');
select is((select count(*)::int from public.profiles where display_name = 'Pepa Pig'), 1, 'exactly one profile changed');

select * from finish();
rollback;
