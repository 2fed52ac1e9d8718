-- The coalesced realtime flush (supabase/schemas/80-realtime.sql,
-- docs/scaling.md): a counter change only marks its chisme; private.flush_realtime sends at
-- most one chisme_counts message per group topic per call, with the latest counts of the
-- chismes changed since the last call and nothing for unchanged ones; new chismes are
-- announced (count and ids, no content) on the groups at the top of their mode.
begin;
select plan(18);

select tests.create_supabase_users('author', 'fan1', 'fan2', 'fan3', 'poster');
select tests.authenticate_as('author');
select tests.post_chisme('a', 'Mujer', '30', 'Chisme A para contar', null, 'CR', 'false');
select tests.post_chisme('b', 'Mujer', '30', 'Chisme B sin cambios', null, 'CR', 'false');
select tests.post_chisme('c', 'Mujer', '30', 'Chisme C de otra hora', null, 'CR', 'false');
select tests.reset_role();
-- How many group messages one flush sends (it also sends collapsed notifications: test 182)
create function pg_temp.flush_groups() returns int language plpgsql as $$
declare
  v_before int := (select count(*) from realtime.messages where topic like 'chismes:%');
begin
  perform private.flush_realtime();
  return (select count(*) from realtime.messages where topic like 'chismes:%') - v_before;
end;
$$;
-- C belongs to an older five-minute group; A and B share the current one
update public.chismes set created_at = now() - interval '1 hour' where id = current_setting('test.c')::uuid;
select private.flush_realtime();
delete from realtime.messages;

-- Three likes and a comment on A between two flushes: one message, the latest values
select tests.authenticate_as('fan1');
select public.like_chisme(current_setting('test.a'));
select tests.authenticate_as('fan2');
select public.like_chisme(current_setting('test.a'));
select tests.authenticate_as('fan3');
select public.like_chisme(current_setting('test.a'));
select public.add_comment(current_setting('test.a'), null, 'Comentario que cuenta', 'Hombre', '30', 'ES');
select tests.reset_role();
select is((select count(*)::int from realtime.messages where topic like 'chismes:%'), 0, 'likes and comments broadcast nothing on the groups by themselves');
select is((select count(*)::int from private.realtime_changed_chismes), 1, 'four changes of one chisme mark it once');
select is(pg_temp.flush_groups(), 1, 'the flush sends one message');
select results_eq(
  $$ select topic, event, private, payload from realtime.messages where topic like 'chismes:%' $$,
  $$ select private.chisme_topic(false, c.created_at), 'chisme_counts'::text, true,
            jsonb_build_object('counts', jsonb_build_array(jsonb_build_object('id', c.id, 'likes', 3, 'comments', 1)))
     from public.chismes c where c.id = current_setting('test.a')::uuid $$,
  'one chisme_counts message on A''s group with A''s latest counts only (B, unchanged, is absent)'
);
select is((select count(*)::int from private.realtime_changed_chismes), 0, 'the flush drains the outbox');
delete from realtime.messages;
select is(pg_temp.flush_groups(), 0, 'nothing changed: the next flush sends nothing');

-- A like then an unlike: the counts changed and came back; the flush sends the latest (same) value
select tests.authenticate_as('fan1');
select public.unlike_chisme(current_setting('test.a'));
select public.like_chisme(current_setting('test.a'));
select tests.authenticate_as('fan2');
select public.like_chisme(current_setting('test.b'));
select public.like_chisme(current_setting('test.c'));
select tests.reset_role();
select is(pg_temp.flush_groups(), 2, 'changes in two groups: one message per group');
select results_eq(
  $$ select e ->> 'id', (e ->> 'likes')::int from realtime.messages m, jsonb_array_elements(m.payload -> 'counts') e
     where m.topic = (select private.chisme_topic(false, c.created_at) from public.chismes c where c.id = current_setting('test.a')::uuid)
     order by 1 $$,
  $$ select id::text, likes from public.chismes where id in (current_setting('test.a')::uuid, current_setting('test.b')::uuid) order by 1 $$,
  'A and B, in one group, share one message with each one''s latest likes'
);
select is(
  (select (m.payload -> 'counts' -> 0 ->> 'likes')::int from realtime.messages m
   where m.topic = (select private.chisme_topic(false, c.created_at) from public.chismes c where c.id = current_setting('test.c')::uuid)),
  1, 'C goes to its own (older) group'
);

