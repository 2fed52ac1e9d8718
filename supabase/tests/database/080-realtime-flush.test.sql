-- The coalesced realtime flush (supabase/schemas/80-realtime.sql, docs/scaling.md): a counter
-- change only marks its chisme; private.flush_realtime sends at most one chisme_counts message
-- per head topic head:<tab>:<mode> per call, with the latest counts of the changed chismes that
-- head holds (the first 40 of recent, top and trending) and nothing for the others: a chisme
-- outside every head costs no message. New chismes are announced (count and ids, no content)
-- on the head of recent of their mode; a hidden one is dropped by every head of its mode.
-- Expected topics are spelt out, not built with the schema's functions.
begin;
select plan(19);

select tests.lift_rate_limits();
select tests.create_supabase_users('author', 'fan1', 'fan2', 'fan3', 'poster');
select tests.authenticate_as('author');
select tests.post_chisme('a', 'Mujer', '30', 'Chisme A para contar', null, 'CR', 'false');
select tests.post_chisme('b', 'Mujer', '30', 'Chisme B sin cambios', null, 'CR', 'false');
select tests.post_chisme('c', 'Mujer', '30', 'Chisme C de otro año', null, 'CR', 'false');
-- 45 casual chismes newer and more liked than C, so that C is in no head
select tests.arrange($arrange$
  select set_config('test.fillers', (select string_agg(id::text, ',') from (
    select (tests.create_chisme('Hombre', '40', 'Chisme de relleno ' || translate(n::text, '0123456789', 'abcdefghij'), null, 'ES', 'false')).id
    from generate_series(1, 45) n) f), true)
$arrange$);
select tests.reset_role();
update public.chismes set created_at = now() - interval '1 hour', likes = 50 where id = any (string_to_array(current_setting('test.fillers'), ',')::uuid[]);
update public.chismes set created_at = now() - interval '1 year' where id = current_setting('test.c')::uuid;
-- A is the most liked casual chisme of the day: at the head of top and trending as well
update public.chismes set likes = 1000000 where id = current_setting('test.a')::uuid;
select private.flush_realtime();
delete from realtime.messages;

-- How many head messages one flush sends
create function pg_temp.flush_heads() returns int language plpgsql as $$
declare
  v_before int := (select count(*) from realtime.messages where topic like 'head:%');
begin
  perform private.flush_realtime();
  return (select count(*) from realtime.messages where topic like 'head:%') - v_before;
end;
$$;

-- Three likes and a comment on A between two flushes: one message per head that holds A
select tests.authenticate_as('fan1');
select public.like_chisme(current_setting('test.a'));
select tests.authenticate_as('fan2');
select public.like_chisme(current_setting('test.a'));
select tests.authenticate_as('fan3');
select public.like_chisme(current_setting('test.a'));
select public.add_comment(current_setting('test.a'), null, 'Comentario que cuenta', 'Hombre', '30', 'ES');
select tests.reset_role();
select is((select count(*)::int from realtime.messages where topic like 'head:%'), 0, 'likes and comments broadcast nothing by themselves');
select is((select count(*)::int from private.realtime_changed_chismes), 1, 'four changes of one chisme mark it once');
select is(pg_temp.flush_heads(), 3, 'the flush sends one message to each of the three heads holding A');
select results_eq(
  $$ select topic, event, private, payload from realtime.messages where topic like 'head:%' order by topic $$,
  $$ select t, 'chisme_counts'::text, true,
            jsonb_build_object('counts', jsonb_build_array(jsonb_build_object(
              'id', current_setting('test.a')::uuid, 'likes', 1000003, 'comments', 1, 'file_exist', false, 'image_viewable', false)))
     from unnest(array['head:recent:casual', 'head:top:casual', 'head:trending:casual']) t order by t $$,
  'one chisme_counts message on each casual head with A''s latest counts only (B, unchanged, is absent)'
);
select is((select count(*)::int from private.realtime_changed_chismes), 0, 'the flush drains the outbox');
delete from realtime.messages;
select is(pg_temp.flush_heads(), 0, 'nothing changed: the next flush sends nothing');

-- A chisme in no head (old, little liked): its changes cost no message at all
select tests.authenticate_as('fan1');
select public.like_chisme(current_setting('test.c'));
select tests.reset_role();
select is(pg_temp.flush_heads(), 0, 'a like on a chisme outside every head sends nothing (its readers ask on view)');

