-- Appeals are complaints: the author of a chisme hidden by reports sees it as hidden with the
-- statement of its hiding, and complains about that statement; nobody else may; moderators see
-- the complaint without any person's id; the decision notifies the author and closes it.
begin;
select plan(10);

select tests.lift_rate_limits();
update private.moderation_settings set hide_threshold = 2;
select tests.create_supabase_users('author', 'r1', 'r2', 'mod');

create temporary table person_ids on commit drop as select u.id from auth.users u;
grant select on person_ids to authenticated;

select tests.authenticate_as('author');
select tests.post_chisme('c', 'Mujer', '30', 'Un chisme que van a denunciar', null, 'ES', 'false');
select tests.post_chisme('ok', 'Mujer', '30', 'Un chisme que nadie denuncia', null, 'ES', 'false');
select tests.authenticate_as('r1');
select public.report_chisme(current_setting('test.c'), 'spam');
select tests.authenticate_as('r2');
select public.report_chisme(current_setting('test.c'), 'spam');

-- The author sees it hidden, with its statement, and may complain once
select tests.authenticate_as('author');
select results_eq($$ select chisme_id::text, appealed, statement_id is not null from public.get_my_hidden_chismes() $$,
  $$ values (current_setting('test.c'), false, true) $$, 'author: "Oculto por denuncias", with its statement, not yet complained about');
select set_config('test.s', (select statement_id::text from public.get_my_hidden_chismes()), true);
select lives_ok($$ select set_config('test.complaint', public.file_complaint('statement', current_setting('test.s'), 'No es spam, es un aviso a los vecinos')::text, true) $$, 'author: complains about the hiding');
select throws_ok($$ select public.file_complaint('statement', current_setting('test.s'), 'Otra vez') $$, 'P0001', 'complaint_already_exists', 'author: only once');
select results_eq($$ select appealed from public.get_my_hidden_chismes() $$, $$ values (true) $$, 'author: shown as complained about');

-- Nobody else
select tests.authenticate_as('r1');
select throws_ok($$ select public.file_complaint('statement', current_setting('test.s'), 'Yo también') $$, 'P0001', 'complaint_not_allowed', 'another person: complaint_not_allowed');
select throws_ok($$ select * from public.get_complaints() $$, 'P0001', 'moderator_required', 'another person: cannot read complaints');

-- The moderator sees it, with no one's id, and decides
select tests.authenticate_as_moderator('mod');
select results_eq($$ select chisme_id::text, decision, automated from public.get_complaints() $$,
  $$ values (current_setting('test.c'), 'hidden', true) $$, 'moderator: the complaint with the automated decision it is about');
select is(
  (select count(*)::int from public.get_complaints() a, person_ids u where position(u.id::text in to_jsonb(a)::text) > 0),
  0, 'moderator: no person''s id in a complaint'
);
select lives_ok($$ select public.decide_complaint(current_setting('test.complaint'), 'reversed', 'Es un aviso útil: vuelve a estar visible.') $$, 'moderator: reverses');
select is((select count(*)::int from public.get_complaints()), 0, 'moderator: the decided complaint leaves the list');

select * from finish();
rollback;
