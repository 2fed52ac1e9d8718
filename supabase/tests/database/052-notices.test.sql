-- Signed-out notices (52-notices.sql, docs/decisions/0035-notice-and-action.md): a notice is
-- stored pending, seen by no moderator and no counter, until the link mailed to its address is
-- followed; the form answers alike for any well-formed id; it is limited per network, per
-- target and per address, and shares the project's mail budget; a decision mails the notifier
-- with its ground and forgets the address; notices never hide content by themselves.
begin;
select plan(52);

select tests.create_supabase_users('author', 'mod');
select tests.authenticate_as('author');
create temporary table fixture on commit drop as
  select (tests.create_chisme('Hombre', '30', 'Un chisme que alguien denuncia sin cuenta', '[]', 'ES', 'false')).id as chisme_id;
grant select on fixture to anon, authenticated;
select tests.reset_role();
-- one Cloudflare client: a forged x-forwarded-for must not change who it is
select set_config('request.headers', '{"cf-connecting-ip": "203.0.113.50", "x-forwarded-for": "198.51.100.1"}', true);

-- ── submit: stored pending, one confirmation mail, nothing else ──
select tests.clear_authentication();
select lives_ok(
  $$ select public.submit_notice('chisme', (select chisme_id::text from fixture), 'datos_personales',
       'Sale mi nombre completo y mi colegio.', '  Vecina+avisos@Test.Chismes ') $$,
  'a signed-out visitor submits a notice with a reason, an explanation and an address');
select tests.reset_role();
select results_eq(
  $$ select email, reason, explanation from private.pending_notices $$,
  $$ values ('vecina+avisos@test.chismes', 'datos_personales', 'Sale mi nombre completo y mi colegio.') $$,
  'it is stored pending, with the address lower-cased');
select results_eq(
  $$ select kind, email, target_kind, token ~ '^[0-9a-f]{64}$' from private.notice_mails $$,
  $$ values ('confirmation', 'vecina+avisos@test.chismes', 'chisme', true) $$,
  'one confirmation mail with a link token waits to be sent');
select is((select count(*)::int from private.notices), 0, 'no notice is open before its address is confirmed');
select is((select report from public.chismes where id = (select chisme_id from fixture)), 0, 'the target''s report counter is untouched');
select is((select count(*)::int from private.moderation_ledger where event = 'report' and source = 'signed_out'), 0,
  'the transparency ledger counts nothing yet');
select is((select count(*)::int from private.auth_mail_log where kind = 'notice_confirmation' and inbox = 'vecina@test.chismes'), 1,
  'the confirmation mail is counted in the project''s mail budget for its inbox');
select tests.authenticate_as_moderator('mod');
select is((select count(*)::int from public.get_moderation_queue()), 0, 'moderators do not see a pending notice');
select tests.reset_role();

-- ── confirm ──
select tests.clear_authentication();
select throws_ok($$ select public.confirm_notice('0000000000000000000000000000000000000000000000000000000000000000') $$,
  'P0001', 'notice_link_invalid', 'an unknown token is refused');
select throws_ok($$ select public.confirm_notice(null) $$, 'P0001', 'notice_link_invalid', 'a missing token is refused');
select tests.reset_role();
delete from realtime.messages;
create temporary table first_token on commit drop as select token from private.notice_mails;
grant select on first_token to anon;
select tests.clear_authentication();
select lives_ok($$ select public.confirm_notice((select token from first_token)) $$, 'the mailed link confirms the notice');
select throws_ok($$ select public.confirm_notice((select token from first_token)) $$, 'P0001', 'notice_link_invalid',
  'a link works once');
select tests.reset_role();
select results_eq(
  $$ select chisme_id, reason, email from private.notices $$,
  $$ select chisme_id, 'datos_personales', 'vecina+avisos@test.chismes' from fixture $$,
  'the confirmed notice is open');
