-- The like counter under a hot row (supabase/schemas/30-likes.sql):
-- while another like of the same chisme is in flight, a like or unlike does not wait; its
-- change waits in private.like_count_deltas and is applied at its own commit, so chismes.likes
-- is exact at every commit. A second session (dblink, on seeded chismes it can see) holds what
-- an in-flight like holds (the chisme's advisory lock); `set constraints all immediate` runs the
-- commit-time step inside this test's transaction. Each scenario uses its own chisme.
begin;
select plan(16);
select tests.lift_rate_limits();
create extension if not exists dblink schema extensions;
set local lock_timeout = '5s'; -- a wait on the other session's row fails the test instead of hanging it

select tests.create_supabase_user('fan');
select set_config('test.c' || n, id::text, true)
from (select c.id, row_number() over (order by c.created_at desc) as n
      from public.chismes c where c.hidden_at is null and not c.cotilleo order by c.created_at desc limit 3) s;
select set_config('test.before1', (select likes::text from public.chismes where id = current_setting('test.c1')::uuid), true);
select set_config('test.before2', (select likes::text from public.chismes where id = current_setting('test.c2')::uuid), true);
select is((select likes from public.chismes where id = current_setting('test.c1')::uuid),
  (select count(*)::int from public.likes where chisme_id = current_setting('test.c1')::uuid), 'arranged: the seeded chisme''s count is exact');

create function pg_temp.hold(p_chisme text) returns text language sql as $$
  select dblink_exec('holder', 'begin');
  -- what an in-flight like of that chisme holds (private.count_like)
  select count(*)::text from dblink('holder', format('select pg_advisory_xact_lock(hashtextextended(%L, 0))', 'chismes.likes:' || p_chisme)) as t(one text);
$$;
create function pg_temp.release() returns void language sql as $$
  select dblink_exec('holder', 'rollback');
$$;
select dblink_connect('holder', format('host=127.0.0.1 port=%s dbname=%s user=postgres password=postgres', current_setting('port'), current_database()));
select dblink_exec('holder', 'set lock_timeout = ''5s''');

-- Another like in flight: this like does not wait; its +1 waits for commit
select pg_temp.hold(current_setting('test.c1'));
select tests.authenticate_as('fan');
select is(public.like_chisme(current_setting('test.c1'))::text::int, current_setting('test.before1')::int + 1, 'another like in flight: like_chisme answers the count with the caller''s like, without waiting');
select tests.reset_role();
select is((select likes from public.chismes where id = current_setting('test.c1')::uuid), current_setting('test.before1')::int, 'another like in flight: chismes.likes not touched yet');
select is((select array_agg(delta) from private.like_count_deltas where chisme_id = current_setting('test.c1')::uuid), array[1], 'another like in flight: the +1 waits for commit');
select pg_temp.release();

-- Again: an unlike, its -1 waits too
select pg_temp.hold(current_setting('test.c1'));
select tests.authenticate_as('fan');
select is(public.unlike_chisme(current_setting('test.c1'))::text::int, current_setting('test.before1')::int, 'another like in flight: unlike_chisme answers the count without the caller''s like');
select tests.reset_role();
select is((select array_agg(delta order by id) from private.like_count_deltas where chisme_id = current_setting('test.c1')::uuid), array[1, -1], 'another like in flight: the -1 waits for commit');
select pg_temp.release();

-- Again: a like on the second chisme
select pg_temp.hold(current_setting('test.c2'));
select tests.authenticate_as('fan');
select public.like_chisme(current_setting('test.c2'));
select tests.reset_role();
select pg_temp.release();

-- A change left for commit on a chisme this transaction then deletes
select pg_temp.hold(current_setting('test.c3'));
select tests.authenticate_as('fan');
select public.like_chisme(current_setting('test.c3'));
select tests.reset_role();
select pg_temp.release();
select dblink_disconnect('holder');
select tests.authenticate_as_service_role();
select ok(public.delete_reported_chisme(current_setting('test.c3')::uuid), 'the third chisme is deleted with its likes and its pending change');
select tests.reset_role();

-- Commit: every change is applied, nothing is left
select lives_ok($$ set constraints all immediate $$, 'at commit: the pending changes apply (a deleted chisme''s is dropped without error)');
set constraints all deferred;
select is((select likes from public.chismes where id = current_setting('test.c1')::uuid), current_setting('test.before1')::int, 'at commit: a like and an unlike leave the count as it was');
select is((select likes from public.chismes where id = current_setting('test.c2')::uuid), current_setting('test.before2')::int + 1, 'at commit: the like is counted');
select is((select count(*)::int from private.like_count_deltas), 0, 'at commit: nothing left for later');
select is((select likes from public.chismes where id = current_setting('test.c2')::uuid),
  (select count(*)::int from public.likes where chisme_id = current_setting('test.c2')::uuid), 'at commit: likes equals count(*) of likes');
select is((select t.likes from private.trending_chismes t where t.id = current_setting('test.c2')::uuid),
  (select t.likes from private.trending_chismes t join public.chismes c on c.id = t.id where t.id = current_setting('test.c2')::uuid and c.likes = t.likes),
  'at commit: the trending copy follows (when the chisme is in the last 24 hours)');

-- Free row: counted at once, as before (this transaction already holds c2's row)
select tests.authenticate_as('fan');
select is(public.unlike_chisme(current_setting('test.c2'))::text::int, current_setting('test.before2')::int, 'free row: unlike_chisme answers the new count');
select tests.reset_role();
select is((select likes from public.chismes where id = current_setting('test.c2')::uuid), current_setting('test.before2')::int, 'free row: chismes.likes counted at once');
select is((select count(*)::int from private.like_count_deltas), 0, 'free row: nothing left for commit');

select * from finish();
rollback;
