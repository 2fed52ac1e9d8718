-- A GET carries every argument in the query string, and PostgREST hands such a value to a
-- jsonb parameter as a JSON string: get_feed's tags over GET arrive as '"[\"#amor\"]"'. The
-- text-array parser reads a JSON string holding a JSON array of strings as that array, and
-- still refuses everything it refused before with the caller's key.
begin;
select plan(7);
select tests.lift_rate_limits();

select is(private.text_array_arg(to_jsonb('["#a", "b"]'::text), 'k'), array['#a', 'b'], 'a JSON string holding an array of strings is that array');
select is(private.text_array_arg('["#a"]'::jsonb, 'k'), array['#a'], 'a JSON array is read as before');
select throws_ok($$ select private.text_array_arg('"#a"'::jsonb, 'k') $$, 'P0001', 'k', 'a bare string is still refused');
select throws_ok($$ select private.text_array_arg(to_jsonb('["#a"'::text), 'k') $$, 'P0001', 'k', 'a string holding malformed JSON raises the key');
select throws_ok($$ select private.text_array_arg(to_jsonb('[1, 2]'::text), 'k') $$, 'P0001', 'k', 'a string holding non-strings raises the key');

select tests.create_supabase_user('author');
select tests.authenticate_as('author');
select tests.post_chisme('c', 'Mujer', '30', 'Chisme filtrado por GET', to_jsonb(array['get191']), 'España', 'false');
select is((select array_agg(id::text) from public.get_feed('recent', 'false', p_tags => to_jsonb('["#get191"]'::text))),
  array[current_setting('test.c')], 'get_feed: tags as a GET sends them');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Contenido suficiente', '"#uno"', 'CR', 'false') $$, 'P0001', 'chisme_tags_invalid',
  'create_chisme: a bare string as tags is still refused');

select * from finish();
rollback;
