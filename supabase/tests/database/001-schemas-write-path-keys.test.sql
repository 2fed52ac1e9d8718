-- Every exposed write path answers bad input with a stable key (docs/decisions/0007-stable-error-keys.md): the RPCs (clients
-- hold no table write privilege; the tables' rules answer any writer), with blank, over-long, null, unknown
-- and forged values. No assertion here accepts a raw SQLSTATE: each names its key.
begin;
select plan(32);

select tests.lift_rate_limits();
select tests.create_supabase_users('author', 'walker');
select tests.authenticate_as('author');
select tests.arrange($arrange$ select set_config('test.chisme', (select id::text from tests.create_chisme('Mujer', '30', 'El chisme de la prueba', null, 'CR', 'false')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.comment', (select id::text from tests.add_comment(current_setting('test.chisme'), null, 'Un comentario', 'Mujer', '30', 'CR')), true) $arrange$);
select tests.authenticate_as('walker');

-- create_chisme / insert into chismes
select throws_ok($$ select public.create_chisme(null, '30', 'Contenido suficiente', null, 'CR', 'false') $$, 'P0001', 'chisme_gender_invalid', 'chisme: null gender');
select throws_ok($$ select public.create_chisme('Otro', '30', 'Contenido suficiente', null, 'CR', 'false') $$, 'P0001', 'chisme_gender_invalid', 'chisme: unknown gender');
select throws_ok($$ select public.create_chisme('Mujer', null, 'Contenido suficiente', null, 'CR', 'false') $$, 'P0001', 'chisme_years_out_of_range', 'chisme: null age');
select throws_ok($$ select public.create_chisme('Mujer', '2147483647', 'Contenido suficiente', null, 'CR', 'false') $$, 'P0001', 'chisme_years_out_of_range', 'chisme: the largest int as age');
select throws_ok($$ select public.create_chisme('Mujer', '-5', 'Contenido suficiente', null, 'CR', 'false') $$, 'P0001', 'chisme_years_out_of_range', 'chisme: negative age');
select throws_ok($$ select public.create_chisme('Mujer', '30', null, null, 'CR', 'false') $$, 'P0001', 'chisme_content_too_short', 'chisme: null content');
select throws_ok($$ select public.create_chisme('Mujer', '30', repeat('a' || repeat(U&'\0301', 20), 300), null, 'CR', 'false') $$, 'P0001', 'chisme_content_too_long', 'chisme: 300 letters with 20 accents each (6300 code points)');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Contenido suficiente', to_jsonb(array['a', 'b', 'c', 'd']), 'CR', 'false') $$, 'P0001', 'chisme_tags_too_many', 'chisme: four tags');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Contenido suficiente', to_jsonb(array[repeat('x', 21)]), 'CR', 'false') $$, 'P0001', 'chisme_tag_too_long', 'chisme: a 21-character tag');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Contenido suficiente', null, repeat('p', 101), 'false') $$, 'P0001', 'country_too_long', 'chisme: a 101-character country');
select throws_ok($$ select public.create_chisme('Mujer', '30', repeat('b', 401), null, 'CR', 'false') $$, 'P0001', 'chisme_content_too_long', 'chisme: 401 characters');
select throws_ok($$ select public.create_chisme('Mujer', '15', 'Contenido suficiente', null, 'CR', 'true') $$, 'P0001', 'chisme_years_out_of_range', 'chisme: a minor in cotilleo');

-- add_comment / insert into comments
select throws_ok($$ select public.add_comment(null, null, 'Hola', 'Hombre', '30', 'ES') $$, 'P0001', 'chisme_not_found', 'comment: null chisme');
select throws_ok($$ select public.add_comment(gen_random_uuid()::text, null, 'Hola', 'Hombre', '30', 'ES') $$, 'P0001', 'chisme_not_found', 'comment: unknown chisme');
select throws_ok($$ select public.add_comment(current_setting('test.chisme'), gen_random_uuid()::text, 'Hola', 'Hombre', '30', 'ES') $$, 'P0001', 'comment_parent_not_found', 'comment: unknown parent');
select throws_ok($$ select public.add_comment(current_setting('test.chisme'), null, repeat('e' || repeat(U&'\0301', 20), 300), 'Hombre', '30', 'ES') $$, 'P0001', 'comment_content_too_long', 'comment: over the code-point backstop');
select throws_ok($$ select public.add_comment(current_setting('test.chisme'), null, 'Hola', 'Hombre', '2147483647', 'ES') $$, 'P0001', 'comment_years_out_of_range', 'comment: the largest int as age');
select throws_ok($$ select public.add_comment(current_setting('test.chisme'), null, 'Hola', 'Hombre', '30', repeat('p', 101)) $$, 'P0001', 'country_too_long', 'comment: a 101-character country');

-- likes
select throws_ok($$ select public.like_chisme(null) $$, 'P0001', 'chisme_not_found', 'like: null chisme');
select throws_ok($$ select public.like_chisme(gen_random_uuid()::text) $$, 'P0001', 'chisme_not_found', 'like: unknown chisme');
select throws_ok($$ select public.unlike_chisme(null) $$, 'P0001', 'chisme_not_found', 'unlike: null chisme');

-- reports
select throws_ok($$ select public.report_chisme(null, 'spam') $$, 'P0001', 'report_target_not_found', 'report: null chisme');
select throws_ok($$ select public.report_comment(gen_random_uuid()::text, 'spam') $$, 'P0001', 'report_target_not_found', 'report: unknown comment');
select throws_ok($$ select public.report_chisme(current_setting('test.chisme'), 'spam', repeat('motivo ', 300)) $$, 'P0001', 'report_explanation_too_long', 'report: a 2001-character explanation');
-- Two targets or none cannot come through the RPCs; the table's rule answers any writer with a key
select tests.authenticate_as_service_role();
select throws_ok($$ insert into public.reports (chisme_id, comment_id, user_id) values (current_setting('test.chisme')::uuid, current_setting('test.comment')::uuid, tests.get_supabase_uid('walker')) $$, 'P0001', 'report_target_invalid', 'report (service role): two targets');
select throws_ok($$ insert into public.reports (reason, user_id) values ('nada', tests.get_supabase_uid('walker')) $$, 'P0001', 'report_target_not_found', 'report (service role): no target');
select tests.authenticate_as('walker');

-- country logs
select throws_ok($$ select public.log_country(repeat('p', 101)) $$, 'P0001', 'country_too_long', 'country log: 101 characters');
select throws_ok($$ select public.log_country(U&'\200B\00A0') $$, 'P0001', 'country_required', 'country log: invisible characters only');

-- profiles and notifications (updates)
select throws_ok($$ select public.update_my_profile(repeat('n', 101)) $$, 'P0001', 'display_name_invalid', 'profile: a 101-character display name');
select throws_ok($$ select public.update_my_profile(U&'\200B ') $$, 'P0001', 'display_name_invalid', 'profile: an invisible display name');
select lives_ok($$ select public.update_my_profile(null, null, null) $$, 'profile: null settings are not a not-null error');
select results_eq(
  $$ select cotilleo is not null and murmuro is not null from public.profiles where id = tests.get_supabase_uid('walker') $$,
  array[true],
  'profile: null settings kept their value'
);
select * from finish();
rollback;
