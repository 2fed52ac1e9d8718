-- Every write RPC answers a malformed argument with its own key (docs/decisions/0008-text-arguments-and-rest-write-guard.md): the arguments
-- arrive as text exactly as PostgREST passes a JSON value (a number or boolean as its text),
-- so a bad uuid, a number that is not an int, a bad boolean or a tags value that is not an
-- array of strings is a key, never 22P02 / 22003 — and nothing is written.
begin;
select plan(30);

select tests.lift_rate_limits();
select tests.create_supabase_users('author', 'caller');
select tests.authenticate_as('author');
select tests.arrange($arrange$ select set_config('test.chisme', (select id::text from tests.create_chisme('Mujer', '30', 'El chisme de los argumentos', null, 'CR', 'false')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.comment', (select id::text from tests.add_comment(current_setting('test.chisme'), null, 'Un comentario', 'Mujer', '30', 'CR')), true) $arrange$);
select tests.authenticate_as('caller');

-- create_chisme: numbers, booleans and tags as JSON sends them
select is((tests.create_chisme('Mujer', '31', 'Con argumentos de JSON', '["#uno", "dos"]', 'CR', 'false')).years, 31, 'create_chisme: a JSON number is an age');
select is((select tags from public.chismes where content = 'Con argumentos de JSON'), array['#uno', '#dos'], 'create_chisme: a JSON array of strings is the tags');
select is((tests.create_chisme('Mujer', '31', 'Cotilleo con booleano JSON', null, 'CR', 'true')).cotilleo, true, 'create_chisme: JSON true is cotilleo mode');
select throws_ok($$ select public.create_chisme('Mujer', 'treinta', 'Contenido suficiente', null, 'CR', 'false') $$, 'P0001', 'chisme_years_out_of_range', 'create_chisme: words as age');
select throws_ok($$ select public.create_chisme('Mujer', '1e20', 'Contenido suficiente', null, 'CR', 'false') $$, 'P0001', 'chisme_years_out_of_range', 'create_chisme: 1e20 as age (was 22003)');
select throws_ok($$ select public.create_chisme('Mujer', '99999999999', 'Contenido suficiente', null, 'CR', 'false') $$, 'P0001', 'chisme_years_out_of_range', 'create_chisme: past int as age');
select throws_ok($$ select public.create_chisme('Mujer', '30.5', 'Contenido suficiente', null, 'CR', 'false') $$, 'P0001', 'chisme_years_out_of_range', 'create_chisme: a fraction as age');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Contenido suficiente', null, 'CR', 'quizás') $$, 'P0001', 'chisme_mode_invalid', 'create_chisme: a bad boolean as mode');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Contenido suficiente', '"#uno"', 'CR', 'false') $$, 'P0001', 'chisme_tags_invalid', 'create_chisme: a bare string as tags');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Contenido suficiente', '[1, {"a": 2}]', 'CR', 'false') $$, 'P0001', 'chisme_tags_invalid', 'create_chisme: non-strings as tags');
select is((select count(*)::int from public.chismes where content = 'Contenido suficiente'), 0, 'create_chisme: no refused call stored a chisme');

-- add_comment
select throws_ok($$ select public.add_comment('no-es-un-uuid', null, 'Hola', 'Hombre', '30', 'ES') $$, 'P0001', 'chisme_not_found', 'add_comment: a malformed chisme id');
select throws_ok($$ select public.add_comment('42', null, 'Hola', 'Hombre', '30', 'ES') $$, 'P0001', 'chisme_not_found', 'add_comment: a JSON number as chisme id');
select throws_ok($$ select public.add_comment(current_setting('test.chisme'), 'x', 'Hola', 'Hombre', '30', 'ES') $$, 'P0001', 'comment_parent_not_found', 'add_comment: a malformed parent id');
select throws_ok($$ select public.add_comment(current_setting('test.chisme'), null, 'Hola', 'Hombre', '2147483648', 'ES') $$, 'P0001', 'comment_years_out_of_range', 'add_comment: one past the largest int as age (was 22003)');
select throws_ok($$ select public.add_comment(current_setting('test.chisme'), null, 'Hola', 'Hombre', 'true', 'ES') $$, 'P0001', 'comment_years_out_of_range', 'add_comment: a boolean as age');
select is((select count(*)::int from public.comments where chisme_id = current_setting('test.chisme')::uuid), 1, 'add_comment: no refused call stored a comment');

-- likes
select throws_ok($$ select public.like_chisme('x') $$, 'P0001', 'chisme_not_found', 'like_chisme: a malformed id');
select throws_ok($$ select public.like_chisme(current_setting('test.chisme') || '0') $$, 'P0001', 'chisme_not_found', 'like_chisme: an id one digit too long');
select throws_ok($$ select public.unlike_chisme('{}') $$, 'P0001', 'chisme_not_found', 'unlike_chisme: an object as id');
select is(public.like_chisme(upper(current_setting('test.chisme')))::text::int, 1, 'like_chisme: an upper-case uuid is still the chisme');

-- reports
select throws_ok($$ select public.report_chisme('x', 'Spam') $$, 'P0001', 'report_target_not_found', 'report_chisme: a malformed id');
select throws_ok($$ select public.report_comment('2026-11-24', 'Spam') $$, 'P0001', 'report_target_not_found', 'report_comment: a date as id');
select is((select count(*)::int from public.reports), 0, 'reports: no refused call stored a report');

-- notifications and profile (the RPCs that replace REST table writes)
select throws_ok($$ select public.mark_notification_read('x') $$, 'P0001', 'notification_not_found', 'mark_notification_read: a malformed id');
select throws_ok($$ select public.delete_notification('12') $$, 'P0001', 'notification_not_found', 'delete_notification: a JSON number as id');
select throws_ok($$ select public.update_my_profile(p_cotilleo => 'quizás') $$, 'P0001', 'profile_setting_invalid', 'update_my_profile: a bad boolean as cotilleo');
select throws_ok($$ select public.update_my_profile(p_murmuro => '2') $$, 'P0001', 'profile_setting_invalid', 'update_my_profile: a number as murmuro');
select throws_ok($$ select public.update_my_profile(p_display_name => repeat('n', 101)) $$, 'P0001', 'display_name_invalid', 'update_my_profile: the display name rule still answers with its key');
select is((select cotilleo from public.profiles where id = tests.get_supabase_uid('caller')), false, 'update_my_profile: refused calls changed nothing');

select * from finish();
rollback;
