-- A reply the caller reported leaves their thread at once (get_comments, 40-comments.sql:
-- the reported comments are hidden from their reporter, replies as well as roots); others
-- still see it until the threshold hides it.
begin;
select plan(3);

select tests.lift_rate_limits();
select tests.create_supabase_users('reply_author', 'reply_reporter', 'reply_reader');
select tests.authenticate_as('reply_author');
select tests.post_chisme('c', 'Mujer', '30', 'Un chisme con una respuesta fea', null, 'ES', 'false');
select tests.post_comment('root', current_setting('test.c'), null, 'Un comentario normal', 'Mujer', '30', 'ES');
select tests.post_comment('reply', current_setting('test.c'), current_setting('test.root'), 'Una respuesta que denunciarán', 'Mujer', '30', 'ES');

select tests.authenticate_as('reply_reporter');
select public.report_comment(current_setting('test.reply'), 'spam');
select is(
  (select array_agg(content order by content) from public.get_comments(current_setting('test.c'))),
  array['Un comentario normal'], 'reporter: the reported reply is gone from their thread, its root stays'
);
select tests.authenticate_as('reply_reader');
select is(
  (select array_agg(content order by content) from public.get_comments(current_setting('test.c'))),
  array['Un comentario normal', 'Una respuesta que denunciarán'], 'another reader: still sees both'
);
select tests.reset_role();
select is((select hidden_at from public.comments where id = current_setting('test.reply')::uuid), null, 'arrange: one report did not hide it');

select * from finish();
rollback;
