-- The moderation topic (report_created events: which chisme or comment was reported, how many
-- reports wait) is for moderators only (the RLS policy on realtime.messages, 80-realtime.sql),
-- tested the way the server checks a join: realtime.topic and the claims set, then a select
-- as the caller.
begin;
select plan(3);

select tests.create_supabase_users('mod_topic_reader', 'mod_topic_moderator');
delete from realtime.messages;
insert into realtime.messages (topic, extension, private, payload, event)
values ('moderation', 'broadcast', true, '{"kind": "chisme", "pending": 1}', 'report_created');

create function pg_temp.can_join(p_topic text) returns boolean language plpgsql as $$
begin
  perform set_config('realtime.topic', p_topic, true);
  return exists (select 1 from realtime.messages where topic = p_topic);
end;
$$;
grant execute on function pg_temp.can_join(text) to anon, authenticated;

select tests.authenticate_as('mod_topic_reader');
select ok(not pg_temp.can_join('moderation'), 'a signed-in person who is no moderator may not join the moderation topic');
select tests.clear_authentication();
select ok(not pg_temp.can_join('moderation'), 'nor may anon');
select tests.authenticate_as_moderator('mod_topic_moderator');
select ok(pg_temp.can_join('moderation'), 'a moderator may');

select * from finish();
rollback;
