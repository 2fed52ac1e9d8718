-- Text hygiene (docs/decisions/0005-text-hygiene.md): every rule judges normalised text. Zero-width, full-width, accent,
-- look-alike and digit tricks do not slip past the word filter; NBSP/zero-width-only content is
-- blank; markup stripping removes real tags only; lengths count what a person sees; personal
-- data is refused in both modes, in chismes and comments; over-long free text gets keys.
begin;
select plan(42);

select tests.lift_rate_limits();
select tests.create_supabase_users('writer', 'reader');
insert into public.offensive_words (word) select 'idiota' where not exists (select 1 from public.offensive_words where word = 'idiota');
select tests.authenticate_as('reader');
select tests.arrange($arrange$ select set_config('test.chisme', (select id::text from tests.create_chisme('Mujer', '30', 'Un chisme para comentar', null, 'CR', 'false')), true) $arrange$);

select tests.authenticate_as('writer');
-- The word filter sees through the tricks (casual chismes and comments)
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Eres un idi' || U&'\200B' || 'ota de verdad', null, 'CR', 'false') $$, 'P0001', 'content_offensive', 'a zero-width space inside the word is caught');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Eres un ' || U&'\FF49\FF44\FF49\FF4F\FF54\FF41' || ' total', null, 'CR', 'false') $$, 'P0001', 'content_offensive', 'full-width letters are caught');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Eres un IDIÓTA total', null, 'CR', 'false') $$, 'P0001', 'content_offensive', 'an accent and capitals are caught');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Eres un 1d10t4 total', null, 'CR', 'false') $$, 'P0001', 'content_offensive', 'digit substitutions are caught');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Eres un i.d.i.o.t.a total', null, 'CR', 'false') $$, 'P0001', 'content_offensive', 'letters split by dots are caught');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Eres un ' || U&'\0456' || 'diota, ya ves', null, 'CR', 'false') $$, 'P0001', 'content_offensive', 'a Cyrillic look-alike is caught');
select is(tests.error_detail($$ select public.create_chisme('Mujer', '30', 'Eres un IDIÓTA total', null, 'CR', 'false') $$), '{"words": ["idiota"]}'::jsonb, 'the refusal names the list word');
select throws_ok($$ select public.add_comment(current_setting('test.chisme'), null, 'Qué idi' || U&'\200D' || 'ota', 'Hombre', '30', 'ES') $$, 'P0001', 'content_offensive', 'comments: a zero-width joiner inside the word is caught');
select throws_ok($$ select public.add_comment(current_setting('test.chisme'), null, 'Qué ÍDIOTA', 'Hombre', '30', 'ES') $$, 'P0001', 'content_offensive', 'comments: accents are caught');
select lives_ok($$ select public.create_chisme('Mujer', '30', 'Eres un IDIÓTA total', null, 'CR', 'true') $$, 'cotilleo mode is not word-filtered (spec)');
select lives_ok($$ select public.create_chisme('Mujer', '30', 'Tengo 35 años y 3 hijos', null, 'CR', 'false') $$, 'ordinary digits are not a false positive');

-- Blank after normalisation
select throws_ok($$ select public.create_chisme('Mujer', '30', repeat(U&'\00A0', 20), null, 'CR', 'false') $$, 'P0001', 'chisme_content_too_short', '20 non-breaking spaces are blank');
select throws_ok($$ select public.create_chisme('Mujer', '30', repeat(U&'\200B', 20), null, 'CR', 'false') $$, 'P0001', 'chisme_content_too_short', '20 zero-width spaces are blank');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'hola' || repeat(U&'\200B\2060\FEFF', 5), null, 'CR', 'false') $$, 'P0001', 'chisme_content_too_short', 'invisible padding does not reach the minimum');
select throws_ok($$ select public.add_comment(current_setting('test.chisme'), null, repeat(U&'\3000', 5), 'Hombre', '30', 'ES') $$, 'P0001', 'comment_content_required', 'comments: ideographic spaces are blank');
select throws_ok($$ select public.add_comment(current_setting('test.chisme'), null, 'Hola', 'Hombre', '30', U&'\00A0\200B') $$, 'P0001', 'comment_country_required', 'comments: an invisible country is blank');
select is((select content from tests.create_chisme('Mujer', '30', U&'\00A0\00A0Hola a todas\2003y todos\200B', null, 'CR', 'false')), 'Hola a todas y todos', 'NBSP and em spaces become spaces, zero-width goes, the text is trimmed');
select is((select content from tests.create_chisme('Mujer', '30', U&'\FF28\FF4F\FF4C\FF41 amigas mías', null, 'CR', 'false')), 'Hola amigas mías', 'full-width letters are stored in NFKC');

