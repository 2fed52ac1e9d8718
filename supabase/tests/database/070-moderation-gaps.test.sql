-- Moderation gaps (docs/decisions/0009-moderator-role-and-decisions.md, docs/decisions/0010-automatic-hiding.md): the comment counter leaves hidden root comments out, restoring a
-- chisme tells open feeds on its group topic, the queue pages by keyset, the queue and decisions answer malformed
-- arguments with stable keys, and a deleted chisme's image is handed to the purge at once.
begin;
select plan(26);
select tests.lift_rate_limits();

select tests.create_supabase_users('author', 'reporter', 'mod');
select tests.arrange($arrange$ select public.set_moderator('mod@test.chismes', true) $arrange$);
update private.moderation_settings set hide_threshold = 1;

select tests.authenticate_as('author');
select tests.arrange($arrange$ select set_config('test.c', (select id::text from tests.create_chisme('Mujer', '30', 'Chisme con comentarios', null, 'CR', 'true')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.k1', (select id::text from tests.add_comment(current_setting('test.c'), null, 'Primer comentario', 'Mujer', '30', 'CR')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.k2', (select id::text from tests.add_comment(current_setting('test.c'), null, 'Segundo comentario', 'Mujer', '30', 'CR')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.k3', (select id::text from tests.add_comment(current_setting('test.c'), null, 'Tercer comentario', 'Mujer', '30', 'CR')), true) $arrange$);
select tests.reset_role();
select is((select comments from public.chismes where id = current_setting('test.c')::uuid), 3, 'arrange: three root comments counted');

-- 1. The counter follows what others see
select tests.authenticate_as('reporter');
select tests.arrange($arrange$ select public.report_comment(current_setting('test.k1'), 'acoso') $arrange$);
select tests.reset_role();
select is((select comments from public.chismes where id = current_setting('test.c')::uuid), 2, 'a hidden root comment leaves the counter');
select private.flush_realtime();
select is((select array_agg(distinct (e ->> 'comments')::int) from realtime.messages m, jsonb_array_elements(m.payload -> 'counts') e
           where m.event = 'chisme_counts' and e ->> 'id' = current_setting('test.c')),
  array[2], 'open feeds hear the latest count at the next flush (one message for the three comments and the hiding)');
select tests.authenticate_as_moderator('mod');
select tests.arrange($arrange$ select public.moderate_restore('comment', current_setting('test.k1')) $arrange$);
select tests.reset_role();
select is((select comments from public.chismes where id = current_setting('test.c')::uuid), 3, 'a restored comment counts again');
select tests.authenticate_as('reporter');
select tests.arrange($arrange$ select public.report_comment(current_setting('test.k2'), 'acoso') $arrange$);
select tests.reset_role();
select is((select comments from public.chismes where id = current_setting('test.c')::uuid), 2, 'hidden again (another comment)');
select tests.authenticate_as_moderator('mod');
select tests.arrange($arrange$ select public.moderate_delete('comment', current_setting('test.k2'), 'spam') $arrange$);
select tests.reset_role();
select is((select comments from public.chismes where id = current_setting('test.c')::uuid), 2, 'deleting a hidden comment does not count it twice');
select tests.authenticate_as_moderator('mod');
select tests.arrange($arrange$ select public.moderate_delete('comment', current_setting('test.k3'), 'spam') $arrange$);
select tests.reset_role();
select is((select comments from public.chismes where id = current_setting('test.c')::uuid), 1, 'deleting a visible comment still counts down');

-- 2. Restoring a chisme tells its own page, on its topic (chisme:<id>, written out here rather
-- than computed with private.chisme_topic)
select tests.authenticate_as('reporter');
select tests.arrange($arrange$ select public.report_chisme(current_setting('test.c'), 'Spam') $arrange$);
select tests.authenticate_as_moderator('mod');
select tests.arrange($arrange$ select public.moderate_restore('chisme', current_setting('test.c')) $arrange$);
select tests.reset_role();
select set_config('test.c_topic', 'chisme:' || current_setting('test.c'), true);
select is((select count(*)::int from realtime.messages where topic = current_setting('test.c_topic') and event = 'chisme_restored' and payload = jsonb_build_object('id', current_setting('test.c'))),
  1, 'a restored chisme is broadcast once on its own topic, with its id only');
select tests.authenticate_as_moderator('mod');
select tests.arrange($arrange$ select public.moderate_restore('chisme', current_setting('test.c')) $arrange$);
select tests.reset_role();
select is((select count(*)::int from realtime.messages where event = 'chisme_restored'), 1, 'restoring a visible chisme broadcasts nothing');

-- 3. Keyset paging of the queue: 7 reported chismes, pages of 3
select tests.authenticate_as('author');
select tests.arrange($arrange$ select public.create_chisme('Mujer', '30', 'Chisme reportado número ' || n, null, 'CR', 'false') from generate_series(1, 7) n $arrange$);
select tests.authenticate_as('reporter');
select tests.arrange($arrange$ select public.report_chisme(c.id::text, 'spam') from public.chismes c where c.content like 'Chisme reportado número %' $arrange$);
select tests.authenticate_as_moderator('mod');
create temp table page1 as select * from public.get_moderation_queue('3');
select is((select count(*)::int from page1), 3, 'queue: a page holds p_limit items');
create temp table page2 as
  select q.* from (select * from page1 order by pending_reports, last_reported_at, id desc limit 1) last,
  lateral public.get_moderation_queue('3', last.pending_reports::text, last.last_reported_at::text, last.id::text) q;
create temp table page3 as
  select q.* from (select * from page2 order by pending_reports, last_reported_at, id desc limit 1) last,
  lateral public.get_moderation_queue('3', last.pending_reports::text, last.last_reported_at::text, last.id::text) q;
select is((select count(*)::int from page2), 3, 'queue: the second page holds the next 3');
select is((select count(*)::int from page3), 1, 'queue: the third page the last one');
select is((select count(distinct id)::int from (select id from page1 union all select id from page2 union all select id from page3) x), 7, 'queue: the pages never repeat or skip an item');
select results_eq(
  $$ select id from (select * from page1 union all select * from page2 union all select * from page3) x $$,
  $$ select id from public.get_moderation_queue('100') $$,
  'queue: page by page gives the single-page order');
select is((select count(*)::int from public.get_moderation_queue('1000')), 7, 'queue: a limit above 100 is capped, not refused');

-- 4. Malformed arguments answer with stable keys
select throws_ok($$ select public.get_moderation_queue('diez') $$, 'P0001', 'moderation_queue_cursor_invalid', 'queue: a limit that is no number');
select throws_ok($$ select public.get_moderation_queue('3', '1', 'ayer', gen_random_uuid()::text) $$, 'P0001', 'moderation_queue_cursor_invalid', 'queue: a cursor time that is no time');
select throws_ok($$ select public.get_moderation_queue('3', '1', now()::text, 'no-es-un-id') $$, 'P0001', 'moderation_queue_cursor_invalid', 'queue: a cursor id that is no uuid');
select throws_ok($$ select public.get_moderation_queue('3', '1') $$, 'P0001', 'moderation_queue_cursor_invalid', 'queue: half a cursor');
select throws_ok($$ select public.moderate_restore('chisme', 'no-es-un-id') $$, 'P0001', 'moderation_target_not_found', 'restore: a malformed id is not found');
select throws_ok($$ select public.moderate_delete('comment', '12345', 'spam') $$, 'P0001', 'moderation_target_not_found', 'delete: a malformed id is not found');
select throws_ok($$ select public.moderate_suspend_author('chisme', current_setting('test.c'), '1e9', 'spam') $$, 'P0001', 'suspension_days_invalid', 'suspend: days that are no integer');
select throws_ok($$ select public.moderate_suspend_author('chisme', current_setting('test.c'), '99999999999', 'spam') $$, 'P0001', 'suspension_days_invalid', 'suspend: days out of range');

-- 5. A removed chisme's image is kept while the removal can be reversed, and goes to the purge
-- at once when the removal is purged (not after its 20 minutes)
select tests.reset_role();
insert into storage.objects (bucket_id, name) values ('chismes', current_setting('test.c'));
select tests.authenticate_as_service_role();
select is_empty($$ select 1 from public.list_expired_chisme_images(1000) x where x = current_setting('test.c') $$, 'arrange: a fresh image is not purged');
select tests.authenticate_as_moderator('mod');
select tests.arrange($arrange$ select public.moderate_delete('chisme', current_setting('test.c'), 'spam') $arrange$);
select tests.authenticate_as_service_role();
select is_empty($$ select 1 from public.list_expired_chisme_images(1000) x where x = current_setting('test.c') $$,
  'a removed chisme''s fresh image is kept while the removal can be reversed (no URL is signed for it: 076-removals)');
select tests.reset_role();
select private.purge_removed((select s.id from public.moderation_statements s where s.chisme_id = current_setting('test.c')::uuid and s.target_kind = 'chisme' and s.decision = 'deleted'));
select tests.authenticate_as_service_role();
select isnt_empty($$ select 1 from public.list_expired_chisme_images(1000) x where x = current_setting('test.c') $$, 'the image of a purged removal is listed for the purge at once');

select * from finish();
rollback;
