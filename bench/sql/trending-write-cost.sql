-- Write cost of the trending table (docs/decisions/0015-trending-table.md; migration 20261124120000_create_trending_chismes.sql):
-- its two triggers on public.chismes (add on insert + prune, copy likes/report/hidden_at on
-- update) and its three indexes, inside one rolled-back transaction on the running local stack
-- (best with the bench's 1M chismes loaded: `npx tsx bench/sql-feeds.ts --load 1000000`):
--   psql postgresql://postgres:postgres@127.0.0.1:54322/postgres -q -f bench/sql/trending-write-cost.sql
-- Per phase: 3,000 single-row inserts of a chisme and 3,000 single-row `likes = likes + 1`
-- updates of chismes of the last 24 hours (each has a trending row: the worst case for a like),
-- each timed; phases alternate with/without the two trending triggers, twice. Every other
-- user trigger is off in both phases, so what differs is the trending table's upkeep.
begin;
alter table public.chismes disable trigger user;
create temp table write_timings (phase text, op text, us numeric);
create temp table targets as
  select id from public.chismes where created_at > now() - interval '23 hours' order by md5(id::text) limit 3000;
create function pg_temp.measure(p_phase text) returns void language plpgsql as $f$
declare t0 timestamptz; i int; r record;
begin
  for i in 1..3000 loop
    t0 := clock_timestamp();
    insert into public.chismes (gender, years, country, tags, content, cotilleo, likes)
    values ('Mujer', 20 + i % 30, (array['México', 'España', 'Chile'])[1 + i % 3], array['#amor'], 'chisme de escritura ' || i, i % 3 = 0, 0);
    insert into write_timings values (p_phase, 'insert chisme', extract(epoch from clock_timestamp() - t0) * 1e6);
  end loop;
  for r in select id from targets loop
    t0 := clock_timestamp();
    update public.chismes set likes = likes + 1 where id = r.id;
    insert into write_timings values (p_phase, 'like (likes + 1), chisme < 24 h', extract(epoch from clock_timestamp() - t0) * 1e6);
  end loop;
end $f$;
create function pg_temp.trending_triggers(p_on boolean) returns void language plpgsql as $f$
begin
  execute format('alter table public.chismes %s trigger chismes_after_insert_add_trending', case when p_on then 'enable' else 'disable' end);
  execute format('alter table public.chismes %s trigger chismes_after_update_update_trending', case when p_on then 'enable' else 'disable' end);
end $f$;
select pg_temp.trending_triggers(true);
select pg_temp.measure('with');
select pg_temp.trending_triggers(false);
select pg_temp.measure('without');
select pg_temp.trending_triggers(true);
select pg_temp.measure('with');
select pg_temp.trending_triggers(false);
select pg_temp.measure('without');
select op, phase, count(*) as writes,
       round(percentile_cont(0.5) within group (order by us)::numeric, 1) as p50_us,
       round(percentile_cont(0.95) within group (order by us)::numeric, 1) as p95_us,
       round(avg(us), 1) as mean_us
from write_timings group by op, phase order by op, phase;
rollback;
