-- Who may join the head topics head:<tab>:<mode> and a chisme's own topic chisme:<id> (the RLS
-- policy on realtime.messages, tested the way the server checks a join: realtime.topic and the
-- claims set, then a select as the caller), and the moderation events a chisme's topic hears
-- at once. Expected topics are spelt out here, not built with the schema's functions.
begin;
select plan(22);

select tests.create_supabase_users('author', 'reader', 'minor');
-- a person who never confirmed being an adult (casual mode is open from 13)
update public.profiles set adult_confirmed_at = null where id = tests.get_supabase_uid('minor');
select tests.authenticate_as('author');
select tests.post_chisme('c', 'Mujer', '30', 'Cotilleo vigilado', null, 'CR', 'true');
select tests.reset_role();
select set_config('test.topic', 'chisme:' || current_setting('test.c'), true);
select private.flush_realtime();
delete from realtime.messages;
insert into realtime.messages (topic, extension, private, payload, event)
select t, 'broadcast', true, '{}', 'probe'
from unnest(array[
  current_setting('test.topic'), 'head:recent:casual', 'head:top:cotilleo', 'head:trending:casual',
  'head:old:casual', 'head:top:murmuro', 'head:top:casual:1', 'chismes:casual:1',
  'chisme:00000000-0000-0000-0000-000000000000', 'chisme:abc', 'chisme:' || upper(current_setting('test.c'))
]) t;

create function pg_temp.can_join(p_topic text) returns boolean language plpgsql as $$
begin
  perform set_config('realtime.topic', p_topic, true);
  return exists (select 1 from realtime.messages where topic = p_topic);
end;
$$;
-- New functions are executable by nobody until granted (00-schemas.sql): the probe runs as
-- each client role.
grant execute on function pg_temp.can_join(text) to anon, authenticated;

select tests.authenticate_as('reader');
select ok(pg_temp.can_join('head:recent:casual'), 'a signed-in reader may join the head of recent casual');
select ok(pg_temp.can_join('head:top:cotilleo'), 'and of top cotilleo');
select ok(pg_temp.can_join('head:trending:casual'), 'and of trending casual');
select ok(not pg_temp.can_join('head:old:casual'), 'not a head of the old tab (none is pushed)');
select ok(not pg_temp.can_join('head:top:murmuro'), 'not an unknown mode');
select ok(not pg_temp.can_join('head:top:casual:1'), 'not a topic with more parts');
select ok(not pg_temp.can_join('chismes:casual:1'), 'not a five-minute group of the design before (gone)');
select ok(pg_temp.can_join(current_setting('test.topic')), 'a chisme''s own topic, of a chisme the reader may read');
select ok(not pg_temp.can_join('chisme:00000000-0000-0000-0000-000000000000'), 'not the topic of a chisme that does not exist');
select ok(not pg_temp.can_join('chisme:abc'), 'not a chisme topic whose id is no uuid (no error either)');
select ok(not pg_temp.can_join('chisme:' || upper(current_setting('test.c'))), 'not the id spelt another way (one topic per chisme)');

select tests.authenticate_as('minor');
select ok(pg_temp.can_join('head:recent:casual'), 'a person without the adult confirmation may join a casual head');
select ok(not pg_temp.can_join('head:top:cotilleo'), 'but not a cotilleo head: its ids and counts are of adults-only chismes');

select tests.clear_authentication();
select ok(not pg_temp.can_join('head:recent:casual'), 'anon may not join a head topic');
select ok(not pg_temp.can_join(current_setting('test.topic')), 'nor a chisme topic');

select tests.reset_role();
select set_config('role', 'authenticated', true);
select set_config('request.jwt.claims', '{"role":"authenticated"}', true);
select ok(not pg_temp.can_join('head:recent:casual'), 'a token without a user may not join a head topic');

-- Moderation hides and restores: the chisme's topic hears it at once, with the id only
select tests.reset_role();
delete from realtime.messages;
update public.chismes set hidden_at = now() where id = current_setting('test.c')::uuid;
select results_eq(
  $$ select topic, event, payload from realtime.messages $$,
  $$ values (current_setting('test.topic'), 'chisme_hidden'::text, jsonb_build_object('id', current_setting('test.c'))) $$,
  'hiding a chisme tells its own topic at once, id only'
);
select tests.authenticate_as('reader');
select ok(not pg_temp.can_join(current_setting('test.topic')), 'a reader may not join the topic of a chisme hidden from them');
select tests.reset_role();
delete from realtime.messages;
update public.chismes set hidden_at = null where id = current_setting('test.c')::uuid;
select results_eq(
  $$ select topic, event from realtime.messages $$,
  $$ values (current_setting('test.topic'), 'chisme_restored'::text) $$,
  'restoring it tells its topic too'
);
select private.flush_realtime();
delete from realtime.messages;
update public.chismes set content = 'Cotilleo vigilado y editado' where id = current_setting('test.c')::uuid;
select is(private.flush_realtime(), 0, 'other updates tell nobody, at once or at the flush');
select is_empty($$ select 1 from realtime.messages $$, 'nothing at all');

-- Nobody sends on a head topic from a client
select tests.authenticate_as('reader');
select set_config('realtime.topic', 'head:top:casual', true);
select throws_ok(
  $$ insert into realtime.messages (topic, extension, private, payload, event) values ('head:top:casual', 'broadcast', true, '{"counts":[]}', 'chisme_counts') $$,
  '42501', null, 'a reader may not send fake counts to a head topic'
);

select * from finish();
rollback;
