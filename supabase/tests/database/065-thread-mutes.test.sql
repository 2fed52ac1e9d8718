-- Muting a thread: its author or a commenter stops (and restarts) its notifications; a muted
-- thread produces no notification rows (comment, reply, like) for that person while others
-- in it are still notified; someone who neither wrote nor commented cannot mute it; no RPC
-- takes or returns a user id.
begin;
select plan(16);

select tests.lift_rate_limits();
select tests.create_supabase_users('author', 'commenter', 'chatter', 'stranger');

select tests.authenticate_as('author');
select tests.post_chisme('c', 'Mujer', '30', 'Un hilo muy concurrido', null, 'ES', 'false');
select tests.authenticate_as('commenter');
select tests.post_comment('cc', current_setting('test.c'), null, 'Yo también opino', 'Hombre', '30', 'ES');
select tests.reset_role();
update public.notifications set is_read = true;

create function pg_temp.unread(p_who text) returns int language sql as $$
  select count(*)::int from public.notifications where user_id = tests.get_supabase_uid(p_who) and not is_read
$$;

-- who may mute
select tests.authenticate_as('author');
select is(public.get_thread_mute(current_setting('test.c')), false, 'author: may mute, not muted yet');
select is(public.mute_thread(current_setting('test.c')), true, 'author: mutes the thread');
select is(public.get_thread_mute(current_setting('test.c')), true, 'author: the thread is muted');
select tests.authenticate_as('commenter');
select is(public.mute_thread(current_setting('test.c'), 'true'), true, 'commenter: mutes the thread too');
select tests.authenticate_as('stranger');
select is(public.get_thread_mute(current_setting('test.c')), null::boolean, 'stranger: not theirs to mute (null)');
select throws_ok($$ select public.mute_thread(current_setting('test.c')) $$, 'P0001', 'mute_target_not_found', 'stranger: mute_thread answers mute_target_not_found');
select throws_ok($$ select public.mute_thread('x') $$, 'P0001', 'mute_target_not_found', 'a malformed id is mute_target_not_found');
select throws_ok($$ select public.mute_thread(gen_random_uuid()::text) $$, 'P0001', 'mute_target_not_found', 'an unknown chisme is mute_target_not_found');

-- muted: a comment, a reply and a like notify neither
select tests.authenticate_as('chatter');
select public.add_comment(current_setting('test.c'), null, 'Comentario en hilo silenciado', 'Mujer', '25', 'ES');
select public.add_comment(current_setting('test.c'), current_setting('test.cc'), 'Respuesta en hilo silenciado', 'Mujer', '25', 'ES');
select public.like_chisme(current_setting('test.c'));
select tests.reset_role();
select is(pg_temp.unread('author'), 0, 'author: no row for a comment or a like on the muted thread');
select is(pg_temp.unread('commenter'), 0, 'commenter: no row for a reply in the muted thread');
select ok((select count(*) from public.comments where chisme_id::text = current_setting('test.c')) = 3, 'the comments themselves are stored');

-- the commenter unmutes: their next reply notifies them, the author stays muted
select tests.authenticate_as('commenter');
select is(public.mute_thread(current_setting('test.c'), 'false'), false, 'commenter: unmutes the thread');
select tests.authenticate_as('chatter');
select public.add_comment(current_setting('test.c'), current_setting('test.cc'), 'Otra respuesta, ahora sí', 'Mujer', '25', 'ES');
select public.add_comment(current_setting('test.c'), null, 'Otro comentario al autor', 'Mujer', '25', 'ES');
select tests.reset_role();
select is(pg_temp.unread('commenter'), 1, 'commenter: notified again after unmuting');
select is(pg_temp.unread('author'), 0, 'author: still muted');

-- no user id in or out
select is(
  (select count(*)::int from information_schema.parameters p join information_schema.routines r on r.specific_name = p.specific_name
   where r.routine_schema = 'public' and r.routine_name in ('mute_thread', 'get_thread_mute') and p.udt_name = 'uuid'),
  0, 'no mute RPC takes or returns a uuid'
);
select tests.clear_authentication();
select throws_ok($$ select public.mute_thread(gen_random_uuid()::text) $$, '42501', null, 'anon: may not mute');

select * from finish();
rollback;
