-- Web Push follows the notification rules (62-push.sql, docs/decisions/0028-web-push.md): a
-- push is queued only when a notification row is created or collapses, for a person with a
-- device; blocked authors, muted threads and hidden chismes make none; nothing for one's own
-- action; one push per unread notification row; the kinds a person chose; at most
-- max_per_hour pushes an hour then one summary; nothing during quiet hours, one summary when
-- they end; the lock-screen text only when allowed; no payload names anyone.
begin;
select plan(26);

select tests.lift_rate_limits();
select tests.create_supabase_users('author', 'fan', 'other', 'nodevice');
insert into private.push_services (endpoint_pattern) values ('^https://push\.test/');

-- A device: a live session for the persona, acting as them in it, and a subscription saved.
create function pg_temp.sign_in_with_device(p_who text) returns uuid language plpgsql as $$
declare
  v_session uuid := gen_random_uuid();
begin
  perform tests.reset_role();
  insert into auth.sessions (id, user_id, created_at, updated_at) values (v_session, tests.get_supabase_uid(p_who), now(), now());
  perform tests.set_request_role('authenticated', jsonb_build_object('sub', tests.get_supabase_uid(p_who), 'role', 'authenticated',
    'aud', 'authenticated', 'session_id', v_session)::text);
  return public.save_push_subscription('https://push.test/' || p_who || '-' || v_session,
    rtrim(translate(replace(encode('\x04'::bytea || extensions.gen_random_bytes(64), 'base64'), E'\n', ''), '+/', '-_'), '='),
    rtrim(translate(encode(extensions.gen_random_bytes(16), 'base64'), '+/', '-_'), '='), 'Europe/Madrid');
end;
$$;
-- Everything the sender would send now, per person (claimed as the service role).
create function pg_temp.claim() returns table (who uuid, body text, tag text, url text, payload jsonb, topic text) language sql as $$
  select s.user_id, c.payload ->> 'body', c.payload ->> 'tag', c.payload ->> 'url', c.payload, c.topic
  from public.claim_push_deliveries(500) c join private.push_subscriptions s on s.endpoint = c.endpoint;
$$;
create temporary table claim_log (n serial, who uuid, body text, tag text, url text, payload jsonb, topic text);
create function pg_temp.pushes_to(p_who text) returns setof text language sql as $$
  select body from pg_temp.claim_log where who = tests.get_supabase_uid(p_who) order by n
$$;
create function pg_temp.send() returns int language plpgsql as $$
declare v int;
begin
  perform tests.reset_role();
  insert into claim_log (who, body, tag, url, payload, topic) select * from pg_temp.claim();
  get diagnostics v = row_count;
  return v;
end;
$$;
create function pg_temp.chisme(p_name text, p_content text) returns void language plpgsql as $$
begin
  perform tests.set_request_role('authenticated', jsonb_build_object('sub', tests.get_supabase_uid('author'), 'role', 'authenticated')::text);
  perform tests.post_chisme(p_name, 'Mujer', '30', p_content, null, 'ES', 'false');
end;
$$;
create function pg_temp.comment_as(p_who text, p_chisme text, p_text text) returns void language plpgsql as $$
begin
  perform tests.authenticate_as(p_who);
  perform public.add_comment(current_setting('test.' || p_chisme), null, p_text, 'Hombre', '25', 'ES');
end;
$$;
-- the helpers are called whatever persona the test acts as
do $$
declare
  v_function regprocedure;
begin
  for v_function in select p.oid::regprocedure from pg_proc p where p.pronamespace = pg_my_temp_schema() loop
    execute format('grant execute on function %s to public', v_function);
  end loop;
end;
$$;
grant select on claim_log to public;

select pg_temp.sign_in_with_device('author');
select pg_temp.sign_in_with_device('author');
-- quiet hours off until their own section: the test must not depend on the hour it runs at
select public.update_push_settings(p_quiet_hours => 'false');
select pg_temp.chisme('c1', 'El primer chisme de la autora');

-- a comment: one push per device, the private text by default
select pg_temp.comment_as('fan', 'c1', 'Qué fuerte lo que cuentas');
select is(pg_temp.send(), 2, 'a comment on the author''s chisme: one delivery to each of her two devices');
select is((select array_agg(distinct body) from claim_log), array['Tienes un comentario nuevo en Chismes'],
  'the lock-screen text is off by default: the push says only the kind');
select ok((select bool_and(url = '/chismes/' || current_setting('test.c1') || '?notificacion=' || (payload ->> 'notificationId')) from claim_log),
  'it opens the chisme''s thread and names the notification to mark read');
