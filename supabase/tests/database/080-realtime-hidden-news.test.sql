-- The new-chismes pill never announces a chisme hidden before the flush
-- (private.flush_realtime, 80-realtime.sql, on the head of recent): of two chismes created between two flushes, the
-- one reports hid meanwhile is neither counted nor listed; the other is. Ids and counts are
-- read from the messages the flush wrote.
begin;
select plan(2);

select tests.lift_rate_limits();
select tests.create_supabase_users('news_author');
select private.flush_realtime();
delete from realtime.messages;

select tests.authenticate_as('news_author');
select tests.post_chisme('shown', 'Mujer', '30', 'Una novedad que se anuncia', null, 'CR', 'false');
select tests.post_chisme('hidden', 'Mujer', '30', 'Una novedad que ocultan antes del aviso', null, 'CR', 'false');
select tests.reset_role();
update public.chismes set hidden_at = now() where id = current_setting('test.hidden')::uuid;
select private.flush_realtime();

select is(
  (select array_agg(distinct (payload -> 'created' ->> 'count')::int) from realtime.messages where topic = 'head:recent:casual' and payload ? 'created'),
  array[1], 'the pill counts one new chisme, not the hidden one'
);
select is(
  (select array_agg(distinct payload -> 'created' -> 'ids') from realtime.messages where topic = 'head:recent:casual' and payload ? 'created'),
  array[jsonb_build_array(current_setting('test.shown'))], 'and lists only the shown one'
);

select * from finish();
rollback;
