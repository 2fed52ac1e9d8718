-- Every text shown to others passes the same rules (07-text-rules.sql): a chisme's tags and
-- country, a comment's country and a country log go through the personal-data guard (both
-- modes) and the offensive-word filter (casual mode; a country log has no mode, so always),
-- with the field named in the error's detail; nothing refused is stored.
begin;
select plan(22);

select tests.lift_rate_limits();
select tests.create_supabase_user('fields_author');
select tests.authenticate_as('fields_author');
select tests.arrange($arrange$ select set_config('test.casual', (select id::text from tests.create_chisme('Mujer', '30', 'Un chisme casual cualquiera', null, 'ES', 'false')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.cotilleo', (select id::text from tests.create_chisme('Mujer', '30', 'Un cotilleo cualquiera', null, 'ES', 'true')), true) $arrange$);

-- Tags
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Un chisme con etiquetas', '["#idiota"]', 'ES', 'false') $$,
  'P0001', 'content_offensive', 'tags: a listed word is refused in casual mode');
select is(tests.error_detail($$ select public.create_chisme('Mujer', '30', 'Un chisme con etiquetas', '["#amor", "#1d10t4"]', 'ES', 'false') $$),
  '{"words": ["idiota"], "field": "tags"}'::jsonb, 'tags: the refusal names the word and the field, bypass forms included');
select lives_ok($$ select public.create_chisme('Mujer', '30', 'Un cotilleo con etiquetas', '["#idiota"]', 'ES', 'true') $$,
  'tags: cotilleo mode is not word-filtered (spec)');
select is(tests.error_detail($$ select public.create_chisme('Mujer', '30', 'Un chisme con etiquetas', '["#600123456"]', 'ES', 'false') $$),
  '{"kind": "phone", "field": "tags"}'::jsonb, 'tags: a phone is refused, naming the field');
select is(tests.error_detail($$ select public.create_chisme('Mujer', '30', 'Un cotilleo con etiquetas', '["#600123456"]', 'ES', 'true') $$),
  '{"kind": "phone", "field": "tags"}'::jsonb, 'tags: in cotilleo mode too');
select is(tests.error_detail($$ select public.create_chisme('Mujer', '30', 'Un chisme con etiquetas', '["#ig:lachismosa"]', 'ES', 'false') $$),
  '{"kind": "handle", "field": "tags"}'::jsonb, 'tags: a handle is refused');
select is((select tags from tests.create_chisme('Mujer', '30', 'Un chisme con etiquetas', '["#2024", "#amor", "#computadora"]', 'ES', 'false')),
  array['#2024', '#amor', '#computadora'], 'tags: ordinary tags (a year, a word containing a listed one) are accepted');

-- A chisme's country
select is(tests.error_detail($$ select public.create_chisme('Mujer', '30', 'Un chisme normal y corriente', null, 'llamame al 600123456', 'false') $$),
  '{"kind": "phone", "field": "country"}'::jsonb, 'chisme country: a phone is refused');
select is(tests.error_detail($$ select public.create_chisme('Mujer', '30', 'Un chisme normal y corriente', null, 'ana@gmail.com', 'true') $$),
  '{"kind": "email", "field": "country"}'::jsonb, 'chisme country: an e-mail is refused in cotilleo mode too');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Un chisme normal y corriente', null, 'Pais de idiotas', 'false') $$,
  'P0001', 'content_offensive', 'chisme country: a listed word is refused in casual mode');
select lives_ok($$ select public.create_chisme('Mujer', '30', 'Un cotilleo normal y corriente', null, 'Pais de idiotas', 'true') $$,
  'chisme country: cotilleo mode is not word-filtered');
select is((select country from tests.create_chisme('Mujer', '30', 'Un chisme normal y corriente', null, 'Costa Rica', 'false')), 'Costa Rica', 'chisme country: a country is accepted');

-- A comment's country
select is(tests.error_detail($$ select public.add_comment(current_setting('test.casual'), null, 'Hola', 'Hombre', '30', 'tg: pepito') $$),
  '{"kind": "handle", "field": "country"}'::jsonb, 'comment country: a handle is refused');
select is(tests.error_detail($$ select public.add_comment(current_setting('test.cotilleo'), null, 'Hola', 'Hombre', '30', '6OO 123 456') $$),
  '{"kind": "phone", "field": "country"}'::jsonb, 'comment country: a phone with O for zero is refused in cotilleo mode too');
select is(tests.error_detail($$ select public.add_comment(current_setting('test.casual'), null, 'Hola', 'Hombre', '30', 'M!erda') $$),
  '{"words": ["mierda"], "field": "country"}'::jsonb, 'comment country: a listed word is refused in casual mode');
select lives_ok($$ select public.add_comment(current_setting('test.cotilleo'), null, 'Hola', 'Hombre', '30', 'M!erda') $$,
  'comment country: cotilleo mode is not word-filtered');

-- Country logs (no mode: both rules always)
select is(tests.error_detail($$ select public.log_country('llamame al 600 123 456') $$),
  '{"kind": "phone", "field": "country"}'::jsonb, 'country log: a phone is refused');
select is(tests.error_detail($$ select public.log_country('ana (at) gmail (dot) com') $$),
  '{"kind": "email", "field": "country"}'::jsonb, 'country log: an e-mail is refused');
select throws_ok($$ select public.log_country('Idiiiota') $$, 'P0001', 'content_offensive', 'country log: a listed word is refused');
select is(tests.log_country('México'), true, 'country log: a country is logged');

-- Nothing refused was stored
select tests.reset_role();
select is_empty(
  $$ select c.content from public.chismes c join public.chisme_authors a on a.chisme_id = c.id
     where a.user_id = tests.get_supabase_uid('fields_author')
       and (c.tags && array['#600123456', '#ig:lachismosa', '#1d10t4'] or c.country in ('llamame al 600123456', 'ana@gmail.com') or (not c.cotilleo and c.country = 'Pais de idiotas')) $$,
  'no refused chisme was stored'
);
select is(
  (select array_agg(country order by country) from public.country_logs where user_id = tests.get_supabase_uid('fields_author')),
  array['México'], 'only the accepted country was logged'
);

select * from finish();
rollback;
