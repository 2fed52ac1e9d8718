-- "Descargar mis datos": get_my_data returns the caller's own rows of every kind (chismes,
-- comments, likes, reports, notifications, country logs, blocks as a count) and nothing that
-- identifies anyone else: no other person's user id anywhere in the document.
begin;
select plan(13);

select tests.lift_rate_limits();
select tests.create_supabase_users('ana', 'beto');

select tests.authenticate_as('beto');
select tests.post_chisme('b', 'Hombre', '40', 'El chisme de Beto para exportar', null, 'ES', 'false');
select tests.post_comment('bc', current_setting('test.b'), null, 'Beto comenta lo suyo', 'Hombre', '40', 'ES');
select tests.authenticate_as('ana');
select tests.post_chisme('a', 'Mujer', '30', 'El chisme de Ana para exportar', '["#export"]', 'ES', 'false');
select public.add_comment(current_setting('test.b'), current_setting('test.bc'), 'Ana responde a Beto', 'Mujer', '30', 'ES');
select public.like_chisme(current_setting('test.b'));
select public.report_chisme(current_setting('test.b'), 'spam');
select tests.authenticate_as('beto');
select public.add_comment(current_setting('test.a'), null, 'Beto comenta en lo de Ana', 'Hombre', '40', 'ES');
select tests.authenticate_as('ana');
select public.block_comment_author(current_setting('test.bc'));
select tests.reset_role();
insert into public.country_logs (user_id, country) values (tests.get_supabase_uid('ana'), 'España');
select set_config('test.email', (select email from auth.users where id = tests.get_supabase_uid('ana')), true);
create temporary table other_ids on commit drop as select u.id from auth.users u where u.id <> tests.get_supabase_uid('ana');
grant select on other_ids to authenticated;

select tests.authenticate_as('ana');
select set_config('test.doc', public.get_my_data()::text, true);
create function pg_temp.doc() returns jsonb language sql as $$ select current_setting('test.doc')::jsonb $$;

select is(pg_temp.doc() -> 'account' ->> 'email', current_setting('test.email'), 'ana: her account''s e-mail');
select is(jsonb_array_length(pg_temp.doc() -> 'chismes'), 1, 'ana: one chisme, hers');
select is(pg_temp.doc() -> 'chismes' -> 0 ->> 'content', 'El chisme de Ana para exportar', 'ana: with its text');
select is(jsonb_array_length(pg_temp.doc() -> 'comments'), 1, 'ana: her one comment (not Beto''s)');
select is(pg_temp.doc() -> 'comments' -> 0 ->> 'content', 'Ana responde a Beto', 'ana: with its text');
select is(jsonb_array_length(pg_temp.doc() -> 'likes'), 1, 'ana: her like');
select is(jsonb_array_length(pg_temp.doc() -> 'reports'), 1, 'ana: her report');
select is(jsonb_array_length(pg_temp.doc() -> 'notifications'), 1, 'ana: her notification (Beto''s comment, before she blocked him)');
select is(jsonb_array_length(pg_temp.doc() -> 'country_logs'), 1, 'ana: her country log');
select is((pg_temp.doc() ->> 'blocked_people')::int, 1, 'ana: the people she blocked, as a count');
select is(
  (select count(*)::int from other_ids o where position(o.id::text in current_setting('test.doc')) > 0),
  0, 'ana: no other person''s user id appears anywhere in her data'
);

select tests.authenticate_as('beto');
select ok(position('El chisme de Ana para exportar' in public.get_my_data()::text) = 0, 'beto: his export holds nothing of Ana''s chismes');
select tests.clear_authentication();
select throws_ok($$ select public.get_my_data() $$, '42501', null, 'anon: may not export');

select * from finish();
rollback;
