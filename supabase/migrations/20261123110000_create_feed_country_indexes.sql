-- Feed access paths led by the country filter (issue 14).
--
-- What: two B-tree indexes on public.chismes that put the country right after the mode:
--   (cotilleo, country, created_at desc, id desc)          recent, old (backward) and trending
--   (cotilleo, country, likes desc, created_at desc, id desc)  top
-- Why: a feed filtered by country (alone or with every filter at once) used to walk the
-- mode-wide ordered index and throw away the other countries' rows: at 1M chismes the
-- all-filter variants read thousands of rows per page of 20 (6-12 ms, bench/results.json).
-- Led by the country, the same ordered walk only visits that country's rows (the largest
-- country holds 35 %), so a page reads a bounded number of rows whatever the table size.
-- Trending filtered by country reads the last 24 hours of that country from the first index
-- (a range on created_at) instead of AND-ing the date range with the GIN tag bitmap.
-- get_feed is untouched: its predicates already match these indexes.
create index chismes_cotilleo_country_created_at_id_idx
  on public.chismes (cotilleo, country, created_at desc, id desc);

create index chismes_cotilleo_country_likes_created_at_id_idx
  on public.chismes (cotilleo, country, likes desc, created_at desc, id desc);
