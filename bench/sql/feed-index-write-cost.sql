-- Write cost of the covering country-led feed indexes (docs/decisions/0014-feed-access-paths.md; bench/sql/
-- proposed-covering-feed-indexes.sql), with and without them, inside one
-- rolled-back transaction on the running local stack:
--   psql postgresql://postgres:postgres@127.0.0.1:54322/postgres -q -f bench/sql/feed-index-write-cost.sql
-- 100k extra chismes first (so the indexes have depth), then per phase: 5,000 single-row
-- inserts of a chisme and 5,000 single-row `likes = likes + 1` updates (what the like trigger
-- does to the chisme), each timed; phases alternate with/without the two indexes, twice.
-- Prints µs per write (p50 and mean). Triggers are off: what differs is index maintenance.
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
create temp table write_timings (phase text, op text, us numeric);
create temp table targets as select id from public.chismes order by md5(id::text) limit 5000;
create function pg_temp.measure(p_phase text) returns void language plpgsql as $f$
declare t0 timestamptz; i int; r record;
begin
  for i in 1..5000 loop
    t0 := clock_timestamp();
    insert into public.chismes (gender, years, country, tags, content, cotilleo, likes)
    values ('Mujer', 20 + i % 30, (array['México', 'España', 'Chile'])[1 + i % 3], array['#amor'], 'chisme de escritura ' || i, i % 3 = 0, 0);
    insert into write_timings values (p_phase, 'insert chisme', extract(epoch from clock_timestamp() - t0) * 1e6);
  end loop;
  for r in select id from targets loop
    t0 := clock_timestamp();
    update public.chismes set likes = likes + 1 where id = r.id;
    insert into write_timings values (p_phase, 'like (likes + 1)', extract(epoch from clock_timestamp() - t0) * 1e6);
  end loop;
end $f$;
-- the covering definitions (created afresh, replacing the migration's plain ones)
drop index if exists public.chismes_cotilleo_country_created_at_id_idx, public.chismes_cotilleo_country_likes_created_at_id_idx;
create index chismes_cotilleo_country_created_at_id_idx on public.chismes (cotilleo, country, created_at desc, id desc) include (likes, gender, years, tags, report, hidden_at);
create index chismes_cotilleo_country_likes_created_at_id_idx on public.chismes (cotilleo, country, likes desc, created_at desc, id desc) include (gender, years, tags, report, hidden_at);
select pg_temp.measure('with');
drop index public.chismes_cotilleo_country_created_at_id_idx, public.chismes_cotilleo_country_likes_created_at_id_idx;
select pg_temp.measure('without');
create index chismes_cotilleo_country_created_at_id_idx on public.chismes (cotilleo, country, created_at desc, id desc) include (likes, gender, years, tags, report, hidden_at);
create index chismes_cotilleo_country_likes_created_at_id_idx on public.chismes (cotilleo, country, likes desc, created_at desc, id desc) include (gender, years, tags, report, hidden_at);
select pg_temp.measure('with');
drop index public.chismes_cotilleo_country_created_at_id_idx, public.chismes_cotilleo_country_likes_created_at_id_idx;
select pg_temp.measure('without');
select op, phase, count(*) as writes,
       round(percentile_cont(0.5) within group (order by us)::numeric, 1) as p50_us,
       round(avg(us), 1) as mean_us
from write_timings group by op, phase order by op, phase;
rollback;
