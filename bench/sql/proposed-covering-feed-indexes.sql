-- APPLIED by 20261124100000_update_chismes_rls_hide_moderated.sql (kept for the record). Was: PROPOSED MIGRATION (docs/decisions/0014-feed-access-paths.md), not applied by anything: the covering version of the
-- country-led feed indexes of 20261123110000_create_feed_country_indexes.sql. It needs
-- public.chismes.hidden_at (added by 20261123140000_create_moderation.sql, which sorts after
-- the whole timestamp range the country-led index work (docs/decisions/0014-feed-access-paths.md) could use), so it has to become a migration named after
-- 20261123140100, e.g. 2026112315xxxx_update_feed_country_indexes_covering.sql.
--
-- Why: get_feed's inner selects read id, created_at, likes and filter on gender, country,
-- years, tags, report and hidden_at. With those in the index, the country-led walk filters in
-- the index (Index Only Scan) instead of fetching each heap row. Measured at 1M chismes on the
-- bench data (explain (analyze, buffers), all filters, casual, page 1): recent 1,567 -> 393
-- buffers; top 1,905 -> 490; trending 78-90 ms (BitmapAnd of the 24-hour range with the GIN
-- '#amor' bitmap of 201,827 TIDs) -> 0.76 ms (index-only range of the country's last 24 h +
-- top-N sort). Write cost (bench/sql/feed-index-write-cost.sql, load ~15): insert p50
-- 29 -> 60 us, likes + 1 p50 36 -> 68 us with both covering indexes vs none (~1 % of a like's
-- ~3.5 ms CPU through the API).
drop index if exists public.chismes_cotilleo_country_created_at_id_idx;
drop index if exists public.chismes_cotilleo_country_likes_created_at_id_idx;

create index chismes_cotilleo_country_created_at_id_idx
  on public.chismes (cotilleo, country, created_at desc, id desc)
  include (likes, gender, years, tags, report, hidden_at);

create index chismes_cotilleo_country_likes_created_at_id_idx
  on public.chismes (cotilleo, country, likes desc, created_at desc, id desc)
  include (gender, years, tags, report, hidden_at);
