-- Buffers read by trending pages before and after the trending table (docs/decisions/0015-trending-table.md), on the running
-- stack with the bench's 1M chismes: the statement get_feed ran before (the 24-hour window of
-- public.chismes in likes order) and the one it runs now (private.trending_chismes), with the
-- bench's filters folded in. Buffers do not depend on the machine's load, unlike timings.
--   psql postgresql://postgres:postgres@127.0.0.1:54322/postgres -q -f bench/sql/trending-plans.sql
\pset pager off
-- casual, every filter, page 1
explain (analyze, buffers, costs off, timing off, summary off)
select c.id from public.chismes c
where c.cotilleo = false and c.created_at > now() - interval '24 hours' and c.gender = 'Mujer' and c.country = 'México'
  and c.years >= 18 and c.years <= 25 and c.tags && array['#amor'] and (c.report = 0 or c.hidden_at is null)
order by c.likes desc, c.created_at desc, c.id desc limit 20;
explain (analyze, buffers, costs off, timing off, summary off)
select t.id from private.trending_chismes t
where t.cotilleo = false and t.created_at > now() - interval '24 hours' and t.gender = 'Mujer' and t.country = 'México'
  and t.years >= 18 and t.years <= 25 and t.tags && array['#amor'] and (t.report = 0 or t.hidden_at is null)
order by t.likes desc, t.created_at desc, t.id desc limit 20;
-- cotilleo, tag #amor, the page after the feed's 600th row (near its end, where page 50 asks)
select t.likes as l, t.created_at as ca, t.id as i from private.trending_chismes t
where t.cotilleo and t.created_at > now() - interval '24 hours' and t.tags && array['#amor']
order by t.likes desc, t.created_at desc, t.id desc offset 599 limit 1 \gset
explain (analyze, buffers, costs off, timing off, summary off)
select c.id from public.chismes c
where c.cotilleo and c.created_at > now() - interval '24 hours' and c.tags && array['#amor'] and (c.report = 0 or c.hidden_at is null)
  and (c.likes, c.created_at, c.id) < (:l, :'ca'::timestamptz, :'i'::uuid)
order by c.likes desc, c.created_at desc, c.id desc limit 20;
explain (analyze, buffers, costs off, timing off, summary off)
select t.id from private.trending_chismes t
where t.cotilleo and t.created_at > now() - interval '24 hours' and t.tags && array['#amor'] and (t.report = 0 or t.hidden_at is null)
  and (t.likes, t.created_at, t.id) < (:l, :'ca'::timestamptz, :'i'::uuid)
order by t.likes desc, t.created_at desc, t.id desc limit 20;
