-- Reading threads (docs/api.md "Comments"): a page of roots newest first, then all their
-- replies; keyset pagination; is_mine for the caller; the "Autor" flag and per-chisme
-- commenter numbers without any user id.
begin;
select plan(27);

-- Arrange (trusted role, chronological inserts with explicit timestamps)
select tests.create_supabase_users('author', 'other', 'third', 'fourth');
create temporary table t_ids (name text primary key, id uuid) on commit drop;
grant select on t_ids to authenticated, anon, service_role;

create function pg_temp.act(who text) returns void language sql as $$
  select set_config('request.jwt.claims', jsonb_build_object('sub', tests.get_supabase_uid(who))::text, true);
$$;
create function pg_temp.comment(who text, name text, chisme text, parent text, content text, minutes_ago int) returns void language plpgsql as $$
begin
  perform pg_temp.act(who);
  insert into public.comments (chisme_id, parent_id, content, gender, years, country, created_at, updated_at)
  values ((select id from t_ids where t_ids.name = chisme), (select id from t_ids where t_ids.name = parent),
          content, 'Mujer', 30, 'CR', now() - minutes_ago * interval '1 minute', now() - minutes_ago * interval '1 minute');
  insert into t_ids values (name, (select c.id from public.comments c where c.content = comment.content order by c.created_at desc limit 1));
end;
$$;

select pg_temp.act('author');
insert into t_ids select 'A', id from tests.create_chisme('Mujer', '30', 'El chisme A con hilo largo', null, 'CR', 'false');
insert into t_ids select 'B', id from tests.create_chisme('Mujer', '30', 'El chisme B con hilo corto', null, 'CR', 'false');
select pg_temp.comment('fourth', 'f' || n, 'A', null, 'relleno ' || n, 100 + n) from generate_series(20, 1, -1) n;
select pg_temp.comment('other', 'r1', 'A', null, 'raíz 1', 60);
select pg_temp.comment('third', 'r2', 'A', null, 'raíz 2', 50);
select pg_temp.comment('author', 'r3', 'A', null, 'raíz 3', 40);
select pg_temp.comment('other', 'r4', 'A', null, 'raíz 4', 30);
select pg_temp.comment('third', 'x3', 'A', 'r2', 'respuesta a raíz 2', 15);
select pg_temp.comment('author', 'x1', 'A', 'r1', 'respuesta a raíz 1', 20);
select pg_temp.comment('fourth', 'x2', 'A', 'x1', 'respuesta a la respuesta', 10);
select pg_temp.comment('other', 'b1', 'B', null, 'primero en B', 5);
select pg_temp.comment('fourth', 'b2', 'B', null, 'segundo en B', 4);
select set_config('request.jwt.claims', '', true);

