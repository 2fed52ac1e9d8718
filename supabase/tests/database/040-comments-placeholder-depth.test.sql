-- "Comentario oculto" keeps a thread's shape at every depth: a blocked author's comment stays
-- as a placeholder above any reply the blocker sees, however deep (comments go three levels:
-- 40-comments.sql), and goes when nothing under it is seen. Threads, with B the blocked author
-- and N a neighbour:
--   r1 (B) ← r1a (B) ← r1b (N)   two placeholders above a seen reply two levels down
--   r2 (B) ← r2a (N)             one placeholder above a seen reply
--   r3 (B) ← r3a (B)             nothing seen under it: both go
-- The expected rows are listed by hand (names, not a query of the same rule).
begin;
select plan(5);

select tests.lift_rate_limits();
select tests.create_supabase_users('deep_blocker', 'deep_blocked', 'deep_neighbour');

select tests.authenticate_as('deep_blocker');
select tests.post_chisme('c', 'Mujer', '25', 'Un chisme con hilos profundos', null, 'ES', 'false');
select tests.authenticate_as('deep_blocked');
select tests.post_comment('r1', current_setting('test.c'), null, 'Raíz uno del bloqueado', 'Hombre', '30', 'ES');
select tests.post_comment('r1a', current_setting('test.c'), current_setting('test.r1'), 'Respuesta del bloqueado a sí mismo', 'Hombre', '30', 'ES');
select tests.post_comment('r2', current_setting('test.c'), null, 'Raíz dos del bloqueado', 'Hombre', '30', 'ES');
select tests.post_comment('r3', current_setting('test.c'), null, 'Raíz tres del bloqueado', 'Hombre', '30', 'ES');
select tests.post_comment('r3a', current_setting('test.c'), current_setting('test.r3'), 'Otra respuesta del bloqueado', 'Hombre', '30', 'ES');
select tests.authenticate_as('deep_neighbour');
select tests.post_comment('r1b', current_setting('test.c'), current_setting('test.r1a'), 'La vecina responde en el tercer nivel', 'Mujer', '40', 'ES');
select tests.post_comment('r2a', current_setting('test.c'), current_setting('test.r2'), 'La vecina responde en el segundo nivel', 'Mujer', '40', 'ES');

select tests.authenticate_as('deep_blocker');
select is((select count(*)::int from public.get_comments(current_setting('test.c'))), 7, 'before blocking: all seven comments');
select lives_ok($$ select public.block_comment_author(current_setting('test.r1')) $$, 'the blocker blocks B');

create temp table thread_names (name text primary key);
insert into thread_names values ('r1'), ('r1a'), ('r1b'), ('r2'), ('r2a'), ('r3'), ('r3a');
grant select on thread_names to authenticated;
create function pg_temp.shown() returns table (name text, is_hidden boolean, content text) language sql as $$
  select n.name, g.is_hidden, g.content
  from public.get_comments(current_setting('test.c'), p_limit => '100') g
  join thread_names n on current_setting('test.' || n.name)::uuid = g.id
  order by n.name;
$$;

select results_eq(
  $$ select name, is_hidden from pg_temp.shown() $$,
  $$ values ('r1', true), ('r1a', true), ('r1b', false), ('r2', true), ('r2a', false) $$,
  'r1 and r1a stay as placeholders above r1b, r2 above r2a; r3 and r3a go'
);
select is(
  (select array_agg(content order by name) from pg_temp.shown() where is_hidden),
  array['', '', ''], 'the placeholders carry no text'
);
select is(
  (select array_agg(content order by name) from pg_temp.shown() where not is_hidden),
  array['La vecina responde en el tercer nivel', 'La vecina responde en el segundo nivel'], 'the neighbour''s replies are shown in full'
);

select * from finish();
rollback;
