-- The offensive-word list (spec §5 "Offensive word add"): stored trimmed and lower-case,
-- unique with its own key; everyone can check a text against it; only the service role
-- manages it.
begin;
select plan(34);

-- Arrange: a known list
delete from public.offensive_words;
select tests.create_supabase_user('user');

-- Service role manages the list
select tests.authenticate_as_service_role();
select is((select word from public.add_offensive_word('  TONTO  ')), 'tonto', 'service role: a word is stored trimmed and lower-case');
select throws_ok($$ select public.add_offensive_word('Tonto') $$, 'P0001', 'offensive_word_duplicate', 'service role: a duplicate has its own key');
select is(tests.error_detail($$ select public.add_offensive_word(' tonto') $$), '{"word": "tonto"}'::jsonb, 'service role: the duplicate error names the word');
select throws_ok($$ select public.add_offensive_word('   ') $$, 'P0001', 'offensive_word_required', 'service role: a blank word is refused');
select throws_ok($$ select public.add_offensive_word(null) $$, 'P0001', 'offensive_word_required', 'service role: a missing word is refused');
select lives_ok($$ insert into public.offensive_words (word) values ('  Hijo De Puta ') $$, 'service role: a direct insert works');
select ok(exists (select 1 from public.offensive_words where word = 'hijo de puta'), 'service role: the direct insert is normalised too');
select lives_ok($$ select public.add_offensive_word('idiota') $$, 'service role: adds another word');
select throws_ok($$ update public.offensive_words set word = 'IDIOTA' where word = 'tonto' $$, 'P0001', 'offensive_word_duplicate', 'service role: renaming onto an existing word is refused');
select is(public.delete_offensive_word(' IDIOTA'), true, 'service role: deletes a word by its normalised form');
select is(public.delete_offensive_word('idiota'), false, 'service role: deleting a missing word says so');
select lives_ok($$ select public.add_offensive_word('idiota') $$, 'service role: a deleted word can be added again');

-- Anon may not call the typing helper (each call costs normalisation and matching)
select tests.clear_authentication();
select throws_ok($$ select public.find_offensive_words('hola') $$, '42501', null, 'anon: cannot call find_offensive_words');

-- A signed-in person checks a text
select tests.authenticate_as('user');
select is(public.find_offensive_words('Eres un IDIOTA y un tonto'), array['idiota', 'tonto'], 'user: finds every word, case-insensitively, sorted');
select is(public.find_offensive_words('Qué tontorrón, qué toontoo'), array['tonto'], 'user: matches whole words only, through repeated letters');
select is(public.find_offensive_words('Ese HIJO DE PUTA otra vez'), array['hijo de puta'], 'user: matches phrases');
select is(public.find_offensive_words('Un chisme muy educado'), '{}'::text[], 'user: a clean text matches nothing');
select is(public.find_offensive_words(null), '{}'::text[], 'user: no text matches nothing');
select tests.clear_authentication();
select is((select count(*)::int from public.offensive_words), 3, 'anon: may read the list (the UI warns before submitting)');
select throws_ok($$ insert into public.offensive_words (word) values ('nueva') $$, '42501', null, 'anon: cannot add words');
select throws_ok($$ select public.add_offensive_word('nueva') $$, '42501', null, 'anon: cannot call add_offensive_word');
select throws_ok($$ select public.delete_offensive_word('tonto') $$, '42501', null, 'anon: cannot call delete_offensive_word');

-- A signed-in user
select tests.authenticate_as('user');
select is(public.find_offensive_words('tonto'), array['tonto'], 'user: checks a text');
select throws_ok($$ insert into public.offensive_words (word) values ('nueva') $$, '42501', null, 'user: cannot add words');
select throws_ok($$ update public.offensive_words set word = 'otra' $$, '42501', null, 'user: cannot change words');
select throws_ok($$ delete from public.offensive_words $$, '42501', null, 'user: cannot delete words');
select throws_ok($$ select public.add_offensive_word('nueva') $$, '42501', null, 'user: cannot call add_offensive_word');
select throws_ok($$ select public.delete_offensive_word('tonto') $$, '42501', null, 'user: cannot call delete_offensive_word');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Un idiota en el barrio', null, null, 'false') $$, 'P0001', 'content_offensive', 'user: a listed word blocks a casual chisme');

-- The filter follows the list
select tests.authenticate_as_service_role();
select tests.arrange($arrange$ select public.delete_offensive_word('idiota') $arrange$);
select tests.authenticate_as('user');
select lives_ok($$ select public.create_chisme('Mujer', '30', 'Un idiota en el barrio', null, null, 'false') $$, 'user: once the word is removed the chisme is accepted');

-- Each word is folded once, when stored (find_offensive_words compares the stored forms)
select tests.authenticate_as_service_role();
select tests.arrange($arrange$ select public.add_offensive_word('Imbécil') $arrange$);
select is((select folded from public.offensive_words where word = 'imbécil'), 'imbecil', 'the folded form is stored with the word');
update public.offensive_words set word = 'cabeza hueca' where word = 'imbécil';
select is((select array[folded, pattern] from public.offensive_words where word = 'cabeza hueca'), array['cabeza hueca', '[c*]+[a*]+[b*]+[e*]+[z*]+[a*]+ *[h*]+[u*]+[e*]+[c*]+[a*]+'], 'renaming a word refolds it and rebuilds its pattern');
select throws_ok($$ update public.offensive_words set folded = 'nada' where word = 'cabeza hueca' $$, '428C9', null, 'the folded form cannot be written, not even by the service role');
select tests.authenticate_as('user');
select is(public.find_offensive_words('Menudo C4BEZA-HU3CA, y otro c a b e z a h u e c a'), array['cabeza hueca'], 'user: the stored forms catch substitutions and letters spelled apart');

select * from finish();
rollback;