select is((select count(*)::int from private.pending_notices), 0, 'nothing is left pending');
select results_eq(
  $$ select topic, event, private, payload ->> 'id' from realtime.messages $$,
  $$ select 'moderation', 'report_created', true, chisme_id::text from fixture $$,
  'the moderators'' open queue is pinged on their private topic');
select is((select count(*)::int from private.moderation_ledger where event = 'report' and source = 'signed_out' and key = 'datos_personales'), 1,
  'the ledger counts one signed-out report with its reason');
select tests.authenticate_as_moderator('mod');
select results_eq(
  $$ select id, pending_reports, reasons -> 0 ->> 'code', (reasons -> 0 ->> 'signed_out')::int, reasons -> 0 -> 'explanations'
     from public.get_moderation_queue() $$,
  $$ select chisme_id, 1, 'datos_personales', 1, '["Sale mi nombre completo y mi colegio."]'::jsonb from fixture $$,
  'the moderators'' queue shows it: signed out, its reason and its explanation');
select ok(position('vecina' in (select jsonb_agg(q)::text from public.get_moderation_queue() q)) = 0,
  'the queue never carries the notifier''s address');
select tests.reset_role();
select results_eq(
  $$ select report, hidden_at is null from public.chismes where id = (select chisme_id from fixture) $$,
  $$ values (0, true) $$,
  'a signed-out notice does not count towards automatic hiding');

-- ── the form is no oracle ──
select set_config('request.headers', '{"cf-connecting-ip": "203.0.113.51"}', true);
select tests.clear_authentication();
select lives_ok(
  $$ select public.submit_notice('comment', gen_random_uuid()::text, 'spam', 'No existe.', 'otra@test.chismes') $$,
  'a notice of an id that names nothing is answered alike');
select tests.reset_role();
create temporary table ghost_token on commit drop as select token from private.notice_mails where email = 'otra@test.chismes';
grant select on ghost_token to anon;
select tests.clear_authentication();
select lives_ok($$ select public.confirm_notice((select token from ghost_token)) $$, 'and confirmed alike');
select tests.reset_role();
select is((select count(*)::int from private.notices where comment_id is not null), 0, 'but it is dropped: nothing reaches the queue');

-- ── refusals: stable keys, nothing stored ──
select tests.clear_authentication();
select throws_ok($$ select public.submit_notice('chisme', (select chisme_id::text from fixture), 'spam', 'x', 'no-es-un-correo') $$,
  'P0001', 'notice_email_invalid', 'an address that is not one is refused');
select throws_ok($$ select public.submit_notice('chisme', (select chisme_id::text from fixture), 'spam', ' <b> </b> ', 'a@test.chismes') $$,
  'P0001', 'notice_explanation_invalid', 'an empty explanation is refused');
select throws_ok($$ select public.submit_notice('chisme', (select chisme_id::text from fixture), 'spam', repeat('a', 2001), 'a@test.chismes') $$,
  'P0001', 'notice_explanation_invalid', 'an explanation over 2000 characters is refused');
select throws_ok($$ select public.submit_notice('chisme', (select chisme_id::text from fixture), 'inventado', 'x', 'a@test.chismes') $$,
  'P0001', 'report_reason_invalid', 'a reason outside the list is refused');
select throws_ok($$ select public.submit_notice('perfil', (select chisme_id::text from fixture), 'spam', 'x', 'a@test.chismes') $$,
  'P0001', 'report_target_invalid', 'a kind other than chisme or comment is refused');
select throws_ok($$ select public.submit_notice('chisme', 'no-es-un-id', 'spam', 'x', 'a@test.chismes') $$,
  'P0001', 'report_target_not_found', 'a malformed id is refused');
select tests.authenticate_as('author');
select throws_ok($$ select public.submit_notice('chisme', (select chisme_id::text from fixture), 'spam', 'x', 'a@test.chismes') $$,
  '42501', null, 'a signed-in person reports from the report dialog, not here');
select tests.clear_authentication();
select throws_ok($$ select count(*) from private.notices $$, '42501', null, 'a visitor reads no notice');

