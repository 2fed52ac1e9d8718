-- Creating chismes (spec §5 "New post"): content, gender, age by mode, tags, the word filter in
-- casual mode only, the author is always the caller, and clients never write counters,
-- file_exist or timestamps — through create_chisme and through a direct REST-style insert.
begin;
select plan(60);
-- The fixtures post more than a person could in a minute (limits: 012-rate-limits).
select tests.lift_rate_limits();

-- Arrange (service role)
select tests.create_supabase_users('author', 'other');
delete from public.offensive_words; -- a known list (the seed's is removed in this transaction)
insert into public.offensive_words (word) values ('tonto'), ('idiota');

-- Act as the author: allowed paths
select tests.authenticate_as('author');

select lives_ok(
  $$ select public.create_chisme('Mujer', '25', 'Un chisme de prueba bastante normal', to_jsonb(array['uno']), 'Costa Rica', 'false') $$,
  'author: publishes a valid casual chisme'
);
select results_eq(
  $$ select is_mine, liked_by_me, likes, comments, report, file_exist, cotilleo, image_viewable
     from tests.create_chisme('Hombre', '13', 'Tengo trece años y un chisme', null, null, 'false') $$,
  $$ values (true, false, 0, 0, 0, false, false, false) $$,
  'author: the created row is mine, unliked, with zero counters and no image'
);
select is(
  (select content from tests.create_chisme('Hombre', '30', '  <b>Negrita</b> y <script>alert(1)</script>texto  limpio  ', null, 'ES', 'false')),
  'Negrita y texto  limpio',
  'author: script blocks and tags are stripped and the content trimmed'
);
select is(
  (select content from tests.create_chisme('Hombre', '30', e'<SCRIPT type="x">\nmal()\n</SCRIPT>Mayúsculas también', null, 'ES', 'false')),
  'Mayúsculas también',
  'author: script blocks are stripped case-insensitively and across lines'
);
select is(
  (select char_length(content) from tests.create_chisme('Mujer', '40', repeat('a', 400), null, null, 'false')),
  400,
  'author: exactly 400 characters are accepted'
);
select is(
  (select char_length(content) from tests.create_chisme('Mujer', '40', '<i>' || repeat('b', 400) || '</i>', null, null, 'false')),
  400,
  'author: the 400 limit counts the text after stripping markup'
);
select is(
  (select content from tests.create_chisme('Mujer', '40', '   abcdefghij   ', null, null, 'false')),
  'abcdefghij',
  'author: exactly 10 characters after trimming are accepted'
);
select is(
  (select tags from tests.create_chisme('Mujer', '40', 'Etiquetas normalizadas', to_jsonb(array[' uno', '#dos', '', '   ', '##tres']), null, 'false')),
  array['#uno', '#dos', '#tres'],
  'author: tags are trimmed, blanks dropped, stored with one leading #'
);
select is(
  (select tags from tests.create_chisme('Mujer', '40', 'Etiquetas repetidas', to_jsonb(array['uno', '#uno', 'dos']), null, 'false')),
  array['#uno', '#dos'],
  'author: a repeated tag is stored once'
);
select is(
  (select tags from tests.create_chisme('Mujer', '40', 'Etiqueta de veinte', to_jsonb(array[repeat('t', 20)]), null, 'false')),
  array['#' || repeat('t', 20)],
  'author: a 20-character tag is accepted'
);
select is(
  (select tags from tests.create_chisme('Mujer', '40', 'Cuatro con un blanco', to_jsonb(array['a', 'b', ' ', 'c']), null, 'false')),
  array['#a', '#b', '#c'],
  'author: four tags of which one is blank make three'
);
select is(
  (select country from tests.create_chisme('Mujer', '40', 'Sin país conocido', null, null, 'false')),
  'unknow',
  'author: a missing country becomes "unknow"'
);
select is(
  (select country from tests.create_chisme('Mujer', '40', 'País en blanco aquí', null, '   ', 'false')),
  'unknow',
  'author: a blank country becomes "unknow"'
);
select is(
  (select gender from tests.create_chisme('Prefiero no decirlo', '40', 'Género no dicho aquí', null, 'MX', 'false')),
  'Prefiero no decirlo',
  'author: "Prefiero no decirlo" is a valid gender'
);
select is(
  (select years from tests.create_chisme('Mujer', '18', 'Cotilleo con dieciocho', null, 'MX', 'true')),
  18,
  'author: 18 is accepted in cotilleo mode'
);
select is(
  (select years from tests.create_chisme('Mujer', '99', 'Noventa y nueve años', null, 'MX', 'false')),
  99,
  'author: 99 is accepted'
);
select is(
  (select cotilleo from tests.create_chisme('Mujer', '30', 'Qué tonto es el vecino', null, 'MX', 'true')),
  true,
  'author: cotilleo mode skips the offensive-word check'
);
select is(
  (select count(*)::int from public.chisme_authors),
  (select count(*)::int from public.get_my_chismes(false)) + (select count(*)::int from public.get_my_chismes(true)),
  'author: every chisme created is linked to the author'
);

-- Act as the author: denied paths
select throws_ok($$ select public.create_chisme('Mujer', '25', '012345678', null, null, 'false') $$,
  'P0001', 'chisme_content_too_short', 'author: 9 characters are refused');
select throws_ok($$ select public.create_chisme('Mujer', '25', '<b>  </b>   <p>corto</p>  ', null, null, 'false') $$,
  'P0001', 'chisme_content_too_short', 'author: markup does not count towards the 10 characters');
select throws_ok($$ select public.create_chisme('Mujer', '25', null, null, null, 'false') $$,
  'P0001', 'chisme_content_too_short', 'author: missing content is refused');
select throws_ok($$ select public.create_chisme('Mujer', '25', repeat('x', 401), null, null, 'false') $$,
  'P0001', 'chisme_content_too_long', 'author: 401 characters are refused');
select throws_ok($$ select public.create_chisme('Otro', '25', 'Género que no existe', null, null, 'false') $$,
  'P0001', 'chisme_gender_invalid', 'author: an unknown gender is refused');
select throws_ok($$ select public.create_chisme(null, '25', 'Género que no existe', null, null, 'false') $$,
  'P0001', 'chisme_gender_invalid', 'author: a missing gender is refused');
select throws_ok($$ select public.create_chisme('Mujer', '12', 'Demasiado joven aquí', null, null, 'false') $$,
  'P0001', 'chisme_years_out_of_range', 'author: 12 is refused in casual mode');
select throws_ok($$ select public.create_chisme('Mujer', '100', 'Demasiado mayor aquí', null, null, 'false') $$,
  'P0001', 'chisme_years_out_of_range', 'author: 100 is refused');
select throws_ok($$ select public.create_chisme('Mujer', '17', 'Menor en cotilleo aquí', null, null, 'true') $$,
  'P0001', 'chisme_years_out_of_range', 'author: 17 is refused in cotilleo mode');
select throws_ok($$ select public.create_chisme('Mujer', null, 'Sin edad ninguna aquí', null, null, 'false') $$,
  'P0001', 'chisme_years_out_of_range', 'author: a missing age is refused');
select is(tests.error_detail($$ select public.create_chisme('Mujer', '17', 'Menor en cotilleo aquí', null, null, 'true') $$),
  '{"min": 18, "max": 99}'::jsonb, 'author: the age error says the cotilleo range');
select is(tests.error_detail($$ select public.create_chisme('Mujer', '5', 'Menor en casual aquí', null, null, 'false') $$),
  '{"min": 13, "max": 99}'::jsonb, 'author: the age error says the casual range');
select throws_ok($$ select public.create_chisme('Mujer', '25', 'Demasiadas etiquetas', to_jsonb(array['a', 'b', 'c', 'd']), null, 'false') $$,
  'P0001', 'chisme_tags_too_many', 'author: four tags are refused');
select throws_ok($$ select public.create_chisme('Mujer', '25', 'Etiqueta demasiado larga', to_jsonb(array[repeat('t', 21)]), null, 'false') $$,
  'P0001', 'chisme_tag_too_long', 'author: a 21-character tag is refused');
select throws_ok($$ select public.create_chisme('Mujer', '25', 'Eres un tonto de verdad', null, null, 'false') $$,
  'P0001', 'content_offensive', 'author: an offensive word is refused in casual mode');
select throws_ok($$ select public.create_chisme('Mujer', '25', 'Eres un TONTO de verdad', null, null, 'false') $$,
  'P0001', 'content_offensive', 'author: the word check ignores case');
select throws_ok($$ select public.create_chisme('Mujer', '25', 'Qué toooonto es ese tipo', null, null, 'false') $$,
  'P0001', 'content_offensive', 'author: the word check sees through repeated letters (whole words only: "tontorrón" passes, pgTAP 007-text-rules-corpus)');
select is(tests.error_detail($$ select public.create_chisme('Mujer', '25', 'Idiota y tonto a la vez', null, null, 'false') $$),
  '{"words": ["idiota", "tonto"]}'::jsonb, 'author: the error lists every matched word');

-- Act as the author: there is no direct path (no table write privilege); the RPC gets the defaults
select throws_ok(
  $$ insert into public.chismes (gender, years, content) values ('Hombre', 20, 'Insertado directamente por REST') $$,
  '42501', null,
  'author: a direct insert, even with only client fields, is refused'
);
select results_eq(
  $$ select country, cotilleo, likes, file_exist from tests.create_chisme('Hombre', '20', 'Insertado por la función', null, null, null) $$,
  $$ values ('unknow'::text, false, 0, false) $$,
  'author: create_chisme without country or mode gets the defaults'
);
select throws_ok($$ insert into public.chismes (gender, years, content, likes) values ('Hombre', 20, 'Me doy mil likes gratis', 1000) $$,
  '42501', null, 'author: may not set likes');
select throws_ok($$ insert into public.chismes (gender, years, content, file_exist) values ('Hombre', 20, 'Tengo archivo falso', true) $$,
  '42501', null, 'author: may not set file_exist');
select throws_ok($$ insert into public.chismes (gender, years, content, created_at) values ('Hombre', 20, 'Vengo del futuro ya', now() + interval '1 day') $$,
  '42501', null, 'author: may not set created_at');
select throws_ok($$ insert into public.chismes (id, gender, years, content) values (gen_random_uuid(), 'Hombre', 20, 'Elijo mi propio id') $$,
  '42501', null, 'author: may not choose the id');
select throws_ok($$ insert into public.chismes (gender, years, content) values ('Hombre', 20, 'corto') $$,
  '42501', null, 'author: a direct insert of short content is refused by privilege');
-- The rules hold for every writer, the owner of the RPCs included
select tests.reset_role();
select throws_ok($$ insert into public.chismes (gender, years, content) values ('Hombre', 20, 'corto') $$,
  'P0001', 'chisme_content_too_short', 'every writer: the table checks the content');
select throws_ok($$ insert into public.chismes (gender, years, content) values ('Hombre', 20, 'un idiota escribió esto') $$,
  'P0001', 'content_offensive', 'every writer: the table checks the words');
select tests.authenticate_as('author');
select throws_ok($$ update public.chismes set content = 'Edición no permitida' $$,
  '42501', null, 'author: may not edit chismes');
select throws_ok($$ update public.chismes set likes = 99 $$,
  '42501', null, 'author: may not update counters');
select throws_ok($$ delete from public.chismes $$,
  '42501', null, 'author: may not delete chismes');

-- Act as another user
select tests.authenticate_as('other');
select is_empty($$ select 1 from public.chisme_authors $$, 'other: sees none of the author''s authorship rows');
select ok(
  (select bool_and(not is_mine) from public.get_feed('recent', 'false')),
  'other: none of the author''s chismes is theirs'
);
select throws_ok(
  $$ insert into public.chisme_authors (chisme_id, user_id) select id, tests.get_supabase_uid('other') from public.chismes limit 1 $$,
  '42501', null, 'other: cannot claim someone''s chisme'
);
select is(
  (select is_mine from tests.create_chisme('Hombre', '33', 'El chisme del otro usuario', null, null, 'false')),
  true,
  'other: their own chisme is theirs'
);
select is(
  (select count(*)::int from public.chisme_authors),
  1,
  'other: the author link of a new chisme is always the caller'
);

-- Act with a token that has no user
select tests.reset_role();
select set_config('role', 'authenticated', true);
select set_config('request.jwt.claims', '{"role":"authenticated"}', true);
select throws_ok($$ select public.create_chisme('Mujer', '25', 'Sin usuario en el token', null, null, 'false') $$,
  'P0001', 'not_authenticated', 'a token without a user cannot publish');

-- Act as anon
select tests.clear_authentication();
select throws_ok($$ select public.create_chisme('Mujer', '25', 'Chisme anónimo de verdad', null, null, 'false') $$,
  '42501', null, 'anon: cannot call create_chisme');
select throws_ok($$ insert into public.chismes (gender, years, content) values ('Hombre', 20, 'Insertado por anónimo') $$,
  '42501', null, 'anon: cannot insert chismes');
select throws_ok($$ select * from public.chismes $$, '42501', null, 'anon: cannot read chismes');

-- Service role: the chisme-image function marks file_exist
select tests.reset_role();
update public.chismes set updated_at = now() - interval '1 hour' where content = 'Cotilleo con dieciocho';
select tests.authenticate_as_service_role();
select lives_ok(
  $$ update public.chismes set file_exist = true where content = 'Cotilleo con dieciocho' $$,
  'service role: may set file_exist'
);
select results_eq(
  $$ select file_exist, likes, comments, report, updated_at > now() - interval '1 minute' from public.chismes where content = 'Cotilleo con dieciocho' $$,
  $$ values (true, 0, 0, 0, true) $$,
  'service role: file_exist is stored, counters untouched, updated_at refreshed'
);
select tests.authenticate_as('author');
select is(
  (select image_viewable from public.get_feed('recent', 'true') where content = 'Cotilleo con dieciocho'),
  true,
  'author: a fresh cotilleo chisme with a file is viewable'
);

select * from finish();
rollback;