-- A hidden chisme's changes are not sent
delete from realtime.messages;
select tests.authenticate_as('fan3');
select public.like_chisme(current_setting('test.b'));
select tests.reset_role();
update public.chismes set hidden_at = now() where id = current_setting('test.b')::uuid;
delete from realtime.messages;
select is(pg_temp.flush_groups(), 0, 'a chisme hidden before the flush: its counts are not sent');

-- New chismes: the count and ids (newest first) on the groups at the top of the mode. In one
-- transaction every created_at is the same now(): A is made a second older, the newest
-- chisme readers had before the news.
update public.chismes set created_at = now() - interval '1 second' where id = current_setting('test.a')::uuid;
delete from private.realtime_news_sent; -- the arrangement's news was sent moments ago
select tests.authenticate_as('poster');
select tests.post_chisme('n1', 'Mujer', '30', 'Nuevo chisme uno', null, 'CR', 'false');
select tests.post_chisme('n2', 'Mujer', '30', 'Nuevo chisme dos', null, 'CR', 'false');
select tests.reset_role();
update public.chismes set created_at = created_at + interval '1 millisecond' where id = current_setting('test.n2')::uuid;
update private.realtime_new_chismes set created_at = created_at + interval '1 millisecond' where chisme_id = current_setting('test.n2')::uuid;
select ok(pg_temp.flush_groups() >= 1, 'new chismes make the flush send');
select results_eq(
  $$ select distinct (payload -> 'created' ->> 'count')::int, payload -> 'created' -> 'ids' from realtime.messages where topic like 'chismes:casual:%' $$,
  $$ values (2, jsonb_build_array(current_setting('test.n2'), current_setting('test.n1'))) $$,
  'every casual message of the flush carries the two new chismes, newest first'
);
select ok(
  (select bool_and(payload::text !~ 'Nuevo chisme' and position(tests.get_supabase_uid('poster')::text in payload::text) = 0) from realtime.messages where topic like 'chismes:%'),
  'the news carries no content and no author'
);
select is_empty(
  $$ select 1 from realtime.messages where topic like 'chismes:cotilleo:%' $$,
  'casual news reaches no cotilleo group'
);
select isnt_empty(
  $$ select 1 from realtime.messages where topic = (select private.chisme_topic(false, c.created_at) from public.chismes c where c.id = current_setting('test.a')::uuid) $$,
  'the group of the newest chisme readers already had at the top hears the news'
);

-- News at most every 12 s per mode: a chisme posted just after waits; then it is announced
select tests.authenticate_as('poster');
select tests.post_chisme('n3', 'Mujer', '30', 'Nuevo chisme tres', null, 'CR', 'false');
select tests.reset_role();
delete from realtime.messages;
select is(pg_temp.flush_groups(), 0, 'a new chisme within 12 s of the last news waits (no group hears of it yet)');
update private.realtime_news_sent set sent_at = sent_at - interval '12 seconds';
select pg_temp.flush_groups();
select is(
  (select distinct payload -> 'created' -> 'ids' from realtime.messages where topic like 'chismes:casual:%'),
  jsonb_build_array(current_setting('test.n3')),
  '12 s later the next flush announces it'
);

-- Clients cannot flush
select tests.authenticate_as('fan1');
select throws_ok($$ select private.flush_realtime() $$, '42501', null, 'a signed-in user may not call the flush');

select * from finish();
rollback;
