-- The timing loop the write-cost scripts share (feed-index-write-cost.sql,
-- trending-write-cost.sql), included with `\ir write-timings.sql` inside their rolled-back
-- transaction once their temp table `targets` (the chismes a like updates) exists.
-- pg_temp.measure_writes(phase, like label): as many single-row inserts of a chisme as there
-- are targets, then one `likes = likes + 1` update of each target (what the like trigger does
-- to the chisme), each timed into write_timings. The view write_cost gives µs per write.
create temp table write_timings (phase text, op text, us numeric);
create function pg_temp.measure_writes(p_phase text, p_like_label text) returns void language plpgsql as $f$
declare t0 timestamptz; i int; r record;
begin
  for i in 1..(select count(*) from targets) loop
    t0 := clock_timestamp();
    insert into public.chismes (gender, years, country, tags, content, cotilleo, likes)
    values ('Mujer', 20 + i % 30, (array['México', 'España', 'Chile'])[1 + i % 3], array['#amor'], 'chisme de escritura ' || i, i % 3 = 0, 0);
    insert into write_timings values (p_phase, 'insert chisme', extract(epoch from clock_timestamp() - t0) * 1e6);
  end loop;
  for r in select id from targets loop
    t0 := clock_timestamp();
    update public.chismes set likes = likes + 1 where id = r.id;
    insert into write_timings values (p_phase, p_like_label, extract(epoch from clock_timestamp() - t0) * 1e6);
  end loop;
end $f$;
create temp view write_cost as
select op, phase, count(*) as writes,
       round(percentile_cont(0.5) within group (order by us)::numeric, 1) as p50_us,
       round(percentile_cont(0.95) within group (order by us)::numeric, 1) as p95_us,
       round(avg(us), 1) as mean_us
from write_timings group by op, phase order by op, phase;