select ok((select bool_and(tag = 'comment_on_chisme:' || current_setting('test.c1') and topic ~ '^[0-9a-f]{32}$') from claim_log),
  'tag per kind and chisme (the device replaces an older one), Topic a 32-character hash');
select ok((select bool_and(payload::text !~ 'fuerte' and payload::text !~ (tests.get_supabase_uid('fan'))::text and payload::text !~ 'test\.chismes') from claim_log),
  'the payload holds neither the snippet nor anyone''s id or e-mail');

-- a collapse into the notification already pushed: nothing more until it is read
select pg_temp.comment_as('other', 'c1', 'Yo también lo vi');
select is(pg_temp.send(), 0, 'a second comment collapses into the unread notification: no second push');
select tests.reset_role();
update public.notifications set is_read = true where user_id = tests.get_supabase_uid('author');
select pg_temp.comment_as('other', 'c1', 'Y otra cosa más');
select is(pg_temp.send(), 2, 'once read, the next comment starts a new notification and a new push');

-- the text on the lock screen when allowed
select tests.set_request_role('authenticated', jsonb_build_object('sub', tests.get_supabase_uid('author'), 'role', 'authenticated')::text);
select public.update_push_settings(p_show_text => 'true');
select tests.reset_role();
update public.notifications set is_read = true where user_id = tests.get_supabase_uid('author');
select pg_temp.comment_as('fan', 'c1', 'Ahora con texto visible');
select pg_temp.send();
select is((select body from claim_log order by n desc limit 1), 'Nuevo comentario en tu chisme: "Ahora con texto visible"',
  'with "Mostrar el texto en la pantalla bloqueada" on, the notification''s own message');
select tests.set_request_role('authenticated', jsonb_build_object('sub', tests.get_supabase_uid('author'), 'role', 'authenticated')::text);
select public.update_push_settings(p_show_text => 'false');

-- blocked author, muted thread, hidden chisme: none
select tests.reset_role();
update public.notifications set is_read = true where user_id = tests.get_supabase_uid('author');
select set_config('test.oc', (select a.comment_id::text from public.comment_authors a where a.user_id = tests.get_supabase_uid('other') limit 1), true);
select tests.authenticate_as('author');
select public.block_comment_author(current_setting('test.oc'));
select pg_temp.comment_as('other', 'c1', 'Comentario de alguien bloqueado');
select is(pg_temp.send(), 0, 'a blocked person''s comment: no notification, so no push');
select tests.reset_role();
select is((select count(*)::int from private.push_items where user_id = tests.get_supabase_uid('author') and state = 'pending'), 0,
  'and nothing queued');

select tests.authenticate_as('author');
select public.mute_thread(current_setting('test.c1'));
select pg_temp.comment_as('fan', 'c1', 'Comentario en hilo silenciado');
select is(pg_temp.send(), 0, 'a muted thread: no push');
select tests.authenticate_as('author');
select public.mute_thread(current_setting('test.c1'), 'false');

select pg_temp.chisme('c2', 'Un chisme que acabará oculto');
select pg_temp.comment_as('fan', 'c2', 'Comentario antes de ocultarse');
select tests.reset_role();
update public.chismes set hidden_at = now() where id = current_setting('test.c2')::uuid;
select is(pg_temp.send(), 0, 'a chisme hidden before the push went: no push');
select is((select state from private.push_items i join public.notifications n on n.id = i.notification_id
  where n.data ->> 'chismeId' = current_setting('test.c2')), 'skipped', 'the item is skipped, not kept waiting');

-- one's own action: a notification made in the recipient's own request queues nothing
-- (the database's own code inserts notifications; here as its owner, in the author's request)
select tests.set_request_role('none', jsonb_build_object('sub', tests.get_supabase_uid('author'), 'role', 'authenticated')::text);
insert into public.notifications (user_id, type, message, data, group_key)
values (tests.get_supabase_uid('author'), 'comment_on_chisme', 'Mío', jsonb_build_object('chismeId', current_setting('test.c1')), 'own-test');
select tests.reset_role();
select is((select count(*)::int from private.push_items i join public.notifications n on n.id = i.notification_id where n.message = 'Mío'), 0,
  'a notification from one''s own action queues no push');

