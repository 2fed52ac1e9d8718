-- The trending table (docs/decisions/0015-trending-table.md): private.trending_chismes holds the last 24 hours' chismes,
-- kept by triggers (new chismes, likes, reports, moderation, deletes, aging out), and the
-- trending feed reads it in likes order through its indexes, with every filter and cursor.
begin;
select plan(19);
select tests.lift_rate_limits();


select tests.create_supabase_users('author', 'fan', 'reporter');

-- Arrange: three fresh chismes and one of yesterday (its row backdated as the bench does)
select tests.authenticate_as('author');
select tests.arrange($arrange$ select set_config('test.a', (select id::text from tests.create_chisme('Mujer', '20', 'Chisme de tendencia A', to_jsonb(array['amor', 'tendencia163']), 'México', 'false')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.b', (select id::text from tests.create_chisme('Hombre', '40', 'Chisme de tendencia B', to_jsonb(array['tendencia163']), 'España', 'false')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.c', (select id::text from tests.create_chisme('Mujer', '22', 'Chisme de tendencia C', to_jsonb(array['amor', 'tendencia163']), 'México', 'true')), true) $arrange$);
select tests.reset_role();
select is((select count(*)::int from private.trending_chismes where id in (current_setting('test.a')::uuid, current_setting('test.b')::uuid, current_setting('test.c')::uuid)),
  3, 'a new chisme joins the trending table');
select results_eq(
  $$ select cotilleo, country, gender, years, tags, likes from private.trending_chismes where id = current_setting('test.a')::uuid $$,
  $$ values (false, 'México'::text, 'Mujer'::text, 20, array['#amor', '#tendencia163'], 0) $$,
  'with the columns the feed filters and orders by');

-- Likes reach it
select tests.authenticate_as('fan');
select tests.arrange($arrange$ select public.like_chisme(current_setting('test.b')) $arrange$);
select tests.reset_role();
select is((select likes from private.trending_chismes where id = current_setting('test.b')::uuid), 1, 'a like reaches the trending row');
select tests.authenticate_as('fan');
select results_eq(
  $$ select id from public.get_feed('trending', 'false', p_tags => to_jsonb(array['tendencia163'])) $$,
  $$ values (current_setting('test.b')::uuid), (current_setting('test.a')::uuid) $$,
  'trending: the liked chisme first');
select results_eq(
  $$ select id from public.get_feed('trending', 'false', p_gender => 'Mujer', p_country => 'México', p_years_from => '18', p_years_to => '25', p_tags => to_jsonb(array['tendencia163'])) $$,
  $$ values (current_setting('test.a')::uuid) $$,
  'trending with every filter finds only the matching chisme');
select results_eq(
  $$ select id from public.get_feed('trending', 'true', p_tags => to_jsonb(array['tendencia163'])) $$,
  $$ values (current_setting('test.c')::uuid) $$,
  'trending of the other mode reads its own rows');
select results_eq(
  $$ select id from public.get_feed('trending', 'false', p_tags => to_jsonb(array['tendencia163']), p_cursor_likes => '1',
       p_cursor_created_at => (select created_at from public.chismes where id = current_setting('test.b')::uuid)::text,
       p_cursor_id => (current_setting('test.b')::uuid)::text) $$,
  $$ values (current_setting('test.a')::uuid) $$,
  'trending: the page after a cursor continues in likes order');
select tests.authenticate_as('fan');
select tests.arrange($arrange$ select public.unlike_chisme(current_setting('test.b')) $arrange$);
select tests.reset_role();
select is((select likes from private.trending_chismes where id = current_setting('test.b')::uuid), 0, 'an unlike reaches it too');

-- Reports and moderation reach it: a hidden chisme leaves others' trending feed
update private.moderation_settings set hide_threshold = 1;
select tests.authenticate_as('reporter');
select tests.arrange($arrange$ select public.report_chisme(current_setting('test.a'), 'Spam') $arrange$);
select tests.reset_role();
select results_eq(
  $$ select report, hidden_at is not null from private.trending_chismes where id = current_setting('test.a')::uuid $$,
  $$ values (1, true) $$,
  'a report and the hide it caused reach the trending row');
select tests.authenticate_as('fan');
select is_empty($$ select 1 from public.get_feed('trending', 'false', p_tags => to_jsonb(array['tendencia163'])) where id = current_setting('test.a')::uuid $$, 'trending: the hidden chisme is gone for others');
select tests.authenticate_as('author');
select isnt_empty($$ select 1 from public.get_feed('trending', 'false', p_tags => to_jsonb(array['tendencia163'])) where id = current_setting('test.a')::uuid $$, 'trending: its author still sees it');

-- Aging out: a chisme older than 24 hours is left out by the feed at once, and pruned by the next post
select tests.reset_role();
update public.chismes set created_at = now() - interval '25 hours' where id = current_setting('test.b')::uuid;
update private.trending_chismes set created_at = now() - interval '25 hours' where id = current_setting('test.b')::uuid;
select tests.authenticate_as('fan');
select is_empty($$ select 1 from public.get_feed('trending', 'false', p_tags => to_jsonb(array['tendencia163'])) where id = current_setting('test.b')::uuid $$, 'trending: a chisme past 24 hours is left out');
select tests.authenticate_as('author');
select tests.arrange($arrange$ select public.create_chisme('Mujer', '30', 'Otro chisme que poda la tabla', null, 'Chile', 'false') $arrange$);
select tests.reset_role();
select is_empty($$ select 1 from private.trending_chismes where id = current_setting('test.b')::uuid $$, 'the next post prunes the aged row');
update public.chismes set likes = likes + 1 where id = current_setting('test.b')::uuid;
select is_empty($$ select 1 from private.trending_chismes where id = current_setting('test.b')::uuid $$, 'a like on an old chisme does not bring it back');

-- A delete takes its row with it
delete from public.chismes where id = current_setting('test.c')::uuid;
select is_empty($$ select 1 from private.trending_chismes where id = current_setting('test.c')::uuid $$, 'a deleted chisme leaves the trending table');

-- Clients cannot read or write it
select tests.authenticate_as('fan');
select throws_ok($$ select 1 from private.trending_chismes $$, '42501', null, 'user: no access to the trending table');

-- The feed reads it through its indexes (forced past the tiny table's sequential scan, and
-- run, so the suite's closing "unused index" advisor sees both used)
select tests.reset_role();
set local enable_seqscan = off;
set local enable_sort = off;
select ok(tests.plan_of($$
  select t.id from private.trending_chismes t where t.cotilleo = false and t.created_at > now() - interval '24 hours'
  order by t.likes desc, t.created_at desc, t.id desc limit 20 $$) ~ 'trending_chismes_cotilleo_likes_idx',
  'trending without a country walks the (cotilleo, likes) index');
select ok(tests.plan_of($$
  select t.id from private.trending_chismes t where t.cotilleo = false and t.country = 'México' and t.created_at > now() - interval '24 hours'
  order by t.likes desc, t.created_at desc, t.id desc limit 20 $$) ~ 'trending_chismes_cotilleo_country_likes_idx',
  'trending with a country walks the (cotilleo, country, likes) index');
select ok(tests.plan_of($$ select t.id from private.trending_chismes t where t.created_at <= now() - interval '24 hours' $$) ~ 'trending_chismes_created_at_idx',
  'the pruning finds aged rows by the created_at index');
reset enable_seqscan;
reset enable_sort;

select * from finish();
rollback;
