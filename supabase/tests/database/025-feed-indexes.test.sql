-- Every feed query is served by an index (docs/decisions/0014-feed-access-paths.md): on 100 000 chismes the planner
-- answers each tab's query (the statements of public.get_feed, with the values folded the way
-- PL/pgSQL's custom plans fold them) from an index, without scanning or sorting the table.
-- The statements run (explain analyze), so the suite's closing "unused index" advisor sees
-- every feed index used.
begin;
select plan(23);

-- Arrange: 100k chismes of both modes over 60 days (triggers off: only the planner is tested)
delete from public.chismes;
alter table public.chismes disable trigger user;
insert into public.chismes (gender, years, country, tags, content, cotilleo, likes, created_at)
select (array['Hombre', 'Mujer', 'Prefiero no decirlo'])[1 + n % 3], 13 + n % 80,
       (array['Costa Rica', 'México', 'España', 'Chile'])[1 + n % 4],
       array['#t' || (n % 50)], 'chisme de carga número ' || n, n % 2 = 0, (n * 7919) % 500,
       now() - (n % 86400) * interval '1 minute'
from generate_series(1, 100000) n;
-- and a rare tag (10 rows), which only the tag index finds cheaply
insert into public.chismes (gender, years, country, tags, content, cotilleo, likes, created_at)
select 'Mujer', 30, 'España', array['#rara'], 'chisme raro número ' || n, false, n, now() - n * interval '1 hour'
from generate_series(1, 10) n;
alter table public.chismes enable trigger user;
-- and 100k rows of authorship, likes, comments and notifications for 1 000 users (foreign
-- keys and triggers skipped by replica mode: only the planner is tested)
set local session_replication_role = replica;
insert into public.chisme_authors (chisme_id, user_id)
select c.id, ('00000000-0000-4000-8000-' || lpad((1 + abs(hashtext(c.id::text)) % 1000)::text, 12, '0'))::uuid from public.chismes c;
insert into public.likes (chisme_id, user_id)
select c.id, ('00000000-0000-4000-8000-' || lpad((1 + abs(hashtext(c.content)) % 1000)::text, 12, '0'))::uuid from public.chismes c;
insert into public.comments (id, chisme_id, root_id, depth, gender, country, years, content, created_at)
select x.id, x.chisme_id, x.id, 1, 'Mujer', 'CR', 30, 'comentario de carga', x.created_at
from (select gen_random_uuid() as id, c.id as chisme_id, c.created_at from public.chismes c) x;
insert into public.notifications (user_id, type, message, created_at)
select ('00000000-0000-4000-8000-' || lpad((1 + n % 1000)::text, 12, '0'))::uuid, 'like_on_chisme', 'carga', now() - n * interval '1 second'
from generate_series(1, 100000) n;
set local session_replication_role = origin;
-- Statistics from every row, not ANALYZE's random 30,000-row sample (300 x the target): the
-- plan-shape assertions below then see the same statistics on every run (one of them chose
-- another index now and then on a reused database).
set local default_statistics_target = 1000;
analyze public.chismes;
analyze public.chisme_authors;
analyze public.likes;
analyze public.comments;
analyze public.notifications;


-- recent, first page and a later page
select ok(tests.plan_of($$
  select c.* from public.chismes c
  where c.cotilleo = false and (null::text is null or c.gender = null) and (not false or (c.created_at, c.id) < (now(), gen_random_uuid()))
  order by c.created_at desc, c.id desc limit 20 $$) ~ 'Index Scan using chismes_cotilleo_created_at_id_idx',
  'recent: read from the (cotilleo, created_at, id) index');
select ok(tests.plan_of($$
  select c.* from public.chismes c where c.cotilleo = false
  order by c.created_at desc, c.id desc limit 20 $$) !~ '(Seq Scan|Sort)',
  'recent: no table scan, no sort');
