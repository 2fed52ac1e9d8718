-- Profiles: created on sign-up with the right names and defaults; only the owner reads and
-- updates them, and only display_name, cotilleo and murmuro.
begin;
select plan(27);

-- Arrange (service role): three sign-up flavours
select tests.create_supabase_user('author', metadata => '{"username":"chismosa"}');
select tests.create_supabase_user('other', metadata => '{"username":"vecino","display_name":"El Vecino"}');
select tests.create_supabase_user('googler', email => 'g@gmail.test', metadata => '{"full_name":"Gina Google","name":"Gina"}', provider => 'google');
select tests.create_supabase_user('facebooker', email => 'f@fb.test', metadata => '{"name":"Fede Face"}', provider => 'facebook');
select tests.create_supabase_user('bare', email => 'sin.nombre@test.chismes');

-- Sign-up trigger
select is((select username from public.profiles where id = tests.get_supabase_uid('author')), 'chismosa', 'the username comes from the sign-up metadata');
select is((select display_name from public.profiles where id = tests.get_supabase_uid('author')), 'chismosa', 'the display name falls back to the username');
select is((select display_name from public.profiles where id = tests.get_supabase_uid('other')), 'El Vecino', 'a given display name is kept');
select is((select username from public.profiles where id = tests.get_supabase_uid('googler')), 'Gina Google', 'a Google user is named after the provider''s full name');
select is((select username from public.profiles where id = tests.get_supabase_uid('facebooker')), 'Fede Face', 'a Facebook user is named after the provider''s name');
select is((select username from public.profiles where id = tests.get_supabase_uid('bare')), 'sin.nombre', 'without any name the e-mail''s local part is the username');
select is((select cotilleo from public.profiles where id = tests.get_supabase_uid('author')), false, 'cotilleo defaults to false');
select is((select murmuro from public.profiles where id = tests.get_supabase_uid('author')), false, 'murmuro defaults to false');

-- Act as the author
select tests.authenticate_as('author');
select results_eq(
  $$ select id from public.profiles $$,
  array[tests.get_supabase_uid('author')],
  'author: sees exactly their own profile'
);
select throws_ok(
  $$ update public.profiles set cotilleo = true where id = tests.get_supabase_uid('author') $$,
  '42501', null,
  'author: may not update the profile table directly (writes go through update_my_profile)'
);
select lives_ok(
  $$ select public.update_my_profile('La Chismosa', 'true', 'true') $$,
  'author: may update cotilleo, murmuro and display_name through update_my_profile'
);
select results_eq(
  $$ select cotilleo, murmuro, display_name from public.profiles $$,
  $$ values (true, true, 'La Chismosa') $$,
  'author: the update is stored'
);
select throws_ok(
  $$ update public.profiles set username = 'otro' where id = tests.get_supabase_uid('author') $$,
  '42501', null,
  'author: may not change the username'
);
select throws_ok(
  $$ update public.profiles set created_at = now() - interval '1 year' $$,
  '42501', null,
  'author: may not change created_at'
);
select throws_ok(
  $$ insert into public.profiles (id, username, display_name) values (gen_random_uuid(), 'x', 'x') $$,
  '42501', null,
  'author: may not insert profiles'
);
select throws_ok(
  $$ delete from public.profiles $$,
  '42501', null,
  'author: may not delete profiles'
);

-- Act as another user
select tests.authenticate_as('other');
select is_empty(
  $$ select 1 from public.profiles where id = tests.get_supabase_uid('author') $$,
  'other: cannot read the author''s profile'
);
select throws_ok(
  $$ update public.profiles set cotilleo = false where id = tests.get_supabase_uid('author') $$,
  '42501', null,
  'other: cannot update the author''s profile'
);
select results_eq(
  $$ select count(*) from public.profiles $$,
  $$ values (1::bigint) $$,
  'other: sees only one profile, their own'
);

-- Act as anon
select tests.clear_authentication();
select throws_ok($$ select * from public.profiles $$, '42501', null, 'anon: cannot read profiles');
select throws_ok($$ update public.profiles set cotilleo = true $$, '42501', null, 'anon: cannot update profiles');

-- Assert as the service role
select tests.authenticate_as_service_role();
select results_eq(
  $$ select cotilleo, display_name from public.profiles where id = tests.get_supabase_uid('author') $$,
  $$ values (true, 'La Chismosa') $$,
  'service role: the other user''s attempt changed nothing'
);
select cmp_ok(
  (select updated_at from public.profiles where id = tests.get_supabase_uid('author')),
  '>=',
  (select created_at from public.profiles where id = tests.get_supabase_uid('author')),
  'updated_at is maintained by the trigger'
);
select tests.reset_role();
select results_eq(
  $$ select count(*) from public.profiles p join auth.users u on u.id = p.id where u.raw_user_meta_data ? 'test_identifier' $$,
  $$ values (5::bigint) $$,
  'service role: one profile per user'
);

-- Deleting the user deletes the profile
delete from auth.users where id = tests.get_supabase_uid('bare');
select is_empty($$ select 1 from public.profiles where username = 'sin.nombre' $$, 'deleting a user deletes their profile');

-- A repeated trigger run (e.g. identity linking) does not fail
select lives_ok(
  $$ insert into public.profiles (id, username, display_name) values (tests.get_supabase_uid('author'), 'dup', 'dup') on conflict (id) do nothing $$,
  'the profile insert is idempotent'
);
select is((select username from public.profiles where id = tests.get_supabase_uid('author')), 'chismosa', 'an existing profile is never overwritten');

select * from finish();
rollback;
