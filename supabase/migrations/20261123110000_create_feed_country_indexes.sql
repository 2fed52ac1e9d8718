-- Feed access paths led by the country filter (issue 14).
--
-- What: two covering B-tree indexes on public.chismes that put the country right after the
-- mode and carry every other column a feed filters on (gender, years, tags, report,
-- hidden_at) in INCLUDE:
--   (cotilleo, country, created_at desc, id desc) include (likes, ...)   recent, old, trending
--   (cotilleo, country, likes desc, created_at desc, id desc) include (...)  top
-- Why: a feed filtered by country (alone or with every filter at once) used to walk the
-- mode-wide ordered index and fetch each heap row to throw away the other countries' rows
-- and the other filters' misses: at 1M chismes the all-filter variants read thousands of
-- rows per page of 20 (6-12 ms, bench/results.json). Led by the country, the ordered walk only
-- visits that country's rows; covering, it filters them in the index (an index-only scan:
-- 1,567 -> 393 buffers for recent with all filters at 1M, 1,905 -> 490 for top).
-- Trending filtered by country reads the last 24 hours of that country from the first index
-- and sorts them by likes in memory (likes is included for that), instead of AND-ing the date
-- range with the GIN tag bitmap, which at 1M built a 200k-row bitmap for '#amor' (90 ms ->
-- 0.8 ms). get_feed is untouched: its predicates already match these indexes.
create index chismes_cotilleo_country_created_at_id_idx
  on public.chismes (cotilleo, country, created_at desc, id desc)
  include (likes, gender, years, tags, report, hidden_at);

create index chismes_cotilleo_country_likes_created_at_id_idx
  on public.chismes (cotilleo, country, likes desc, created_at desc, id desc)
  include (gender, years, tags, report, hidden_at);
