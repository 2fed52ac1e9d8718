-- The limits around Auth at their exact edges (13-auth-limits.sql): the project's mail budget
-- lets the mail that reaches it go and refuses the next; wrong proofs from one client are
-- limited at exactly their number whoever the account; a reauthentication code is good inside
-- its lifetime and not after it. Limits are set small here; every expected value is a literal.
begin;
select plan(9);

select tests.create_supabase_users('edge_one', 'edge_two', 'edge_three');

update private.auth_limit_settings set mails_per_project = 3, mails_per_client = 10, mails_per_address = 10,
  mails_per_address_and_client = 10, proof_failures_per_account = 10, proof_failures_per_client = 2, code_lifetime_seconds = 3600;

select is(public.claim_auth_mail('signup', array['p1@x.test'], '192.0.2.1') ->> 'allowed', 'true', 'project: mail 1 of 3');
select is(public.claim_auth_mail('signup', array['p2@x.test'], '192.0.2.2') ->> 'allowed', 'true', 'project: mail 2 of 3');
select is(public.claim_auth_mail('signup', array['p3@x.test'], '192.0.2.3') ->> 'allowed', 'true', 'project: mail 3 of 3, exactly the budget, goes');
select is(public.claim_auth_mail('signup', array['p4@x.test'], '192.0.2.4') ->> 'limit', 'project', 'project: a 4th is refused');

-- Two wrong proofs from one client, on two different accounts: the client's limit of 2 is met
select is(public.check_account_proof(tests.get_supabase_uid('edge_one'), '198.51.100.7', 'Mala1234', null) ->> 'reason', 'proof_invalid', 'client: a wrong password');
select is(public.check_account_proof(tests.get_supabase_uid('edge_two'), '198.51.100.7', 'Mala1234', null) ->> 'reason', 'proof_invalid', 'client: a second, on another account');
select is(public.check_account_proof(tests.get_supabase_uid('edge_three'), '198.51.100.7', 'Password1', null) ->> 'reason', 'rate_limited',
  'client: at 2 failures the client waits, even with a third account''s right password');

-- A code mailed 61 minutes ago is past the 60-minute lifetime; one mailed 59 minutes ago is not
update auth.users set reauthentication_token = encode(extensions.digest('edge_one@test.chismes' || '135790', 'sha224'), 'hex'),
  reauthentication_sent_at = now() - interval '61 minutes' where id = tests.get_supabase_uid('edge_one');
select is(public.check_account_proof(tests.get_supabase_uid('edge_one'), '198.51.100.8', null, '135790') ->> 'reason', 'proof_invalid',
  'code: 61 minutes old, expired');
update auth.users set reauthentication_sent_at = now() - interval '59 minutes' where id = tests.get_supabase_uid('edge_one');
select is(public.check_account_proof(tests.get_supabase_uid('edge_one'), '198.51.100.8', null, '135790'), '{"ok": true}',
  'code: 59 minutes old, still good');

select * from finish();
rollback;
