-- Write cost of the covering country-led feed indexes (docs/decisions/0014-feed-access-paths.md;
-- defined in supabase/schemas/20-chismes.sql), with and without them, inside one
-- rolled-back transaction on the running local stack:
--   psql postgresql://postgres:postgres@127.0.0.1:54322/postgres -q -f bench/sql/feed-index-write-cost.sql
-- 100k extra chismes first (so the indexes have depth), then per phase: 5,000 single-row
-- inserts of a chisme and 5,000 single-row `likes = likes + 1` updates (what the like trigger
-- does to the chisme), each timed; phases alternate with/without the two indexes, twice.
-- Prints µs per write (p50, p95 and mean). Triggers are off: what differs is index maintenance.
-- For the migration's plain pair, drop the `include (...)` clauses (sed 's/ include ([a-z_, ]*);/;/').
begin;
alter table public.chismes disable trigger user;
insert into public.chismes (gender, years, country, tags, content, cotilleo, likes, created_at)
select (array['Hombre', 'Mujer', 'Prefiero no decirlo'])[1 + n % 3], 13 + n % 80,
       (array['Costa Rica', 'México', 'España', 'Chile'])[1 + n % 4],
       case when n % 5 = 0 then array['#amor'] else array['#t' || (n % 50)] end,
       'chisme de carga número ' || n, n % 3 = 0, (n * 7919) % 500,
       now() - (n % 129600) * interval '1 minute'
from generate_series(1, 100000) n;
analyze public.chismes;
create temp table targets as select id from public.chismes order by md5(id::text) limit 5000;
\ir write-timings.sql
-- the covering definitions (created afresh, replacing the migration's plain ones)
drop index if exists public.chismes_cotilleo_country_created_at_id_idx, public.chismes_cotilleo_country_likes_created_at_id_idx;
create index chismes_cotilleo_country_created_at_id_idx on public.chismes (cotilleo, country, created_at desc, id desc) include (likes, gender, years, tags, report, hidden_at);
create index chismes_cotilleo_country_likes_created_at_id_idx on public.chismes (cotilleo, country, likes desc, created_at desc, id desc) include (gender, years, tags, report, hidden_at);
select pg_temp.measure_writes('with', 'like (likes + 1)');
drop index public.chismes_cotilleo_country_created_at_id_idx, public.chismes_cotilleo_country_likes_created_at_id_idx;
select pg_temp.measure_writes('without', 'like (likes + 1)');
create index chismes_cotilleo_country_created_at_id_idx on public.chismes (cotilleo, country, created_at desc, id desc) include (likes, gender, years, tags, report, hidden_at);
create index chismes_cotilleo_country_likes_created_at_id_idx on public.chismes (cotilleo, country, likes desc, created_at desc, id desc) include (gender, years, tags, report, hidden_at);
select pg_temp.measure_writes('with', 'like (likes + 1)');
drop index public.chismes_cotilleo_country_created_at_id_idx, public.chismes_cotilleo_country_likes_created_at_id_idx;
select pg_temp.measure_writes('without', 'like (likes + 1)');
select * from write_cost;
rollback;