-- Changes of many chismes in one interval: still one message per head
select tests.authenticate_as('fan2');
select public.like_chisme(current_setting('test.b'));
select public.unlike_chisme(current_setting('test.a'));
select public.like_chisme(f) from unnest(string_to_array(current_setting('test.fillers'), ',')) f;
select tests.reset_role();
select is(pg_temp.flush_heads(), 3, '47 chismes changed: still one message per head');
select results_eq(
  $$ select e ->> 'id', (e ->> 'likes')::int from realtime.messages m, jsonb_array_elements(m.payload -> 'counts') e
     where m.topic = 'head:recent:casual' and e ->> 'id' in (current_setting('test.a'), current_setting('test.b')) order by 1 $$,
  $$ select id::text, likes from public.chismes where id in (current_setting('test.a')::uuid, current_setting('test.b')::uuid) order by 1 $$,
  'A and B share the recent head''s message, each with its latest likes'
);
select is(
  (select jsonb_array_length(payload -> 'counts') from realtime.messages where topic = 'head:top:casual'),
  40, 'the top head carries its 40 chismes'' changes, not the 7 beyond it'
);
select is_empty($$ select 1 from realtime.messages where topic like 'head:%:cotilleo' $$, 'casual changes reach no cotilleo head');

-- A hidden chisme: every head of its mode drops it; its counts are not sent
delete from realtime.messages;
select tests.authenticate_as('fan3');
select public.like_chisme(current_setting('test.b'));
select tests.reset_role();
update public.chismes set hidden_at = now() where id = current_setting('test.b')::uuid;
select is(pg_temp.flush_heads(), 3, 'hiding B tells the three casual heads');
select ok(
  (select bool_and(payload -> 'hidden' = jsonb_build_array(current_setting('test.b')) and payload -> 'counts' = '[]'::jsonb)
   from realtime.messages where topic like 'head:%'),
  'each with B in hidden and without its counts'
);

-- New chismes: the count and ids (newest first) on the head of recent of their mode
delete from realtime.messages;
select tests.authenticate_as('poster');
select tests.post_chisme('n1', 'Mujer', '30', 'Nuevo chisme uno', null, 'CR', 'false');
select tests.post_chisme('n2', 'Mujer', '30', 'Nuevo chisme dos', null, 'CR', 'false');
select tests.reset_role();
update public.chismes set created_at = created_at + interval '1 millisecond' where id = current_setting('test.n2')::uuid;
update private.realtime_new_chismes set created_at = created_at + interval '1 millisecond' where chisme_id = current_setting('test.n2')::uuid;
select is(pg_temp.flush_heads(), 1, 'new chismes make the flush send one message, on the recent head');
select results_eq(
  $$ select topic, (payload -> 'created' ->> 'count')::int, payload -> 'created' -> 'ids' from realtime.messages where payload ? 'created' $$,
  $$ values ('head:recent:casual', 2, jsonb_build_array(current_setting('test.n2'), current_setting('test.n1'))) $$,
  'head:recent:casual carries the two new chismes, newest first'
);
select ok(
  (select bool_and(payload::text !~ 'Nuevo chisme' and position(tests.get_supabase_uid('poster')::text in payload::text) = 0) from realtime.messages),
  'the news carries no content and no author'
);
select is_empty($$ select 1 from realtime.messages where topic like 'head:%:cotilleo' $$, 'casual news reaches no cotilleo head');

-- The next chisme is announced at the very next flush (no pause between news)
select tests.authenticate_as('poster');
select tests.post_chisme('n3', 'Mujer', '30', 'Nuevo chisme tres', null, 'CR', 'false');
select tests.reset_role();
delete from realtime.messages;
select pg_temp.flush_heads();
select is(
  (select payload -> 'created' -> 'ids' from realtime.messages where topic = 'head:recent:casual'),
  jsonb_build_array(current_setting('test.n3')),
  'a chisme posted just after the last news is announced at the next flush'
);

-- Clients cannot flush
select tests.authenticate_as('fan1');
select throws_ok($$ select private.flush_realtime() $$, '42501', null, 'a signed-in user may not call the flush');

select * from finish();
rollback;