-- Markup: real tags only
select is((select content from tests.create_chisme('Mujer', '30', 'si 3 < 5 y 7 > 2 entonces sí', null, 'CR', 'false')), 'si 3 < 5 y 7 > 2 entonces sí', '"3 < 5 y 7 > 2" survives intact');
select is((select content from tests.create_chisme('Mujer', '30', '<b>Hola</b> <script>alert(1)</script>mundo <!-- x --><img src=x onerror=alert(1)>cruel', null, 'CR', 'false')), 'Hola mundo cruel', 'tags, script blocks and comments are removed');
select is((select content from tests.add_comment(current_setting('test.chisme'), null, '<i>yo</i> <3 esto', 'Hombre', '30', 'ES')), 'yo <3 esto', 'comments: tags stripped, a heart "<3" kept');

-- Visible length: one emoji is one character
select is((select char_length(content) > 400 from tests.create_chisme('Mujer', '30', repeat('👍🏽', 400), null, 'CR', 'false')), true, '400 emoji with skin tone (800 code points) are accepted as 400 characters');
select throws_ok($$ select public.create_chisme('Mujer', '30', repeat('😀', 401), null, 'CR', 'false') $$, 'P0001', 'chisme_content_too_long', '401 emoji are too long');
select lives_ok($$ select public.create_chisme('Mujer', '30', repeat('👨‍👩‍👧', 400), null, 'CR', 'false') $$, '400 family emoji (ZWJ sequences) count as 400');
select lives_ok($$ select public.create_chisme('Mujer', '30', repeat('🇨🇷', 400), null, 'CR', 'false') $$, '400 flags count as 400');
select is(private.visible_length('👨‍👩‍👧🇪🇸1️⃣é'), 4, 'family, flag, keycap and an accented letter are four characters');
select lives_ok($$ select public.add_comment(current_setting('test.chisme'), null, repeat('💬', 400), 'Hombre', '30', 'ES') $$, 'comments: 400 emoji are accepted');

-- Personal data, both modes
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Llamadme al 612 345 678 esta noche', null, 'CR', 'false') $$, 'P0001', 'content_personal_data', 'a Spanish mobile is refused');
select is(tests.error_detail($$ select public.create_chisme('Mujer', '30', 'Llamadme al 612 345 678 esta noche', null, 'CR', 'true') $$), '{"kind": "phone"}'::jsonb, 'cotilleo too, and the refusal says what kind');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Mi número +34 612-34-56-78 ya sabéis', null, 'CR', 'false') $$, 'P0001', 'content_personal_data', 'a +34 number with dashes is refused');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Escríbele al (55) 1234 5678 en CDMX', null, 'MX', 'false') $$, 'P0001', 'content_personal_data', 'a Mexican number is refused');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Su cel es +54 9 11 2345-6789 jaja', null, 'AR', 'false') $$, 'P0001', 'content_personal_data', 'an Argentine mobile is refused');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Escribe a ana.perez@gmail.com ya', null, 'CR', 'false') $$, 'P0001', 'content_personal_data', 'an e-mail address is refused');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Escribe a ana arroba gmail punto com', null, 'CR', 'false') $$, 'P0001', 'content_personal_data', 'a spelled-out e-mail address is refused');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Seguidla en @la_chismosa22 que lo cuenta todo', null, 'CR', 'false') $$, 'P0001', 'content_personal_data', 'a social handle is refused');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Mirad www.ejemplo.com para más', null, 'CR', 'false') $$, 'P0001', 'content_personal_data', 'a link is refused');
select throws_ok($$ select public.add_comment(current_setting('test.chisme'), null, 'Mi tel 612345678', 'Hombre', '30', 'ES') $$, 'P0001', 'content_personal_data', 'comments: a phone is refused');
select lives_ok($$ select public.create_chisme('Mujer', '30', 'Del 2019 al 2023 pasó de todo, 100.000.000 de pesos', null, 'CO', 'false') $$, 'years and grouped amounts are not phones');
select is(public.find_personal_data('Mi correo: a@b.co'), 'email', 'the public check the web uses while typing agrees');

-- Over-long free text answers with keys, not constraint errors
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Un chisme con país largo', null, repeat('p', 101), 'false') $$, 'P0001', 'country_too_long', 'an over-long chisme country has a key');
select throws_ok($$ select public.add_comment(current_setting('test.chisme'), null, 'Hola', 'Hombre', '30', repeat('p', 101)) $$, 'P0001', 'country_too_long', 'an over-long comment country has a key');
select is((select tags from tests.create_chisme('Mujer', '30', 'Etiquetas con trucos', to_jsonb(array[U&'\200B', U&'#\FF41\FF4D\FF4F\FF52']), 'CR', 'false')), array['#amor'], 'tags are normalised: invisible tags dropped, full-width folded');

select * from finish();
rollback;