-- ── limits ──
-- per address: one confirmation mail an inbox per 10 minutes (a +label is the same inbox)
select set_config('request.headers', '{"cf-connecting-ip": "203.0.113.52"}', true);
select throws_ok(
  $$ select public.submit_notice('chisme', (select chisme_id::text from fixture), 'spam', 'Otra vez.', 'vecina@test.chismes') $$,
  'P0001', 'rate_limited', 'a second notice from one inbox within 10 minutes is refused (one mail an inbox)');
select is(tests.error_detail($$ select public.submit_notice('chisme', (select chisme_id::text from fixture), 'spam', 'Otra vez.', 'vecina@test.chismes') $$) ->> 'action',
  'notice', 'the refusal names the notices');
-- per network: 5 an hour from one client, whatever x-forwarded-for says
select set_config('request.headers', '{"cf-connecting-ip": "203.0.113.53", "x-forwarded-for": "192.0.2.1"}', true);
select lives_ok(
  $$ select public.submit_notice('chisme', gen_random_uuid()::text, 'spam', 'Spam.', 'red' || n || '@test.chismes') from generate_series(1, 5) n $$,
  'five notices from one network within the hour');
select set_config('request.headers', '{"cf-connecting-ip": "203.0.113.53", "x-forwarded-for": "192.0.2.2"}', true);
select throws_ok(
  $$ select public.submit_notice('chisme', gen_random_uuid()::text, 'spam', 'Spam.', 'red6@test.chismes') $$,
  'P0001', 'rate_limited', 'the sixth from that network is refused, a new x-forwarded-for notwithstanding');
-- per target: 10 an hour on one id, from anywhere
select lives_ok(
  $$ select set_config('request.headers', format('{"cf-connecting-ip": "198.18.0.%s"}', n), true),
            public.submit_notice('comment', '00000000-0000-4000-8000-000000000001', 'spam', 'Spam.', 'blanco' || n || '@test.chismes')
     from generate_series(1, 10) n $$,
  'ten notices of one id from ten networks and addresses');
select set_config('request.headers', '{"cf-connecting-ip": "198.18.0.99"}', true);
select throws_ok(
  $$ select public.submit_notice('comment', '00000000-0000-4000-8000-000000000001', 'spam', 'Spam.', 'blanco99@test.chismes') $$,
  'P0001', 'rate_limited', 'the eleventh notice of one id within the hour is refused');
-- the project's mail budget (decision 0027) is the notices' too
select tests.reset_role();
update private.auth_limit_settings set mails_per_project = (select count(*) from private.auth_mail_log);
select set_config('request.headers', '{"cf-connecting-ip": "198.18.1.1"}', true);
select tests.clear_authentication();
select throws_ok(
  $$ select public.submit_notice('chisme', gen_random_uuid()::text, 'spam', 'Spam.', 'presupuesto@test.chismes') $$,
  'P0001', 'rate_limited', 'a notice that would pass the project''s mail budget is refused');
select tests.reset_role();
update private.auth_limit_settings set mails_per_project = 1000;
select is((select count(*)::int from private.notice_mails where email in ('red6@test.chismes', 'blanco99@test.chismes', 'presupuesto@test.chismes')), 0,
  'a refused notice stores nothing and mails nothing');

-- ── a decision mails the notifier and forgets the address ──
delete from private.notice_mails;
select tests.authenticate_as_moderator('mod');
select lives_ok($$ select public.moderate_delete('chisme', (select chisme_id::text from fixture), 'datos_personales', null) $$,
  'a moderator removes the reported chisme');
select tests.reset_role();
select is((select count(*)::int from private.notices), 0, 'the notice is closed');
select results_eq(
  $$ select facts, reports_received from public.moderation_statements where chisme_id = (select chisme_id from fixture) and decision = 'deleted' $$,
  $$ values ('reports', 1) $$,
  'the statement of reasons counts the signed-out notice among the reports received');
