-- Limits around Auth (docs/decisions/0027-auth-abuse-limits.md, 13-auth-limits.sql): the Send
-- Email hook's claims per client, inbox, inbox and client, and project, the notice that always
-- goes, and delete-account's proof of the person with its limits on wrong passwords and codes.
begin;
select plan(27);

select tests.create_supabase_users('dueña', 'otra');

-- Only the service role may call them; clients never.
select ok(not has_function_privilege('anon', 'public.claim_auth_mail(text, text[], text)', 'execute'), 'anon cannot claim mails');
select ok(not has_function_privilege('authenticated', 'public.claim_auth_mail(text, text[], text)', 'execute'), 'a signed-in user cannot claim mails');
select ok(not has_function_privilege('authenticated', 'public.check_account_proof(uuid, text, text, text)', 'execute'), 'a signed-in user cannot test passwords here');
select ok(has_function_privilege('service_role', 'public.check_account_proof(uuid, text, text, text)', 'execute'), 'the service role can');

-- Mail claims, with small limits to show each one.
update private.auth_limit_settings set mails_per_client = 4, mails_per_address = 3, mails_per_address_and_client = 2, mails_per_project = 8;
-- (Called as the owner below: the privileges above are what the API roles get.)
select is(public.claim_auth_mail('signup', array['a1@x.test'], '203.0.113.1') ->> 'allowed', 'true', 'a first mail is allowed');
select is(public.claim_auth_mail('recovery', array['a2@x.test'], '203.0.113.1') ->> 'allowed', 'true', 'a second, to another inbox');
select is(public.claim_auth_mail('recovery', array['a3@x.test'], '203.0.113.1') ->> 'allowed', 'true', 'a third');
select is(public.claim_auth_mail('recovery', array['a4@x.test'], '203.0.113.1') ->> 'allowed', 'true', 'the fourth, at the client limit');
select is(public.claim_auth_mail('recovery', array['a5@x.test'], '203.0.113.1') - 'retry_after', '{"allowed": false, "limit": "client"}', 'the fifth from that client is refused');
select ok((public.claim_auth_mail('recovery', array['a5@x.test'], '203.0.113.1') ->> 'retry_after')::int between 3500 and 3600, 'with the wait until the oldest leaves the hour');
select is((select count(*)::int from private.auth_mail_log where client = '203.0.113.1'), 4, 'refused claims record nothing');

select is(public.claim_auth_mail('recovery', array['b@x.test'], '203.0.113.2') ->> 'allowed', 'true', 'inbox b: first');
select is(public.claim_auth_mail('recovery', array['B+promo@X.test'], '203.0.113.2') ->> 'allowed', 'true', 'inbox b again, as a +label and in capitals');
select is(public.claim_auth_mail('recovery', array['b@x.test'], '203.0.113.2') ->> 'limit', 'inbox_client', 'one client cannot spend the whole inbox');
select is(public.claim_auth_mail('recovery', array['b@x.test'], '203.0.113.3') ->> 'allowed', 'true', 'another client still reaches it, up to the inbox limit');
select is(public.claim_auth_mail('recovery', array['b@x.test'], '203.0.113.4') ->> 'limit', 'inbox', 'then the inbox is full for everyone');
select is(public.claim_auth_mail('password_changed_notification', array['b@x.test'], '203.0.113.1') ->> 'allowed', 'true', 'the password-changed notice goes anyway');
select is(public.claim_auth_mail('email_change', array['c@x.test', 'd@x.test'], '203.0.113.5') ->> 'limit', 'project', 'past the project budget nothing goes (two recipients claimed together)');
select is((select count(*)::int from private.auth_mail_log), 8, 'eight mails out of the project budget of eight');

update private.auth_mail_log set sent_at = sent_at - interval '61 minutes';
select is(public.claim_auth_mail('signup', array['a5@x.test'], '203.0.113.1') ->> 'allowed', 'true', 'an hour later the client may mail again');
select is((select count(*)::int from private.auth_mail_log), 1, 'rows older than the hour are gone');

-- Proof of the person.
update private.auth_limit_settings set proof_failures_per_account = 2, proof_failures_per_client = 3;
select is(public.check_account_proof(tests.get_supabase_uid('dueña'), '198.51.100.1', 'Password1', null), '{"ok": true}', 'the right password proves the person');
select is(public.check_account_proof(tests.get_supabase_uid('dueña'), '198.51.100.1', 'Mala1234', null) ->> 'reason', 'proof_invalid', 'a wrong one does not');
select is(public.check_account_proof(tests.get_supabase_uid('dueña'), '198.51.100.2', '1234567', null) ->> 'reason', 'proof_invalid', 'nor a second, from another client');
select is(public.check_account_proof(tests.get_supabase_uid('dueña'), '198.51.100.3', 'Password1', null) ->> 'reason', 'rate_limited', 'past the account limit even the right one waits');

update auth.users set reauthentication_token = encode(extensions.digest('otra@test.chismes' || '424242', 'sha224'), 'hex'),
  reauthentication_sent_at = now() where id = tests.get_supabase_uid('otra');
select is(public.check_account_proof(tests.get_supabase_uid('otra'), '198.51.100.9', null, '424242'), '{"ok": true}', 'the code Auth mailed proves the person');
select is(public.check_account_proof(tests.get_supabase_uid('otra'), '198.51.100.9', null, '424242') ->> 'reason', 'proof_invalid', 'once: the code is used up');

select * from finish();
rollback;
