-- The refused-write handlers (docs/decisions/0024-refused-writes-count.md) answer REFUSALS
-- only — the P0001 keys the rules raise. Any other error (a bug, a broken constraint, a
-- division by zero deep in a trigger) must stay an error: caught by `when others` it would come
-- back over the API as a counted 400 carrying PostgreSQL's own text, and from SQL as a P0001.
-- Each write RPC with a handler is run once with an internal error injected into its write
-- (a trigger of this test that divides by zero, SQLSTATE 22012): over the API (request.method
-- set, as PostgREST sets it) and from SQL, it must raise 22012 and leave no count behind.
begin;
select plan(19);

select tests.lift_rate_limits();
select tests.create_supabase_users('internal_author', 'internal_writer');
select tests.authenticate_as('internal_author');
select tests.post_chisme('target', 'Mujer', '30', 'Un chisme para los errores internos', null, 'ES', 'false');
select tests.post_comment('target_comment', current_setting('test.target'), null, 'Un comentario para denunciar', 'Mujer', '30', 'ES');
select tests.authenticate_as('internal_writer');
select public.like_chisme(current_setting('test.target'));
select tests.reset_role();

create function tests.internal_error() returns trigger language plpgsql as $$
begin
  perform 1 / 0;
  return new;
end;
$$;
create trigger zz_internal_error before insert on public.chismes for each row execute function tests.internal_error();
create trigger zz_internal_error before insert on public.comments for each row execute function tests.internal_error();
create trigger zz_internal_error before insert or delete on public.likes for each row execute function tests.internal_error();
create trigger zz_internal_error before insert on public.reports for each row execute function tests.internal_error();
create trigger zz_internal_error before insert on public.country_logs for each row execute function tests.internal_error();

-- the writer's counted writes, each once (in its action's longest window): a counted 400
-- would add one here
create function pg_temp.counted() returns bigint language sql as $$
  select coalesce(sum(c.events), 0) from private.rate_limit_counters c
  where c.subject_id = tests.get_supabase_uid('internal_writer')
    and c.window_seconds = (select max(s.window_seconds) from private.rate_limit_settings s where s.action = c.action);
$$;
select set_config('test.counted_before', pg_temp.counted()::text, true);

select tests.authenticate_as('internal_writer');
select set_config('request.method', 'POST', true);
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Un chisme perfectamente válido', '[]', 'ES', 'false') $$,
  '22012', null, 'api: create_chisme lets an internal error through (not a 400)');
select throws_ok($$ select public.add_comment(current_setting('test.target'), null, 'Un comentario válido', 'Mujer', '30', 'ES') $$,
  '22012', null, 'api: add_comment lets an internal error through');
select throws_ok($$ select public.unlike_chisme(current_setting('test.target')) $$,
  '22012', null, 'api: unlike_chisme lets an internal error through');
select throws_ok($$ select public.report_chisme(current_setting('test.target'), 'spam') $$,
  '22012', null, 'api: report_chisme lets an internal error through');
select throws_ok($$ select public.report_comment(current_setting('test.target_comment'), 'spam') $$,
  '22012', null, 'api: report_comment lets an internal error through');
select throws_ok($$ select public.log_country('España') $$,
  '22012', null, 'api: log_country lets an internal error through');
select is(coalesce(nullif(current_setting('response.status', true), ''), 'none'), 'none', 'api: no 400 status was set by any of them');
select tests.reset_role();
select is(pg_temp.counted() - current_setting('test.counted_before')::bigint, 0::bigint,
  'api: no internal error was counted as a refused write');
drop trigger zz_internal_error on public.likes;
create trigger zz_internal_error before insert on public.likes for each row execute function tests.internal_error();
select tests.authenticate_as('internal_writer');
select set_config('request.method', 'POST', true);
select public.unlike_chisme(current_setting('test.target'));
select throws_ok($$ select public.like_chisme(current_setting('test.target')) $$,
  '22012', null, 'api: like_chisme lets an internal error through');
select tests.reset_role();
select set_config('test.counted_before', pg_temp.counted()::text, true);

-- From SQL the same, with PostgreSQL's SQLSTATE (never re-raised as a P0001 refusal)
select tests.authenticate_as('internal_writer');
select set_config('request.method', '', true);
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Un chisme perfectamente válido', '[]', 'ES', 'false') $$,
  '22012', null, 'sql: create_chisme raises the internal error as it is');
select throws_ok($$ select public.add_comment(current_setting('test.target'), null, 'Un comentario válido', 'Mujer', '30', 'ES') $$,
  '22012', null, 'sql: add_comment raises it as it is');
select throws_ok($$ select public.like_chisme(current_setting('test.target')) $$,
  '22012', null, 'sql: like_chisme raises it as it is');
select throws_ok($$ select public.report_chisme(current_setting('test.target'), 'spam') $$,
  '22012', null, 'sql: report_chisme raises it as it is');
select throws_ok($$ select public.log_country('España') $$,
  '22012', null, 'sql: log_country raises it as it is');

-- A real refusal still takes the handler: the injection did not make every path raise
select tests.reset_role();
drop trigger zz_internal_error on public.chismes;
select tests.authenticate_as('internal_writer');
select set_config('request.method', 'POST', true);
select is(
  (public.create_chisme('Mujer', '30', 'corto', '[]', 'ES', 'false')::jsonb) ->> 'message',
  'chisme_content_too_short', 'api: a refusal is still answered with its key'
);
select is(current_setting('response.status', true), '400', 'api: with status 400');
select tests.reset_role();
select is(pg_temp.counted() - current_setting('test.counted_before')::bigint, 1::bigint,
  'api: and counted once (so the zero above is not a counter that never counts)');
select is(
  (select count(*)::int from public.chisme_authors where user_id = tests.get_supabase_uid('internal_writer')), 0,
  'nothing was stored by any of the writes'
);
select is(
  (select count(*)::int from public.likes where user_id = tests.get_supabase_uid('internal_writer')), 0,
  'the like was removed by the real unlike and not stored again'
);

select * from finish();
rollback;
