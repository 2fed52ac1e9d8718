-- Removes every row the bench added (ids with the bench prefixes, rows of bench users) and
-- the scratch schema. Runs with session_replication_role = replica, so foreign-key cascades
-- do not fire: each table is cleaned explicitly, children first. One condition per delete, so
-- each is a hash semi-join (an OR of IN-subqueries can turn into a per-row subplan).
set local session_replication_role = replica;
set local work_mem = '256MB';

create temporary table bench_users on commit drop as
  select id from auth.users where id >= 'bec4c4c4-0000-0000-0000-000000000000' and id < 'bec4c4c5-0000-0000-0000-000000000000';
create temporary table bench_chismes on commit drop as
  select a.chisme_id as id from public.chisme_authors a join bench_users u on u.id = a.user_id
  union
  select id from public.chismes where id >= 'bec4c4c5-0000-0000-0000-000000000000' and id < 'bec4c4c6-0000-0000-0000-000000000000';
create temporary table bench_comments on commit drop as
  select c.id from public.comments c join bench_chismes b on b.id = c.chisme_id
  union
  select a.comment_id from public.comment_authors a join bench_users u on u.id = a.user_id;
analyze bench_users;
analyze bench_chismes;
analyze bench_comments;

delete from public.reports r using bench_users u where r.user_id = u.id;
delete from public.reports r using bench_chismes b where r.chisme_id = b.id;
delete from public.reports r using bench_comments b where r.comment_id = b.id;
delete from public.comment_authors a using bench_comments b where a.comment_id = b.id;
delete from private.thread_participants t using bench_chismes b where t.chisme_id = b.id;
delete from private.thread_participants t using bench_users u where t.user_id = u.id;
delete from public.comments c using bench_comments b where c.id = b.id;
delete from private.notified_likes n using bench_chismes b where n.chisme_id = b.id;
delete from private.notified_likes n using bench_users u where n.liker_id = u.id;
delete from public.likes l using bench_chismes b where l.chisme_id = b.id;
delete from public.likes l using bench_users u where l.user_id = u.id;
delete from public.chisme_authors a using bench_chismes b where a.chisme_id = b.id;
delete from private.trending_chismes t using bench_chismes b where t.id = b.id;
delete from public.chismes c using bench_chismes b where c.id = b.id;
delete from private.notification_senders s using public.notifications n, bench_users u where s.notification_id = n.id and n.user_id = u.id;
delete from private.notification_senders s using bench_users u where s.sender_id = u.id;
-- the windows of the bench users' limits (12-rate-limits.sql); their notification budgets are
-- windows named by a hash of sender and recipient, which end within the hour
delete from private.rate_limit_counters r using bench_users u where r.subject_id = u.id;
delete from private.rate_limit_members m using bench_users u where m.member_id = u.id;
delete from private.rate_limit_overrides o using bench_users u where o.user_id = u.id;
delete from public.notifications n using bench_users u where n.user_id = u.id;
delete from public.profiles p using bench_users u where p.id = u.id;
delete from auth.users a using bench_users u where a.id = u.id;
delete from realtime.messages where topic like 'notifications:bec4c4c4%';
drop schema if exists bench cascade;
