-- Appeals: the author of a chisme hidden by reports sees it as hidden and may ask once for a
-- review; nobody else may; moderators see the appeal with its report count and no person's
-- id; the decision (restore) notifies the author and closes the appeal for good.
begin;
select plan(13);

select tests.lift_rate_limits();
update private.moderation_settings set hide_threshold = 2;
select tests.create_supabase_users('author', 'r1', 'r2', 'mod');

create temporary table person_ids on commit drop as select u.id from auth.users u;
grant select on person_ids to authenticated;

select tests.authenticate_as('author');
select tests.post_chisme('c', 'Mujer', '30', 'Un chisme que van a denunciar', null, 'ES', 'false');
select tests.post_chisme('ok', 'Mujer', '30', 'Un chisme que nadie denuncia', null, 'ES', 'false');
select tests.authenticate_as('r1');
select public.report_chisme(current_setting('test.c'), 'Contenido inapropiado');
select tests.authenticate_as('r2');
select public.report_chisme(current_setting('test.c'), 'Contenido inapropiado');

-- The author sees it hidden, and may appeal once
select tests.authenticate_as('author');
select results_eq($$ select chisme_id::text, appealed from public.get_my_hidden_chismes() $$,
  $$ values (current_setting('test.c'), false) $$, 'author: "Oculto por denuncias", not yet appealed');
select throws_ok($$ select public.appeal_chisme(current_setting('test.ok')) $$, 'P0001', 'appeal_not_allowed', 'author: a chisme that is not hidden cannot be appealed');
select lives_ok($$ select public.appeal_chisme(current_setting('test.c')) $$, 'author: appeals the hidden chisme');
select throws_ok($$ select public.appeal_chisme(current_setting('test.c')) $$, 'P0001', 'appeal_already_exists', 'author: only once');
select results_eq($$ select appealed from public.get_my_hidden_chismes() $$, $$ values (true) $$, 'author: shown as appealed');

-- Nobody else
select tests.authenticate_as('r1');
select throws_ok($$ select public.appeal_chisme(current_setting('test.c')) $$, 'P0001', 'appeal_not_allowed', 'another person: appeal_not_allowed (as for any chisme not theirs)');
select throws_ok($$ select * from public.get_appeals() $$, 'P0001', 'moderator_required', 'another person: cannot read appeals');

-- The moderator sees it first, with the count, and no one's id
select tests.authenticate_as_moderator('mod');
select results_eq($$ select chisme_id::text, total_reports, pending_reports from public.get_appeals() $$,
  $$ values (current_setting('test.c'), 2, 2) $$, 'moderator: the appeal with its report counts');
select is(
  (select count(*)::int from public.get_appeals() a, person_ids u where position(u.id::text in to_jsonb(a)::text) > 0),
  0, 'moderator: no person''s id in an appeal'
);
select lives_ok($$ select public.moderate_restore('chisme', current_setting('test.c')) $$, 'moderator: restores it');
select is((select count(*)::int from public.get_appeals()), 0, 'moderator: the decided appeal leaves the list');
select tests.reset_role();
select is(
  (select count(*)::int from public.notifications where user_id = tests.get_supabase_uid('author') and type = 'moderation_decision'),
  1, 'author: notified of the decision (a moderation_decision, naming no moderator)'
);
select tests.authenticate_as('author');
select throws_ok($$ select public.appeal_chisme(current_setting('test.c')) $$, 'P0001', 'appeal_not_allowed', 'author: a restored chisme is not hidden, so no second appeal');

select * from finish();
rollback;
