-- Reading chismes (docs/api.md "Chismes"): the four feed tabs with their orders, the mode, the
-- filters, keyset pagination, computed is_mine / liked_by_me / image_viewable, get_chisme and
-- get_my_chismes; signed-in users only.
begin;
select plan(44);

-- Arrange (trusted role: explicit timestamps and counters so orders are known), starting
-- from no chismes at all (the seed's are removed inside this rolled-back transaction)
delete from public.chismes;
select tests.create_supabase_users('author', 'other');
select set_config('request.jwt.claims', jsonb_build_object('sub', tests.get_supabase_uid('author'))::text, true);
insert into public.chismes (id, gender, years, country, tags, content, cotilleo, likes, file_exist, created_at) values
  ('00000000-0000-0000-0000-0000000000c1', 'Mujer', 20, 'Costa Rica', '{#a}', 'chisme uno reciente', false, 5, false, now() - interval '1 hour'),
  ('00000000-0000-0000-0000-0000000000c2', 'Hombre', 30, 'España', '{#b}', 'chisme dos con likes', false, 10, false, now() - interval '2 hours'),
  ('00000000-0000-0000-0000-0000000000c3', 'Mujer', 40, 'Costa Rica', '{#a,#c}', 'chisme tres con likes', false, 10, false, now() - interval '3 hours'),
  ('00000000-0000-0000-0000-0000000000c4', 'Hombre', 50, 'México', '{}', 'chisme cuatro de ayer', false, 50, false, now() - interval '30 hours'),
  ('00000000-0000-0000-0000-0000000000c5', 'Prefiero no decirlo', 60, 'México', '{}', 'chisme cinco antiguo', false, 0, false, now() - interval '50 hours'),
  ('00000000-0000-0000-0000-0000000000a1', 'Mujer', 25, 'Perú', '{}', 'cotilleo con imagen fresca', true, 1, true, now() - interval '5 minutes'),
  ('00000000-0000-0000-0000-0000000000a2', 'Mujer', 25, 'Perú', '{}', 'cotilleo con imagen caducada', true, 0, true, now() - interval '25 minutes'),
  ('00000000-0000-0000-0000-0000000000a3', 'Mujer', 25, 'Perú', '{}', 'cotilleo sin imagen alguna', true, 0, false, now() - interval '1 minute');
insert into public.chismes (gender, years, country, tags, content, cotilleo, created_at)
select 'Hombre', 22, 'Chile', '{#relleno}', 'relleno número ' || n, false, now() - interval '4 hours' - n * interval '1 minute'
from generate_series(1, 45) n;
select set_config('request.jwt.claims', jsonb_build_object('sub', tests.get_supabase_uid('other'))::text, true);
insert into public.likes (chisme_id) values ('00000000-0000-0000-0000-0000000000c5');

-- Act as another user
select tests.authenticate_as('other');

select results_eq(
  $$ select content from public.get_feed('recent', 'false') limit 3 $$,
  array['chisme uno reciente', 'chisme dos con likes', 'chisme tres con likes'],
  'recent: newest first'
);
select is((select count(*)::int from public.get_feed('recent', 'false')), 20, 'recent: 20 per page by default');
select ok((select bool_and(not cotilleo) from public.get_feed('recent', 'false', p_limit => '100')), 'recent: casual mode shows no cotilleo chisme');
select is(
  (select count(*)::int from public.get_feed('recent', 'false',
    p_cursor_created_at => (select created_at from public.get_feed('recent', 'false') offset 19 limit 1)::text,
    p_cursor_id => (select id from public.get_feed('recent', 'false') offset 19 limit 1)::text)),
  20,
  'recent: the second page is full'
);
select is(
  (select count(distinct id)::int from (
    select id from public.get_feed('recent', 'false')
    union all
    select id from public.get_feed('recent', 'false',
      p_cursor_created_at => (select created_at from public.get_feed('recent', 'false') offset 19 limit 1)::text,
      p_cursor_id => (select id from public.get_feed('recent', 'false') offset 19 limit 1)::text)
  ) pages),
  40,
  'recent: pages do not overlap'
);
select is(
  (select count(*)::int from public.get_feed('recent', 'false',
    p_cursor_created_at => (select created_at from public.get_feed('recent', 'false', p_limit => '40') offset 39 limit 1)::text,
    p_cursor_id => (select id from public.get_feed('recent', 'false', p_limit => '40') offset 39 limit 1)::text)),
  10,
  'recent: the last page holds the remaining 10'
);
select results_eq(
  $$ select content from public.get_feed('old', 'false') limit 2 $$,
  array['chisme cinco antiguo', 'chisme cuatro de ayer'],
  'old: oldest first'
);
select results_eq(
  $$ select content from public.get_feed('old', 'false',
       p_cursor_created_at => (select created_at from public.get_feed('old', 'false') limit 1)::text,
       p_cursor_id => '00000000-0000-0000-0000-0000000000c5') limit 1 $$,
  array['chisme cuatro de ayer'],
  'old: the cursor continues forwards in time'
);
select results_eq(
  $$ select content from public.get_feed('top', 'false') limit 4 $$,
  array['chisme cuatro de ayer', 'chisme dos con likes', 'chisme tres con likes', 'chisme uno reciente'],
  'top: most likes first, ties newest first'
);
select results_eq(
  $$ select content from public.get_feed('top', 'false',
       p_cursor_likes => '10',
       p_cursor_created_at => (select created_at from public.chismes where id = '00000000-0000-0000-0000-0000000000c2')::text,
       p_cursor_id => '00000000-0000-0000-0000-0000000000c2') limit 2 $$,
  array['chisme tres con likes', 'chisme uno reciente'],
  'top: the cursor (likes, created_at, id) continues after a tie'
);
select results_eq(
  $$ select content from public.get_feed('trending', 'false') limit 3 $$,
  array['chisme dos con likes', 'chisme tres con likes', 'chisme uno reciente'],
  'trending: most likes first, then newest'
);
select is((select count(*)::int from public.get_feed('trending', 'false', p_limit => '100')), 48, 'trending: only the last 24 hours');
select ok(
  (select bool_and(created_at > now() - interval '24 hours') from public.get_feed('trending', 'false', p_limit => '100')),
  'trending: nothing older than 24 hours'
);
select is(
  (select count(*)::int from public.get_feed('trending', 'false',
    p_cursor_likes => '0',
    p_cursor_created_at => (select created_at from public.get_feed('trending', 'false') offset 19 limit 1)::text,
    p_cursor_id => (select id from public.get_feed('trending', 'false') offset 19 limit 1)::text)),
  20,
  'trending: the second page is full'
);
select results_eq(
  $$ select content from public.get_feed('recent', 'true') $$,
  array['cotilleo sin imagen alguna', 'cotilleo con imagen fresca', 'cotilleo con imagen caducada'],
  'cotilleo: the cotilleo feed shows only cotilleo chismes'
);
select results_eq(
  $$ select content, image_viewable from public.get_feed('old', 'true') $$,
  $$ values ('cotilleo con imagen caducada'::text, false), ('cotilleo con imagen fresca', true), ('cotilleo sin imagen alguna', false) $$,
  'cotilleo: an image is viewable only with a file and within 20 minutes'
);
select ok((select bool_and(not image_viewable) from public.get_feed('recent', 'false', p_limit => '100')), 'casual chismes never have a viewable image');

-- Filters
select ok((select bool_and(gender = 'Mujer') from public.get_feed('recent', 'false', p_gender => 'Mujer')), 'filter: gender');
select is((select count(*)::int from public.get_feed('recent', 'false', p_gender => 'Mujer')), 2, 'filter: gender keeps all matches');
select results_eq(
  $$ select content from public.get_feed('recent', 'false', p_country => 'México') $$,
  array['chisme cuatro de ayer', 'chisme cinco antiguo'],
  'filter: country'
);
select results_eq(
  $$ select years from public.get_feed('top', 'false', p_years_from => '30', p_years_to => '50') $$,
  array[50, 30, 40],
  'filter: age range, both ends included'
);
select is((select count(*)::int from public.get_feed('recent', 'false', p_years_from => '55')), 1, 'filter: age from only');
select is((select count(*)::int from public.get_feed('recent', 'false', p_years_to => '21', p_limit => '100')), 1, 'filter: age to only');
select results_eq(
  $$ select content from public.get_feed('recent', 'false', p_tags => to_jsonb(array['a'])) $$,
  array['chisme uno reciente', 'chisme tres con likes'],
  'filter: a tag given without # matches'
);
select results_eq(
  $$ select content from public.get_feed('recent', 'false', p_tags => to_jsonb(array['#b', 'c'])) $$,
  array['chisme dos con likes', 'chisme tres con likes'],
  'filter: tags match any of the given'
);
select is((select count(*)::int from public.get_feed('recent', 'false', p_tags => to_jsonb(array['#relleno']), p_limit => '100')), 45, 'filter: tags keep all matches');
select is((select count(*)::int from public.get_feed('recent', 'false', p_tags => to_jsonb(array[]::text[]))), 20, 'filter: an empty tag list filters nothing');
select results_eq(
  $$ select content from public.get_feed('recent', 'false', p_gender => 'Mujer', p_country => 'Costa Rica', p_tags => to_jsonb(array['c'])) $$,
  array['chisme tres con likes'],
  'filter: filters combine'
);
select is((select count(*)::int from public.get_feed('recent', 'false', p_limit => '500')), 50, 'limit: capped at 100 (50 exist)');
select is((select count(*)::int from public.get_feed('recent', 'false', p_limit => '0')), 1, 'limit: at least 1');
select throws_ok($$ select * from public.get_feed('popular', 'false') $$, 'P0001', 'feed_tab_invalid', 'an unknown tab is refused');

-- Computed fields
select is((select liked_by_me from public.get_chisme('00000000-0000-0000-0000-0000000000c5')), true, 'other: liked_by_me is true for their like');
select is((select is_mine from public.get_chisme('00000000-0000-0000-0000-0000000000c5')), false, 'other: is_mine is false on the author''s chisme');
select is((select likes from public.get_chisme('00000000-0000-0000-0000-0000000000c5')), 1, 'other: the like is counted');
select ok((select id is null from public.get_chisme((gen_random_uuid())::text)), 'get_chisme: an unknown id gives a null row');
select is_empty($$ select * from public.get_my_chismes(false) $$, 'other: has no chismes of their own');
select is(
  (select array_agg(k order by k) from jsonb_object_keys(to_jsonb(public.get_chisme('00000000-0000-0000-0000-0000000000c1'))) k),
  array['comments', 'content', 'cotilleo', 'country', 'created_at', 'crisis', 'file_exist', 'gender', 'id', 'image_viewable',
        'is_deleted', 'is_mine', 'liked_by_me', 'likes', 'report', 'tags', 'updated_at', 'years'],
  'a served chisme has exactly the documented fields (no author, no likers)'
);

-- Act as the author
select tests.authenticate_as('author');
select is((select is_mine from public.get_chisme('00000000-0000-0000-0000-0000000000c5')), true, 'author: is_mine is true on their chisme');
select is((select liked_by_me from public.get_chisme('00000000-0000-0000-0000-0000000000c5')), false, 'author: someone else''s like is not theirs');
select is((select count(*)::int from public.get_my_chismes(false)), 50, 'author: get_my_chismes lists their casual chismes');
select results_eq(
  $$ select content from public.get_my_chismes(true) $$,
  array['cotilleo sin imagen alguna', 'cotilleo con imagen fresca', 'cotilleo con imagen caducada'],
  'author: get_my_chismes of cotilleo mode, newest first'
);

-- Act as anon
select tests.clear_authentication();
select throws_ok($$ select * from public.get_feed('recent', 'false') $$, '42501', null, 'anon: cannot read the feed');
select throws_ok($$ select * from public.get_chisme('00000000-0000-0000-0000-0000000000c1') $$, '42501', null, 'anon: cannot read a chisme');
select throws_ok($$ select * from public.get_my_chismes(false) $$, '42501', null, 'anon: has no profile chismes');

select * from finish();
rollback;