select results_eq($$ select kind, email from private.notice_mails $$, $$ values ('removed', 'vecina+avisos@test.chismes') $$,
  'the notifier''s decision mail waits');
select tests.authenticate_as_service_role();
create temporary table claimed on commit drop as select public.claim_notice_mails(10) as mails;
select tests.reset_role();
select results_eq(
  $$ select m ->> 'kind', m ->> 'to', m ->> 'target', m ->> 'reason', m ->> 'rule', m ->> 'legal_ground' from claimed, jsonb_array_elements(mails) m $$,
  $$ select 'removed', 'vecina+avisos@test.chismes', 'chisme', rr.label, s.rule, s.legal_ground
     from public.report_reasons rr, public.moderation_statements s
     where rr.code = 'datos_personales' and s.chisme_id = (select chisme_id from fixture) and s.decision = 'deleted' $$,
  'the sender reads the decision with the ground of its statement of reasons');
select tests.authenticate_as_service_role();
select is(jsonb_array_length(public.claim_notice_mails(10)), 0, 'a leased mail is not claimed twice');
select tests.reset_role();
-- a sender that died mid-send: its lease runs out and the next sender gets the mail again
update private.notice_mails set leased_until = now() - interval '1 second';
select tests.authenticate_as_service_role();
select is((select jsonb_agg(m ->> 'kind') from jsonb_array_elements(public.claim_notice_mails(10)) m), '["removed"]'::jsonb,
  'a mail whose sender died is claimed again once its lease ends: nothing is lost');
select is(public.finish_notice_mails(array(select (m ->> 'id')::uuid from claimed, jsonb_array_elements(mails) m)), 1,
  'the sender reports it sent');
select tests.reset_role();
select is(
  (select count(*)::int from private.notices where email like 'vecina%')
  + (select count(*)::int from private.pending_notices where email like 'vecina%')
  + (select count(*)::int from private.notice_mails where email like 'vecina%'), 0,
  'once the decision is mailed the address is gone');

-- a dismissal mails the decision too
select tests.authenticate_as('author');
create temporary table second on commit drop as
  select (tests.create_chisme('Mujer', '25', 'Otro chisme denunciado sin cuenta', '[]', 'ES', 'false')).id as chisme_id;
grant select on second to anon, authenticated;
select tests.reset_role();
insert into private.notices (chisme_id, reason, explanation, email, created_at)
select chisme_id, 'acoso', 'Me acosa.', 'tercera@test.chismes', now() from second;
select tests.authenticate_as_moderator('mod');
select lives_ok($$ select public.moderate_restore('chisme', (select chisme_id::text from second)) $$, 'a moderator keeps the content');
select tests.reset_role();
select results_eq($$ select kind, email, (select count(*)::int from private.notices) from private.notice_mails $$,
  $$ values ('dismissed', 'tercera@test.chismes', 0) $$, 'the notifier is told it was dismissed, and the notice is closed');

-- ── unconfirmed notices expire within the hour ──
select set_config('request.headers', '{"cf-connecting-ip": "198.18.2.1"}', true);
select tests.clear_authentication();
select public.submit_notice('chisme', (select chisme_id::text from second), 'spam', 'Tarde.', 'tarde@test.chismes');
select tests.reset_role();
update private.pending_notices set created_at = now() - interval '61 minutes' where email = 'tarde@test.chismes';
create temporary table late_token on commit drop as select token from private.notice_mails where email = 'tarde@test.chismes';
grant select on late_token to anon;
select tests.clear_authentication();
select throws_ok($$ select public.confirm_notice((select token from late_token)) $$, 'P0001', 'notice_link_invalid',
  'a link older than an hour no longer confirms');
select tests.reset_role();
select ok(private.delete_expired_notices() >= 1, 'the purge deletes unconfirmed notices past their hour');
select is((select count(*)::int from private.pending_notices where email = 'tarde@test.chismes'), 0, 'and the address with them');

select * from finish();
rollback;