select ok(tests.plan_of($$
  select c.* from public.chismes c
  where c.cotilleo = false and (c.created_at, c.id) < (now() - interval '20 days', '00000000-0000-0000-0000-000000000000'::uuid)
  order by c.created_at desc, c.id desc limit 20 $$) ~ 'Index Cond: .*ROW\(created_at, id\) <',
  'recent: the cursor is an index condition, not a filter');
select ok(tests.plan_of($$
  select c.* from public.chismes c
  where c.cotilleo = false and (c.created_at, c.id) < (now() - interval '20 days', '00000000-0000-0000-0000-000000000000'::uuid)
  order by c.created_at desc, c.id desc limit 20 $$) !~ '(Seq Scan|Sort)',
  'recent: a later page needs no scan or sort either');

-- old
select ok(tests.plan_of($$
  select c.* from public.chismes c where c.cotilleo = true
  order by c.created_at asc, c.id asc limit 20 $$) ~ 'Index Scan Backward using chismes_cotilleo_created_at_id_idx',
  'old: the same index read backwards');
select ok(tests.plan_of($$
  select c.* from public.chismes c
  where c.cotilleo = true and (c.created_at, c.id) > (now() - interval '50 days', '00000000-0000-0000-0000-000000000000'::uuid)
  order by c.created_at asc, c.id asc limit 20 $$) !~ '(Seq Scan|Sort)',
  'old: a later page needs no scan or sort');

-- top
select ok(tests.plan_of($$
  select c.* from public.chismes c where c.cotilleo = false
  order by c.likes desc, c.created_at desc, c.id desc limit 20 $$) ~ 'Index Scan using chismes_cotilleo_likes_created_at_id_idx',
  'top: read from the (cotilleo, likes, created_at, id) index');
select ok(tests.plan_of($$
  select c.* from public.chismes c
  where c.cotilleo = false and (c.likes, c.created_at, c.id) < (250, now(), '00000000-0000-0000-0000-000000000000'::uuid)
  order by c.likes desc, c.created_at desc, c.id desc limit 20 $$) !~ '(Seq Scan|Sort)',
  'top: a later page needs no scan or sort');

-- trending: the last 24 hours from the created_at index, then a top-N sort of that slice
select ok(tests.plan_of($$
  select c.* from public.chismes c
  where c.cotilleo = false and c.created_at > now() - interval '24 hours'
  order by c.likes desc, c.created_at desc, c.id desc limit 20 $$) ~ 'Index Cond: \(\(cotilleo = false\) AND \(created_at > ',
  'trending: the 24-hour window is an index condition');
select ok(tests.plan_of($$
  select c.* from public.chismes c
  where c.cotilleo = false and c.created_at > now() - interval '24 hours'
  order by c.likes desc, c.created_at desc, c.id desc limit 20 $$) !~ 'Seq Scan',
  'trending: no table scan');

-- filters keep the index
select ok(tests.plan_of($$
  select c.* from public.chismes c
  where c.cotilleo = false and c.gender = 'Mujer' and c.country = 'España' and c.years between 20 and 40
  order by c.created_at desc, c.id desc limit 20 $$) !~ 'Seq Scan',
  'filters: gender, country and age still read an index');
select ok(tests.plan_of($$
  select c.* from public.chismes c
  where c.cotilleo = false and c.tags && array['#t7']
  order by c.created_at desc, c.id desc limit 20 $$) !~ 'Seq Scan',
  'filters: tags read an index');
