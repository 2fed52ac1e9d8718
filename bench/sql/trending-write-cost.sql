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
create temp table targets as
  select id from public.chismes where created_at > now() - interval '23 hours' order by md5(id::text) limit 3000;
\ir write-timings.sql
create function pg_temp.trending_triggers(p_on boolean) returns void language plpgsql as $f$
begin
  execute format('alter table public.chismes %s trigger chismes_after_insert_add_trending', case when p_on then 'enable' else 'disable' end);
  execute format('alter table public.chismes %s trigger chismes_after_update_update_trending', case when p_on then 'enable' else 'disable' end);
end $f$;
select pg_temp.trending_triggers(true);
select pg_temp.measure_writes('with', 'like (likes + 1), chisme < 24 h');
select pg_temp.trending_triggers(false);
select pg_temp.measure_writes('without', 'like (likes + 1), chisme < 24 h');
select pg_temp.trending_triggers(true);
select pg_temp.measure_writes('with', 'like (likes + 1), chisme < 24 h');
select pg_temp.trending_triggers(false);
select pg_temp.measure_writes('without', 'like (likes + 1), chisme < 24 h');
select * from write_cost;
rollback;
