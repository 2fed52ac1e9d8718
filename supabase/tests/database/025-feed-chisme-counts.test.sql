-- public.get_chisme_counts (25-feed.sql): the live part of the cards no head topic pushes, for
-- up to 100 ids in one read; what the caller may not see (hidden from them, a blocked author's)
-- is left out, so the web drops the card; malformed input raises chisme_not_found.
begin;
select plan(10);

select tests.lift_rate_limits();
select tests.create_supabase_users('author', 'blocked', 'reader', 'fan');
select tests.authenticate_as('author');
select tests.post_chisme('a', 'Mujer', '30', 'Chisme que se cuenta', null, 'CR', 'false');
select tests.post_chisme('h', 'Mujer', '30', 'Chisme que se oculta', null, 'CR', 'true');
select tests.authenticate_as('blocked');
select tests.post_chisme('b', 'Hombre', '30', 'Chisme de alguien bloqueado', null, 'CR', 'false');
select tests.authenticate_as('fan');
select public.like_chisme(current_setting('test.a'));
select public.add_comment(current_setting('test.a'), null, 'Comentario contado', 'Hombre', '30', 'ES');
select tests.reset_role();
update public.chismes set hidden_at = now() where id = current_setting('test.h')::uuid;
update public.chismes set file_exist = true where id = current_setting('test.a')::uuid;
select tests.authenticate_as('reader');
select public.block_chisme_author(current_setting('test.b'));

select results_eq(
  $$ select id::text, likes, comments, file_exist, image_viewable
     from public.get_chisme_counts(jsonb_build_array(current_setting('test.a'), current_setting('test.h'), current_setting('test.b'))) $$,
  $$ values (current_setting('test.a'), 1, 1, true, false) $$,
  'the reader gets A''s counts and image state; the hidden chisme and the blocked author''s are left out'
);
select tests.authenticate_as('author');
select is(
  (select count(*)::int from public.get_chisme_counts(jsonb_build_array(current_setting('test.a'), current_setting('test.h')))),
  2, 'the author still gets their own hidden chisme'
);
select is((select count(*)::int from public.get_chisme_counts('[]')), 0, 'no ids: no rows');
select is(
  (select count(*)::int from public.get_chisme_counts(to_jsonb(jsonb_build_array(current_setting('test.a'))::text))),
  1, 'the ids as a GET sends them (a JSON string holding the array)'
);
select throws_ok($$ select * from public.get_chisme_counts('["no-es-un-id"]') $$, 'P0001', 'chisme_not_found', 'a malformed id: chisme_not_found');
select throws_ok($$ select * from public.get_chisme_counts('{"id": 1}') $$, 'P0001', 'chisme_not_found', 'not an array: chisme_not_found');
select throws_ok($$ select * from public.get_chisme_counts('[1]') $$, 'P0001', 'chisme_not_found', 'a number for an id: chisme_not_found');
select throws_ok(
  $$ select * from public.get_chisme_counts((select jsonb_agg(gen_random_uuid()) from generate_series(1, 101))) $$,
  'P0001', 'chisme_not_found', 'more than 100 ids: refused'
);
select is(
  (select count(*)::int from public.get_chisme_counts((select jsonb_agg(gen_random_uuid()) from generate_series(1, 100)))),
  0, '100 ids are fine'
);
select tests.clear_authentication();
select throws_ok($$ select * from public.get_chisme_counts('[]') $$, '42501', null, 'anon may not call it');

select * from finish();
rollback;