-- The tag index itself answers a tag filter (forced to a bitmap scan, so the choice does not
-- hang on ANALYZE's sample; run, not only explained: the advisor after the suite counts real
-- index scans, and the planner's choice for the 2 % tag above varies).
set local enable_seqscan = off;
set local enable_indexscan = off;
select ok(tests.plan_of($$ select c.id from public.chismes c where c.tags && array['#rara'] $$) ~ 'chismes_tags_idx',
  'filters: the tag index (GIN) answers a tag filter');
select is((select count(*)::int from public.chismes c where c.tags && array['#rara']), 10, 'filters: through it, the rare tag finds its 10 chismes');
reset enable_seqscan;
reset enable_indexscan;

-- a country filter leads the walk (docs/decisions/0014-feed-access-paths.md): only that country's rows are visited, for
-- recent/old, top and trending. The statements are get_feed's inner selects with the filters
-- folded in (a 2 % tag here is better served by its GIN index, so recent/top leave it out).
select ok(tests.plan_of($$
  select c.id, c.created_at from public.chismes c
  where c.cotilleo = false and c.gender = 'Mujer' and c.country = 'México' and c.years >= 18 and c.years <= 25
    and (c.report = 0 or c.hidden_at is null)
  order by c.created_at desc, c.id desc limit 20 $$) ~ 'Index (Only )?Scan using chismes_cotilleo_country_created_at_id_idx',
  'recent with country, gender and age: read from the (cotilleo, country, created_at, id) index');
select ok(tests.plan_of($$
  select c.id, c.created_at from public.chismes c
  where c.cotilleo = true and c.country = 'Chile' and (c.created_at, c.id) > (now() - interval '50 days', '00000000-0000-0000-0000-000000000000'::uuid)
  order by c.created_at asc, c.id asc limit 20 $$) ~ 'Index (Only )?Scan Backward using chismes_cotilleo_country_created_at_id_idx',
  'old with a country: the same index read backwards');
select ok(tests.plan_of($$
  select c.id, c.likes, c.created_at from public.chismes c
  where c.cotilleo = false and c.gender = 'Mujer' and c.country = 'México' and c.years >= 18 and c.years <= 25
    and (c.report = 0 or c.hidden_at is null)
  order by c.likes desc, c.created_at desc, c.id desc limit 20 $$) ~ 'Index (Only )?Scan using chismes_cotilleo_country_likes_created_at_id_idx',
  'top with country, gender and age: read from the (cotilleo, country, likes, created_at, id) index');
select ok(tests.plan_of($$
  select c.id, c.likes, c.created_at from public.chismes c
  where c.cotilleo = false and c.created_at > now() - interval '24 hours' and c.gender = 'Mujer' and c.country = 'México'
    and c.years >= 18 and c.years <= 25 and c.tags && array['#t7'] and (c.report = 0 or c.hidden_at is null)
  order by c.likes desc, c.created_at desc, c.id desc limit 20 $$) ~ 'Index Cond: \(\(cotilleo = false\) AND \(country = ''México''::text\) AND \(created_at > ',
  'trending with every filter: the country and the 24-hour window are one index range');

-- the caller's own rows: authorship and likes
select ok(tests.plan_of($$ select 1 from public.chisme_authors a where a.chisme_id = '00000000-0000-4000-8000-000000000001' and a.user_id = '00000000-0000-4000-8000-000000000002' $$) !~ 'Seq Scan',
  'is_mine is an index lookup');
select ok(tests.plan_of($$ select 1 from public.likes l where l.chisme_id = '00000000-0000-4000-8000-000000000001' and l.user_id = '00000000-0000-4000-8000-000000000002' $$) !~ 'Seq Scan',
  'liked_by_me is an index lookup');
select ok(tests.plan_of($$
  select * from public.comments r where r.chisme_id = '00000000-0000-4000-8000-000000000001' and r.parent_id is null
  order by r.created_at desc, r.id desc limit 20 $$) ~ 'comments_chisme_id_roots_idx',
  'root comments of a chisme come from their partial index');
select ok(tests.plan_of($$
  select * from public.notifications n where n.user_id = '00000000-0000-4000-8000-000000000001'
  order by n.created_at desc, n.id desc limit 20 $$) ~ 'notifications_user_id_created_at_idx',
  'a notification page comes from the (user_id, created_at) index');
select ok(tests.plan_of($$
  select 1 from public.chismes c
  where c.id = (case when 'a0000000-0000-4000-8000-000000000000' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                     then 'a0000000-0000-4000-8000-000000000000'::uuid end)
    and c.cotilleo and c.created_at >= now() - interval '20 minutes' $$) ~ 'Index Scan using chismes_pkey',
  'the storage read policy finds the chisme by its primary key');

select * from finish();
rollback;
