-- A blocked author's chisme answers the blocker only their own earlier comments (decision
-- 0033), also when its thread is full of comments by the blocked author AND by others (a
-- thread without comments would answer none whatever get_comments checks). Before the block
-- the blocker sees all of them, and a person who blocked no one still does afterwards, so
-- the shorter answer is the block's doing.
begin;
select plan(6);

select tests.lift_rate_limits();
select tests.create_supabase_users('thread_blocker', 'thread_blocked', 'thread_neighbour');

select tests.authenticate_as('thread_blocked');
select tests.post_chisme('t', 'Hombre', '30', 'El chisme de quien será bloqueado', null, 'ES', 'false');
select tests.post_comment('tb', current_setting('test.t'), null, 'El autor comenta su propio chisme', 'Hombre', '30', 'ES');
select tests.authenticate_as('thread_neighbour');
select tests.post_comment('tn', current_setting('test.t'), null, 'Una vecina comenta el chisme', 'Mujer', '40', 'ES');
select tests.post_comment('tr', current_setting('test.t'), current_setting('test.tb'), 'La vecina responde al autor', 'Mujer', '40', 'ES');
select tests.authenticate_as('thread_blocker');
select tests.post_comment('tc', current_setting('test.t'), current_setting('test.tn'), 'Quien bloqueará responde a la vecina', 'Mujer', '25', 'ES');

select is((select count(*)::int from public.get_comments(current_setting('test.t'))), 4,
  'blocker, before blocking: the thread shows its four comments (the author''s, the neighbour''s two, their own)');

select lives_ok($$ select public.block_chisme_author(current_setting('test.t')) $$, 'blocker: blocks the chisme''s author');

select is((select array_agg(id::text) from public.get_comments(current_setting('test.t'))), array[current_setting('test.tc')],
  'blocker: the blocked author''s thread answers only their own comment, neither the author''s nor anyone else''s');
select is((select array_agg(id::text) from public.get_comments(current_setting('test.t'), p_limit => '100')), array[current_setting('test.tc')],
  'blocker: not with a larger page either');

select tests.authenticate_as('thread_neighbour');
select is((select count(*)::int from public.get_comments(current_setting('test.t'))), 4,
  'neighbour (no block): still sees the four comments');
select tests.authenticate_as('thread_blocked');
select is((select count(*)::int from public.get_comments(current_setting('test.t'))), 4,
  'blocked author: notices nothing, sees the four comments');

select * from finish();
rollback;
