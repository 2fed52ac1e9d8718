-- A "Chisme eliminado" placeholder is not news (docs/decisions/0034-deletion-keeps-others-words.md):
-- of two chismes created between two flushes, the one its author deleted after another person
-- commented (kept as a placeholder for that comment) is neither counted nor listed by the
-- new-chismes pill (private.flush_realtime, 80-realtime.sql); the other is. Ids and counts are
-- read from the messages the flush wrote.
begin;
select plan(3);

select tests.lift_rate_limits();
select tests.create_supabase_users('news_author', 'news_commenter');
select private.flush_realtime();
delete from realtime.messages;

select tests.authenticate_as('news_author');
select tests.post_chisme('shown', 'Mujer', '30', 'Una novedad que se anuncia', null, 'CR', 'false');
select tests.post_chisme('deleted', 'Mujer', '30', 'Una novedad que su autora borra', null, 'CR', 'false');
select tests.authenticate_as('news_commenter');
select tests.post_comment('kept', current_setting('test.deleted'), null, 'Mi comentario se queda', 'Hombre', '40', 'CR');
select tests.authenticate_as('news_author');
select public.delete_my_chisme(current_setting('test.deleted'));
select tests.reset_role();
select is((select deleted_at is not null from public.chismes where id = current_setting('test.deleted')::uuid), true, 'the deleted chisme is a placeholder');
select private.flush_realtime();

select is(
  (select array_agg(distinct (payload -> 'created' ->> 'count')::int) from realtime.messages where topic = 'head:recent:casual' and payload ? 'created'),
  array[1], 'the pill counts one new chisme, not the placeholder'
);
select is(
  (select array_agg(distinct payload -> 'created' -> 'ids') from realtime.messages where topic = 'head:recent:casual' and payload ? 'created'),
  array[jsonb_build_array(current_setting('test.shown'))], 'and lists only the shown one'
);

select * from finish();
rollback;
