-- Write cost of the trending table (docs/decisions/0015-trending-table.md; migration 20261124120000_create_trending_chismes.sql):
-- its two steps of the chismes write pipeline (add on insert + prune, copy likes/report/hidden_at
-- on update) and its three indexes, inside one rolled-back transaction on the running local stack
-- (best with the bench's 1M chismes loaded: `npx tsx bench/sql-feeds.ts --load 1000000`):
--   psql postgresql://postgres:postgres@127.0.0.1:54322/postgres -q -f bench/sql/trending-write-cost.sql
-- Per phase: 3,000 single-row inserts of a chisme and 3,000 single-row `likes = likes + 1`
-- updates of chismes of the last 24 hours (each has a trending row: the worst case for a like),
-- each timed; phases alternate with/without the two trending steps, twice. Only the chismes
-- pipeline's after-insert and after-update triggers stay on, with every other step they call
-- given an empty body for the transaction (20-chismes.sql, private.apply_chisme_write), so what
-- differs is the trending table's upkeep.
begin;
alter table public.chismes disable trigger user;
alter table public.chismes enable trigger chismes_after_insert_apply_effects;
alter table public.chismes enable trigger chismes_after_update_apply_effects;
create temp table targets as
  select id from public.chismes where created_at > now() - interval '23 hours' order by md5(id::text) limit 3000;
\ir write-timings.sql
-- the trending steps' own definitions, put back for each phase with them
create temp table trending_steps as
  select p.oid::regprocedure::text as signature, pg_get_functiondef(p.oid) as definition
  from pg_proc p
  where p.oid in ('private.add_trending_chisme(public.chismes)'::regprocedure, 'private.update_trending_chisme(public.chismes)'::regprocedure);
-- a step's definition with an empty body (its name, parameters and settings kept)
create function pg_temp.empty_step(p_signature text) returns void language plpgsql as $f$
begin
  execute regexp_replace(pg_get_functiondef(p_signature::regprocedure), '\$function\$.*\$function\$', '$function$ begin end $function$');
end $f$;
select pg_temp.empty_step(s) from unnest(array[
  'private.record_chisme_author(uuid)', 'private.mark_chisme_created(uuid,boolean,timestamp with time zone)',
  'private.mark_chisme_counts_changed(uuid)', 'private.broadcast_chisme_image(public.chismes)',
  'private.broadcast_chisme_moderation(public.chismes)']) s;
create function pg_temp.trending_triggers(p_on boolean) returns void language plpgsql as $f$
declare r record;
begin
  for r in select * from trending_steps loop
    if p_on then execute r.definition; else perform pg_temp.empty_step(r.signature); end if;
  end loop;
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
