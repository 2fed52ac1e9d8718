-- Login pre-check (spec §7, §8): which sign-in methods an e-mail has, callable without signing
-- in, revealing nothing but provider names.
begin;
select plan(12);

-- Arrange
select tests.create_supabase_user('mail', email => 'correo@test.chismes');
select tests.create_supabase_user('google', email => 'gina@gmail.test', provider => 'google');
select tests.create_supabase_user('facebook', email => 'fede@fb.test', provider => 'facebook');
select tests.create_supabase_user('both', email => 'ambos@test.chismes');
insert into auth.identities (provider_id, user_id, identity_data, provider)
values ('google-both', tests.get_supabase_uid('both'), '{"email":"ambos@test.chismes"}', 'google'),
       ('github-both', tests.get_supabase_uid('both'), '{"email":"ambos@test.chismes"}', 'github');

-- Act as anon
select tests.clear_authentication();
select is(public.get_sign_in_methods('correo@test.chismes'), array['email'], 'anon: an e-mail account says email');
select is(public.get_sign_in_methods('  CORREO@Test.Chismes '), array['email'], 'anon: the e-mail is matched trimmed and case-insensitively');
select is(public.get_sign_in_methods('gina@gmail.test'), array['google'], 'anon: a Google account says google');
select is(public.get_sign_in_methods('fede@fb.test'), array['facebook'], 'anon: a Facebook account says facebook');
select is(public.get_sign_in_methods('ambos@test.chismes'), array['email', 'google'], 'anon: several methods are listed once each, only the three known');
select is(public.get_sign_in_methods('nadie@test.chismes'), '{}'::text[], 'anon: an unknown e-mail has no methods');
select is(public.get_sign_in_methods(null), '{}'::text[], 'anon: no e-mail has no methods');
select is(public.get_sign_in_methods(''), '{}'::text[], 'anon: an empty e-mail has no methods');
select throws_ok($$ select * from auth.identities $$, '42501', null, 'anon: cannot read identities directly');
select throws_ok($$ select * from auth.users $$, '42501', null, 'anon: cannot read users directly');

-- Act as a signed-in user
select tests.authenticate_as('mail');
select is(public.get_sign_in_methods('gina@gmail.test'), array['google'], 'authenticated: may call it too');
select throws_ok($$ select * from auth.identities $$, '42501', null, 'authenticated: cannot read identities directly');

select * from finish();
rollback;
