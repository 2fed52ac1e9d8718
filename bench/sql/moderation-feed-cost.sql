-- Feed cost of the moderation hide condition (docs/decisions/0010-automatic-hiding.md), before/after, inside one rolled-back
-- transaction on the running local stack:
--   psql postgresql://postgres:postgres@127.0.0.1:54322/postgres -q -f bench/sql/moderation-feed-cost.sql
-- The two definitions it compares were migrations since squashed into the baseline
-- (docs/database.md): restore them first from the last commit that had them, e.g.
--   git show 7372ce4:supabase/migrations/20261122031000_update_get_feed_set_based.sql > supabase/migrations/20261122031000_update_get_feed_set_based.sql
-- (and 20261123140100_update_chisme_reads_hide_moderated.sql), and delete them afterwards.
-- 200k extra chismes (1/3 cotilleo; 2 % with one report, 0.1 % hidden; '#amor' on 20 %, '#raro'
-- on 0.1 %), then get_feed as a signed-in user, 40 calls per variant, alternating main's
-- get_feed (before) and the one with the hide predicate (after), twice. Prints p50/p95 in ms.
begin;
alter table public.chismes disable trigger user;
insert into public.chismes (gender, years, country, tags, content, cotilleo, likes, report, created_at)
select (array['Hombre', 'Mujer', 'Prefiero no decirlo'])[1 + n % 3], 13 + n % 80,
       (array['Costa Rica', 'México', 'España', 'Chile'])[1 + n % 4],
       case when n % 1000 = 0 then array['#raro'] when n % 5 = 0 then array['#amor'] else array['#t' || (n % 50)] end,
       'chisme de carga número ' || n, n % 3 = 0, (n * 7919) % 500, case when n % 50 = 0 then 1 else 0 end,
       now() - (n % 129600) * interval '1 minute'
from generate_series(1, 200000) n;
alter table public.chismes enable trigger user;
analyze public.chismes;
create temp table timings (variant text, policy text, ms numeric);
grant all on timings to authenticated;
-- 2 % of the rows carry one report (so the reporter probe runs), 0.1 % are hidden
update public.chismes set hidden_at = now() where report = 1 and likes % 20 = 0;
analyze public.chismes;
create function pg_temp.run(p_policy text) returns void language plpgsql as $f$
declare v record; t0 timestamptz; i int; n int;
begin
  for v in select * from (values
    ('recent', null::text, null::text, null::int, null::text[]), ('recent', 'Mujer', null, null, null), ('recent', null, null, null, array['amor']),
    ('recent', 'Mujer', 'España', 18, array['amor']), ('recent', null, null, null, array['raro']),
    ('top', null, null, null, null), ('top', 'Mujer', 'España', 18, array['amor']), ('top', null, null, null, array['raro']),
    ('trending', null, null, null, null), ('trending', 'Mujer', 'España', 18, array['amor']), ('old', null, null, null, null)) x(tab, gender, country, years, tags) loop
    perform count(*) from public.get_feed(v.tab, false, p_gender => v.gender, p_country => v.country, p_years_from => v.years, p_years_to => v.years + 7, p_tags => v.tags);
    for i in 1..40 loop
      t0 := clock_timestamp();
      select count(*) into n from public.get_feed(v.tab, false, p_gender => v.gender, p_country => v.country, p_years_from => v.years, p_years_to => v.years + 7, p_tags => v.tags);
      insert into timings values (v.tab || case when v.country is not null then ' all filters' when v.gender is not null then ' gender' else '' end || coalesce(' #' || v.tags[1], ''), p_policy, extract(epoch from clock_timestamp() - t0) * 1000);
    end loop;
  end loop;
end $f$;
grant execute on function pg_temp.run(text) to authenticated;
select set_config('request.jwt.claims', json_build_object('sub', 'a1111111-1111-4111-8111-111111111111', 'role', 'authenticated')::text, true);
\ir ../../supabase/migrations/20261122031000_update_get_feed_set_based.sql
set local role authenticated;
select pg_temp.run('before1');
reset role;
\ir ../../supabase/migrations/20261123140100_update_chisme_reads_hide_moderated.sql
set local role authenticated;
select pg_temp.run('after1');
reset role;
\ir ../../supabase/migrations/20261122031000_update_get_feed_set_based.sql
set local role authenticated;
select pg_temp.run('before2');
reset role;
\ir ../../supabase/migrations/20261123140100_update_chisme_reads_hide_moderated.sql
set local role authenticated;
select pg_temp.run('after2');
reset role;
select variant, policy, round(percentile_cont(0.5) within group (order by ms)::numeric, 3) p50, round(percentile_cont(0.95) within group (order by ms)::numeric, 3) p95
from timings group by 1, 2 order by 1, 2;
rollback;
