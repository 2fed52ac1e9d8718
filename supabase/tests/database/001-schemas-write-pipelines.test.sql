-- One write pipeline per table, in written order (docs/database.md, "Write pipelines"): a
-- table has at most one trigger of ours (its function in `private`) per timing and event, so
-- the order of its checks and effects is the order its pipeline function calls them, never
-- the order in which triggers' names sort. A second trigger on any table fails here; so does a
-- pipelined table whose trigger runs another function.
begin;
select plan(5);

-- Every trigger of ours, one row per timing and event it fires on (tgtype: 2 before, 64
-- instead of, otherwise after; 4 insert, 8 delete, 16 update, 32 truncate).
create temporary view our_triggers as
-- (names as text of the default collation, so they compare with the literals below)
select (n.nspname || '.' || c.relname)::text collate "default" as table_name, t.tgname::text collate "default" as trigger_name,
       ('private.' || p.proname)::text collate "default" as function_name,
       case when t.tgtype & 2 <> 0 then 'before' when t.tgtype & 64 <> 0 then 'instead of' else 'after' end as timing,
       e.event
from pg_trigger t
join pg_class c on c.oid = t.tgrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_proc p on p.oid = t.tgfoid
cross join (values (4, 'insert'), (8, 'delete'), (16, 'update'), (32, 'truncate')) e (bit, event)
where not t.tgisinternal and p.pronamespace = 'private'::regnamespace and t.tgtype & e.bit <> 0;

create temporary view second_triggers as
select table_name, timing, event, array_agg(trigger_name order by trigger_name) as triggers
from our_triggers group by table_name, timing, event having count(*) > 1;

select is_empty(
  $$ select table_name || ' ' || timing || ' ' || event || ': ' || array_to_string(triggers, ', ') from second_triggers $$,
  'no table has two triggers of ours for one timing and event'
);

-- The tables people write through the RPCs: each operation's pipeline function.
select results_eq(
  $$ select table_name, timing, event, function_name from our_triggers
     where table_name in ('public.chismes', 'public.likes', 'public.comments', 'public.reports', 'public.country_logs',
                          'public.notifications', 'public.profiles')
     order by table_name, timing, event $$,
  $$ values
       ('public.chismes', 'after', 'insert', 'private.apply_chisme_write'),
       ('public.chismes', 'after', 'update', 'private.apply_chisme_write'),
       ('public.chismes', 'before', 'insert', 'private.check_chisme_write'),
       ('public.chismes', 'before', 'update', 'private.set_updated_at'),
       ('public.comments', 'after', 'delete', 'private.apply_comment_write'),
       ('public.comments', 'after', 'insert', 'private.apply_comment_write'),
       ('public.comments', 'after', 'update', 'private.apply_comment_write'),
       ('public.comments', 'before', 'insert', 'private.check_comment_write'),
       ('public.comments', 'before', 'update', 'private.set_updated_at'),
       ('public.country_logs', 'before', 'insert', 'private.check_country_log_write'),
       ('public.likes', 'after', 'delete', 'private.apply_like_write'),
       ('public.likes', 'after', 'insert', 'private.apply_like_write'),
       ('public.likes', 'before', 'delete', 'private.check_like_write'),
       ('public.likes', 'before', 'insert', 'private.check_like_write'),
       ('public.notifications', 'after', 'insert', 'private.apply_notification_write'),
       ('public.notifications', 'after', 'update', 'private.apply_notification_write'),
       ('public.notifications', 'before', 'insert', 'private.check_notification_rules'),
       ('public.notifications', 'before', 'update', 'private.keep_notification_read_state'),
       ('public.profiles', 'before', 'update', 'private.check_profile_update'),
       ('public.reports', 'after', 'insert', 'private.apply_report_write'),
       ('public.reports', 'before', 'insert', 'private.check_report_write')
  $$,
  'each written table runs one pipeline function per timing and event'
);

-- The check fails when it should: a second trigger on likes, made and dropped here.
create trigger likes_before_insert_second_check
  before insert on public.likes
  for each row execute function private.check_like_write();
select results_eq(
  $$ select table_name, timing, event, triggers from second_triggers $$,
  $$ values ('public.likes', 'before', 'insert', array['likes_before_insert_check_rules', 'likes_before_insert_second_check']) $$,
  'a second trigger of ours on a table is found'
);
drop trigger likes_before_insert_second_check on public.likes;

-- A trigger that fires on two events counts for each of them.
create trigger likes_before_insert_or_update_second_check
  before insert or update on public.likes
  for each row execute function private.check_like_write();
select results_eq(
  $$ select table_name, timing, event from second_triggers $$,
  $$ values ('public.likes', 'before', 'insert') $$,
  'a trigger on insert or update is a second trigger for insert'
);
drop trigger likes_before_insert_or_update_second_check on public.likes;

-- Steps are plain functions: a trigger function of ours that no trigger runs would be a step
-- left behind, found by name order nowhere.
select is_empty(
  $$ select p.oid::regprocedure::text from pg_proc p
     where p.pronamespace = 'private'::regnamespace and p.prorettype = 'trigger'::regtype
       and not exists (select 1 from pg_trigger t where t.tgfoid = p.oid) $$,
  'every trigger function of ours is run by a trigger'
);

select * from finish();
rollback;
