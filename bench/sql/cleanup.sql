-- Removes every row the bench added (ids with the bench prefixes, rows of bench users) and
-- the scratch schema. Runs with session_replication_role = replica, so foreign-key cascades
-- do not fire: each table is cleaned explicitly, children first.
set session_replication_role = replica;

create temporary table bench_users on commit drop as
  select id from auth.users where id >= 'bec4c4c4-0000-0000-0000-000000000000' and id < 'bec4c4c5-0000-0000-0000-000000000000';
create temporary table bench_chismes on commit drop as
  select a.chisme_id as id from public.chisme_authors a where a.user_id in (select id from bench_users)
  union
  select id from public.chismes where id >= 'bec4c4c5-0000-0000-0000-000000000000' and id < 'bec4c4c6-0000-0000-0000-000000000000';
create index on bench_chismes (id);
analyze bench_users;
analyze bench_chismes;

delete from public.reports where user_id in (select id from bench_users) or chisme_id in (select id from bench_chismes)
  or comment_id in (select c.id from public.comments c where c.chisme_id in (select id from bench_chismes));
delete from public.comment_authors where comment_id in (select c.id from public.comments c where c.chisme_id in (select id from bench_chismes))
  or user_id in (select id from bench_users);
delete from private.thread_participants where chisme_id in (select id from bench_chismes) or user_id in (select id from bench_users);
delete from public.comments where chisme_id in (select id from bench_chismes);
delete from private.notified_likes where chisme_id in (select id from bench_chismes) or liker_id in (select id from bench_users);
delete from public.likes where chisme_id in (select id from bench_chismes) or user_id in (select id from bench_users);
delete from public.chisme_authors where chisme_id in (select id from bench_chismes);
delete from public.chismes where id in (select id from bench_chismes);
delete from public.notifications where user_id in (select id from bench_users);
delete from public.profiles where id in (select id from bench_users);
delete from auth.users where id in (select id from bench_users);
delete from realtime.messages where topic like 'notifications:bec4c4c4%' or topic like 'bench:%';
drop schema if exists bench cascade;
