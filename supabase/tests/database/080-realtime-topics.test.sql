-- Who may join the group topics chismes:<mode>:<bucket> (the RLS policy on realtime.messages,
-- tested the way the server checks a join: realtime.topic and the claims set, then a select
-- as the caller), and the moderation events a group hears at once.
begin;
select plan(12);

select tests.create_supabase_users('author', 'reader');
select tests.authenticate_as('author');
select tests.post_chisme('c', 'Mujer', '30', 'Cotilleo vigilado', null, 'CR', 'true');
select tests.reset_role();
select set_config('test.topic', (select private.chisme_topic(true, created_at) from public.chismes where id = current_setting('test.c')::uuid), true);
delete from realtime.messages;
insert into realtime.messages (topic, extension, private, payload, event) values
  (current_setting('test.topic'), 'broadcast', true, '{}', 'probe'),
  ('chismes:casual:1', 'broadcast', true, '{}', 'probe'),
  ('chismes:casual:abc', 'broadcast', true, '{}', 'probe'),
  ('chismes:casual:1:2', 'broadcast', true, '{}', 'probe'),
  ('chismes:murmuro:1', 'broadcast', true, '{}', 'probe'),
  ('chisme:' || current_setting('test.c'), 'broadcast', true, '{}', 'probe');

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
select ok(pg_temp.can_join(current_setting('test.topic')), 'a signed-in reader may join a cotilleo group');
select ok(pg_temp.can_join('chismes:casual:1'), 'and a casual group');
select ok(not pg_temp.can_join('chismes:casual:abc'), 'not a group whose bucket is no number');
select ok(not pg_temp.can_join('chismes:casual:1:2'), 'not a topic with more parts');
select ok(not pg_temp.can_join('chismes:murmuro:1'), 'not an unknown mode');
select ok(not pg_temp.can_join('chisme:' || current_setting('test.c')), 'not a per-chisme topic (none exists)');

select tests.clear_authentication();
select ok(not pg_temp.can_join(current_setting('test.topic')), 'anon may not join a group');

select tests.reset_role();
select set_config('role', 'authenticated', true);
select set_config('request.jwt.claims', '{"role":"authenticated"}', true);
select ok(not pg_temp.can_join(current_setting('test.topic')), 'a token without a user may not join a group');

-- Moderation hides and restores: the group hears it at once, with the id only
select tests.reset_role();
delete from realtime.messages;
update public.chismes set hidden_at = now() where id = current_setting('test.c')::uuid;
select results_eq(
  $$ select topic, event, payload from realtime.messages where topic like 'chismes:%' $$,
  $$ values (current_setting('test.topic'), 'chisme_hidden'::text, jsonb_build_object('id', current_setting('test.c'))) $$,
  'hiding a chisme tells its group at once, id only'
);
delete from realtime.messages;
update public.chismes set hidden_at = null where id = current_setting('test.c')::uuid;
select results_eq(
  $$ select topic, event from realtime.messages where topic like 'chismes:%' $$,
  $$ values (current_setting('test.topic'), 'chisme_restored'::text) $$,
  'restoring it tells the group too'
);
delete from realtime.messages;
update public.chismes set content = 'Cotilleo vigilado y editado' where id = current_setting('test.c')::uuid;
select is_empty($$ select 1 from realtime.messages $$, 'other updates tell nobody');

-- Nobody sends on a group from a client
select tests.authenticate_as('reader');
select set_config('realtime.topic', current_setting('test.topic'), true);
select throws_ok(
  $$ insert into realtime.messages (topic, extension, private, payload, event) values (current_setting('test.topic'), 'broadcast', true, '{"counts":[]}', 'chisme_counts') $$,
  '42501', null, 'a reader may not send fake counts to a group'
);

select * from finish();
rollback;