-- kinds: likes are off by default
select tests.reset_role();
update public.notifications set is_read = true where user_id = tests.get_supabase_uid('author');
select tests.authenticate_as('fan');
select public.like_chisme(current_setting('test.c1'));
select is(pg_temp.send(), 0, 'a like: no push while "me gusta" is off (the default)');
select tests.set_request_role('authenticated', jsonb_build_object('sub', tests.get_supabase_uid('author'), 'role', 'authenticated')::text);
select public.update_push_settings(p_likes => 'true');
select tests.authenticate_as('other');
select tests.reset_role();
delete from private.blocks;
select tests.authenticate_as('other');
select public.like_chisme(current_setting('test.c1'));
select is(pg_temp.send(), 2, 'with "me gusta" on, a like pushes');
select is((select body from claim_log order by n desc limit 1), 'Tienes un me gusta nuevo en Chismes', 'its private text names the kind');

-- nobody without a device gets anything queued
select pg_temp.sign_in_with_device('fan');
select tests.set_request_role('authenticated', jsonb_build_object('sub', tests.get_supabase_uid('nodevice'), 'role', 'authenticated')::text);
select tests.post_chisme('n1', 'Mujer', '30', 'Chisme de quien no tiene aparatos', null, 'ES', 'false');
select pg_temp.comment_as('fan', 'n1', 'Comentario sin push');
select tests.reset_role();
select is((select count(*)::int from private.push_items where user_id = tests.get_supabase_uid('nodevice')), 0,
  'a person without a device: nothing queued (one index probe)');

-- the budget: at most max_per_hour pushes an hour, then one summary, then nothing
select tests.reset_role();
delete from private.push_sends;
select tests.reset_role();
update public.notifications set is_read = true where user_id = tests.get_supabase_uid('author');
delete from private.push_subscriptions s where s.user_id = tests.get_supabase_uid('author')
  and s.id <> (select min(k.id::text)::uuid from private.push_subscriptions k where k.user_id = tests.get_supabase_uid('author'));
truncate claim_log;
select pg_temp.chisme('b' || i, 'Chisme número ' || i || ' de la ráfaga') from generate_series(1, 10) i;
select pg_temp.comment_as('fan', 'b' || i, 'Comentario de la ráfaga ' || i) from generate_series(1, 10) i;
select is(pg_temp.send(), 7, 'ten notifications at once: six pushes and one summary');
select is((select count(*)::int from claim_log where tag = 'summary' and body = 'Tienes 4 notificaciones nuevas'), 1,
  'the summary counts what it stands for: "Tienes 4 notificaciones nuevas"');
select pg_temp.chisme('b11', 'Chisme once de la ráfaga');
select pg_temp.comment_as('fan', 'b11', 'Uno más dentro de la hora');
select is(pg_temp.send(), 0, 'past the budget and its summary, nothing more within the hour');

-- quiet hours: held now (due when they end), then one summary
select tests.reset_role();
delete from private.push_sends;
truncate claim_log;
select tests.set_request_role('authenticated', jsonb_build_object('sub', tests.get_supabase_uid('author'), 'role', 'authenticated')::text);
select public.update_push_settings(p_time_zone => 'UTC', p_quiet_hours => 'true',
  p_quiet_start => to_char(now() at time zone 'UTC' - interval '1 hour', 'HH24:MI'),
  p_quiet_end => to_char(now() at time zone 'UTC' + interval '1 hour', 'HH24:MI'));
select tests.reset_role();
update public.notifications set is_read = true where user_id = tests.get_supabase_uid('author');
select pg_temp.comment_as('fan', 'b' || i, 'Comentario de madrugada ' || i) from generate_series(1, 3) i;
select is(pg_temp.send(), 0, 'during quiet hours: no push');
select tests.reset_role();
select ok((select bool_and(due_at > now() + interval '50 minutes') from private.push_items where user_id = tests.get_supabase_uid('author') and state = 'pending'),
  'the items wait until the quiet hours end');
select ok(not private.push_work_pending(), 'and the schedule finds no work meanwhile (no function invoked)');
-- the quiet hours end: they are moved to have ended an hour ago, the items to have come in them
update private.push_settings set quiet_start = (now() at time zone 'UTC' - interval '3 hours')::time,
  quiet_end = (now() at time zone 'UTC' - interval '1 hour')::time where user_id = tests.get_supabase_uid('author');
update private.push_items set queued_at = now() - interval '2 hours', due_at = now() - interval '1 hour'
where user_id = tests.get_supabase_uid('author') and state = 'pending';
select is(array(select pg_temp.pushes_to('author')), array[]::text[], 'nothing sent before the sender runs');
select pg_temp.send();
select is(array(select pg_temp.pushes_to('author')), array['Tienes 3 notificaciones nuevas'], 'when quiet hours end: one summary');

select * from finish();
rollback;
