-- Feed access paths led by the country filter (docs/decisions/0014-feed-access-paths.md).
--
-- What: two B-tree indexes on public.chismes that put the country right after the mode:
--   (cotilleo, country, created_at desc, id desc)              recent, old (backward), trending
--   (cotilleo, country, likes desc, created_at desc, id desc)  top
-- Why: a feed filtered by country (alone or with every filter at once) used to walk the
-- mode-wide ordered index and throw away the other countries' rows: at 1M chismes the
-- all-filter variants read thousands of rows per page of 20 (6-12 ms, bench/results.json).
-- Led by the country, the ordered walk only visits that country's rows (at most 35 % of a
-- mode), ~5x fewer: at 1M the all-filter p50s fell 2-4x (recent casual 7.3 -> 2.6 ms, top
-- casual 9.1 -> 4.0 ms, trending cotilleo 21.4 -> 0.9 ms), and trending with a country reads
-- that country's last 24 hours as one index range.
-- A covering version (INCLUDE gender, years, tags, report, hidden_at, likes: index-only
-- filtering, 4x fewer buffers, and trending no longer ANDs the GIN tag bitmap) needs
-- chismes.hidden_at, which a later migration adds; it is in
-- bench/sql/proposed-covering-feed-indexes.sql for a migration after that one.
-- get_feed is untouched: its predicates already match these indexes.
create index chismes_cotilleo_country_created_at_id_idx
  on public.chismes (cotilleo, country, created_at desc, id desc);

create index chismes_cotilleo_country_likes_created_at_id_idx
  on public.chismes (cotilleo, country, likes desc, created_at desc, id desc);