-- Act as another user
select tests.authenticate_as('other');
select is((select count(*)::int from public.get_comments((select id from t_ids where name = 'A')::text) where depth = 1), 20, 'a page holds 20 root comments');
select results_eq(
  $$ select content from public.get_comments((select id from t_ids where name = 'A')::text) limit 5 $$,
  array['raíz 4', 'raíz 3', 'raíz 2', 'raíz 1', 'relleno 1'],
  'roots come first, newest first'
);
select results_eq(
  $$ select content, depth from public.get_comments((select id from t_ids where name = 'A')::text) where depth > 1 $$,
  $$ values ('respuesta a raíz 1'::text, 2), ('respuesta a raíz 2', 2), ('respuesta a la respuesta', 3) $$,
  'then every reply of those roots, oldest first, at any depth'
);
select is(
  (select max(n) filter (where depth = 1) < min(n) filter (where depth > 1)
   from (select depth, row_number() over () as n from public.get_comments((select id from t_ids where name = 'A')::text)) r),
  true,
  'no reply is listed before a root'
);
select results_eq(
  $$ select parent_id from public.get_comments((select id from t_ids where name = 'A')::text) where content = 'respuesta a la respuesta' $$,
  $$ select id from t_ids where name = 'x1' $$,
  'a reply names its parent so the client can build the tree'
);
select results_eq(
  $$ select content from public.get_comments((select id from t_ids where name = 'A')::text,
       p_cursor_created_at => (select created_at from public.comments where id = (select id from t_ids where name = 'f16'))::text,
       p_cursor_id => (select id from t_ids where name = 'f16')::text) $$,
  array['relleno 17', 'relleno 18', 'relleno 19', 'relleno 20'],
  'the next page continues after the cursor'
);
select is(
  (select count(*)::int from public.get_comments((select id from t_ids where name = 'A')::text, p_limit => '2')),
  2,
  'a smaller page brings only the replies of its roots (none for roots 3 and 4)'
);
select is(
  (select count(*)::int from public.get_comments((select id from t_ids where name = 'A')::text, p_limit => '4')),
  7,
  'the replies of roots 1 and 2 come with them'
);
select results_eq(
  $$ select content from public.get_comments((select id from t_ids where name = 'A')::text) where is_mine $$,
  array['raíz 4', 'raíz 1'],
  'other: is_mine marks exactly their comments'
);
select results_eq(
  $$ select content from public.get_comments((select id from t_ids where name = 'A')::text) where is_chisme_author $$,
  array['raíz 3', 'respuesta a raíz 1'],
  'the Autor flag marks exactly the chisme author''s comments'
);
select results_eq(
  $$ select content, commenter_number from public.get_comments((select id from t_ids where name = 'A')::text) where content like 'raíz%' or content like 'respuesta%' $$,
  $$ values ('raíz 4'::text, 2), ('raíz 3', 4), ('raíz 2', 3), ('raíz 1', 2),
            ('respuesta a raíz 1', 4), ('respuesta a raíz 2', 3), ('respuesta a la respuesta', 1) $$,
  'commenter numbers follow the order of first comment and stay the same per person'
);
select is(
  (select count(distinct commenter_number)::int from public.get_comments((select id from t_ids where name = 'A')::text, p_limit => '100')),
  4,
  'four people commented on chisme A, four numbers'
);
select results_eq(
  $$ select content, commenter_number from public.get_comments((select id from t_ids where name = 'B')::text) $$,
  $$ values ('segundo en B'::text, 2), ('primero en B', 1) $$,
  'numbers are per chisme: the same people get other numbers on another chisme'
);
select is(
  (select array_agg(k order by k) from jsonb_object_keys(to_jsonb((select c from public.get_comments((select id from t_ids where name = 'A')::text) c limit 1))) k),
  array['chisme_id', 'commenter_number', 'content', 'country', 'created_at', 'crisis', 'depth', 'gender', 'id', 'is_chisme_author',
        'is_deleted', 'is_hidden', 'is_mine', 'parent_id', 'report', 'updated_at', 'years'],
  'a served comment has exactly the documented fields (no author)'
);
select is_empty($$ select * from public.get_comments((gen_random_uuid())::text) $$, 'an unknown chisme has no comments');
select is((select count(*)::int from public.get_comments((select id from t_ids where name = 'A')::text, p_limit => '0')), 1, 'the page size is at least 1');
select is(
  (select count(*)::int from public.get_comments((select id from t_ids where name = 'A')::text, p_limit => '1000') where depth = 1),
  24,
  'the page size is capped (24 roots fit)'
);
select is(
  (select count(*)::int from public.comment_authors),
  (select count(*)::int from public.get_comments((select id from t_ids where name = 'A')::text, p_limit => '100') where is_mine)
    + (select count(*)::int from public.get_comments((select id from t_ids where name = 'B')::text) where is_mine),
  'other: sees authorship rows for their own comments only'
);

-- Act as the author
select tests.authenticate_as('author');
select results_eq(
  $$ select content from public.get_comments((select id from t_ids where name = 'A')::text) where is_mine $$,
  array['raíz 3', 'respuesta a raíz 1'],
  'author: is_mine marks exactly their comments'
);
select is((select comments from public.get_chisme((select id from t_ids where name = 'A')::text)), 24, 'author: the chisme counts its 24 roots');

-- Act as the fourth user
select tests.authenticate_as('fourth');
select is((select count(*)::int from public.get_comments((select id from t_ids where name = 'A')::text, p_limit => '100') where is_mine), 21, 'fourth: their 20 roots and their reply are theirs');
select is_empty($$ select 1 from public.comment_authors ca where ca.comment_id = (select id from t_ids where name = 'r1') $$, 'fourth: cannot see who wrote another comment');

-- Deleting (service role): a root goes with its replies, only roots change the counter
select tests.authenticate_as_service_role();
select lives_ok($$ delete from public.comments where id = (select id from t_ids where name = 'x3') $$, 'service role: deletes a reply');
select is((select comments from public.chismes where id = (select id from t_ids where name = 'A')), 24, 'deleting a reply leaves the count');
select lives_ok($$ delete from public.comments where id = (select id from t_ids where name = 'r1') $$, 'service role: deletes a root');
select is_empty(
  $$ select 1 from public.comments where id in (select id from t_ids where name in ('r1', 'x1', 'x2')) $$,
  'the root''s replies at every depth are gone with it'
);
select is((select comments from public.chismes where id = (select id from t_ids where name = 'A')), 23, 'deleting a root lowers the count');

select * from finish();
rollback;
