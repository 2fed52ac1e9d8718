-- A deleted account's access token stays valid until it expires (an hour), so it can still
-- reach every RPC (05-helpers.sql, private.require_user). Every function a signed-in person
-- may call answers it with not_authenticated, never a foreign-key error (23503, naming a
-- constraint and a table) nor a silent success; over the API a write's refusal is answered
-- with the same key and counts nothing.
begin;
-- every RPC callable by authenticated (listed from the catalogue), then 7 more
select plan((
  select count(*)::int + 7 from pg_proc p
  where p.pronamespace = 'public'::regnamespace and has_function_privilege('authenticated', p.oid, 'execute')
));

-- Arrange: a person with a chisme, a comment, a like and a block, whose account is deleted
-- while their token lives on.
select tests.lift_rate_limits();
select tests.create_supabase_users('ghost', 'neighbour');
select tests.authenticate_as('neighbour');
select tests.post_chisme('n', 'Mujer', '30', 'El chisme de la vecina que sigue aquí', null, 'España', 'false');
select tests.authenticate_as('ghost');
select tests.post_chisme('g', 'Hombre', '40', 'El chisme de quien se irá pronto', null, 'España', 'false');
select tests.arrange($arrange$ select public.like_chisme(current_setting('test.n')) $arrange$);
select set_config('test.ghost_claims', current_setting('request.jwt.claims'), true);
select set_config('test.ghost', tests.get_supabase_uid('ghost')::text, true);
select tests.reset_role();
select public.delete_account(current_setting('test.ghost')::uuid);

-- The deleted account's token: role authenticated, its claims.
select tests.set_request_role('authenticated', current_setting('test.ghost_claims'));

-- Every RPC, each argument null (a refusal of the caller comes before any argument's)
create temporary table deleted_token_calls on commit drop as
select p.oid::regprocedure::text as signature,
       format('select * from %s.%I(%s)', 'public', p.proname,
              (select coalesce(string_agg('null::' || format_type(t, null), ', ' order by n), '')
               from unnest(p.proargtypes) with ordinality a (t, n))) as statement
from pg_proc p
where p.pronamespace = 'public'::regnamespace and has_function_privilege('authenticated', p.oid, 'execute');
grant select on deleted_token_calls to authenticated;

select throws_ok(c.statement, 'P0001', 'not_authenticated', c.signature || ': a deleted account''s token is not_authenticated')
from deleted_token_calls c order by c.signature;

select ok((select count(*) from deleted_token_calls) >= 35, 'every RPC of docs/api.md was called (35 or more)');

-- With real arguments, the calls that used to fail otherwise
select throws_ok(format($$ select public.block_chisme_author(%L) $$, current_setting('test.n')),
  'P0001', 'not_authenticated', 'blocking the author of a chisme is not_authenticated, not a foreign-key error');
select throws_ok($$ select public.update_my_profile('Fantasma', 'true', null) $$,
  'P0001', 'not_authenticated', 'changing the profile is not_authenticated, not a silent success');
select throws_ok(format($$ select public.like_chisme(%L) $$, current_setting('test.n')),
  'P0001', 'not_authenticated', 'a like is not_authenticated');

-- Over the API a write answers its refusal (400, the key) and counts nothing for nobody
select set_config('request.method', 'POST', true);
select is(public.like_chisme(current_setting('test.n'))::jsonb ->> 'message', 'not_authenticated',
  'api: a like is answered not_authenticated');
select set_config('request.method', '', true);
select tests.reset_role();
select is((select count(*)::int from private.rate_limit_counters where subject_id::text = current_setting('test.ghost')), 0,
  'the refused calls counted nothing for the deleted account');
select is((select likes from public.chismes where id = current_setting('test.n')::uuid), 0,
  'the deleted account''s like left with it, and no call brought it back');

select * from finish();
rollback;
