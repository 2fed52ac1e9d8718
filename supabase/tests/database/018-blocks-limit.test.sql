-- The block limit: at most 1,000 people per blocker (block_limit_reached), counted per person,
-- not per piece of content; the table is out of every API role's reach.
begin;
select plan(5);

select tests.lift_rate_limits();
select tests.create_supabase_users('collector', 'author1001');
-- 1,000 existing blocks, against 1,000 real accounts (the limit counts people)
insert into auth.users (id, email) select gen_random_uuid(), 'blocked' || n || '@limit.test' from generate_series(1, 1000) n;
insert into private.blocks (blocker_id, blocked_id)
select tests.get_supabase_uid('collector'), u.id from auth.users u where u.email like 'blocked%@limit.test';
select tests.authenticate_as('author1001');
select tests.post_chisme('c', 'Hombre', '30', 'Chisme número mil uno', null, 'ES', 'false');

select tests.authenticate_as('collector');
select is(public.get_block_count(), 1000, 'collector: 1,000 people blocked');
select throws_ok($$ select public.block_chisme_author(current_setting('test.c')) $$, 'P0001', 'block_limit_reached', 'collector: the 1,001st is block_limit_reached');
select is(public.get_block_count(), 1000, 'collector: and nothing was added');

select throws_ok($$ select * from private.blocks $$, '42501', null, 'authenticated: private.blocks is out of reach');
select tests.clear_authentication();
select throws_ok($$ select * from private.blocks $$, '42501', null, 'anon: private.blocks is out of reach');

select * from finish();
rollback;
