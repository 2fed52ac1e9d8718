-- Hidden content is hidden by RLS (docs/decisions/0010-automatic-hiding.md): a direct select on public.chismes or
-- public.comments (what PostgREST's REST endpoints run) leaves out a chisme hidden by reports,
-- and every comment of it, for everyone but its author and moderators; a reporter stops
-- seeing a comment they reported at once (Jodel's rule); the feed still finds hidden chismes
-- for their author (through a tag filter too) and never for others.
begin;
select plan(20);
select tests.lift_rate_limits();

-- Arrange: an author, a reporter, a bystander, a moderator; threshold 1 so one report hides.
select tests.create_supabase_users('author', 'reporter', 'bystander', 'mod');
select tests.arrange($arrange$ select public.set_moderator('mod@test.chismes', true) $arrange$);
update private.moderation_settings set hide_threshold = 1;

select tests.authenticate_as('author');
select tests.arrange($arrange$ select set_config('test.hidden', (select id::text from tests.create_chisme('Mujer', '30', 'Chisme que acabará oculto', to_jsonb(array['oculto']), 'CR', 'false')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.open', (select id::text from tests.create_chisme('Mujer', '30', 'Chisme que sigue a la vista', null, 'CR', 'false')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.k_hidden', (select id::text from tests.add_comment(current_setting('test.hidden'), null, 'Comentario del chisme oculto', 'Mujer', '30', 'CR')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.k_reported', (select id::text from tests.add_comment(current_setting('test.open'), null, 'Comentario que alguien reporta', 'Mujer', '30', 'CR')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.k_reply', (select id::text from tests.add_comment(current_setting('test.open'), current_setting('test.k_reported'), 'Respuesta al reportado', 'Mujer', '30', 'CR')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.k_other', (select id::text from tests.add_comment(current_setting('test.open'), null, 'Otro comentario', 'Mujer', '30', 'CR')), true) $arrange$);

-- Act: the reporter reports the first chisme (hidden at once) and then raises the threshold
-- back, and reports one comment of the other chisme without hiding it.
select tests.authenticate_as('reporter');
select tests.arrange($arrange$ select public.report_chisme(current_setting('test.hidden'), 'Spam') $arrange$);
select tests.reset_role();
update private.moderation_settings set hide_threshold = 5;
select tests.authenticate_as('reporter');
select tests.arrange($arrange$ select public.report_comment(current_setting('test.k_reported'), 'acoso') $arrange$);
select tests.reset_role();
select isnt((select hidden_at from public.chismes where id = current_setting('test.hidden')::uuid), null, 'arrange: the reported chisme is hidden');
select is((select hidden_at from public.comments where id = current_setting('test.k_reported')::uuid), null, 'arrange: the reported comment is not hidden (one report of five)');

-- A bystander: the direct selects leave the hidden chisme and its comments out
select tests.authenticate_as('bystander');
select is_empty($$ select 1 from public.chismes where id = current_setting('test.hidden')::uuid $$, 'bystander: a direct select on chismes leaves the hidden chisme out');
select is((select count(*)::int from public.chismes where id = current_setting('test.open')::uuid), 1, 'bystander: a direct select still returns visible chismes');
select is_empty($$ select 1 from public.chismes where tags && array['#oculto'] $$, 'bystander: a tag filter on the table does not find it either');
select is_empty($$ select 1 from public.comments where chisme_id = current_setting('test.hidden')::uuid $$, 'bystander: the comments of a hidden chisme are left out');
select is_empty($$ select 1 from public.get_feed('recent', 'false', p_tags => to_jsonb(array['oculto'])) $$, 'bystander: the tag-filtered feed does not find it');
select is((select count(*)::int from public.get_comments(current_setting('test.open'))), 3, 'bystander: sees every comment of the visible chisme (a reported comment stays until hidden)');

-- The reporter: what they reported is gone for them at once
select tests.authenticate_as('reporter');
select is_empty($$ select 1 from public.get_comments(current_setting('test.open')) where id = current_setting('test.k_reported')::uuid $$, 'reporter: the comment they reported leaves their thread at once');
select is_empty($$ select 1 from public.get_comments(current_setting('test.open')) where id = current_setting('test.k_reply')::uuid $$, 'reporter: and so do the replies under it');
select isnt_empty($$ select 1 from public.get_comments(current_setting('test.open')) where id = current_setting('test.k_other')::uuid $$, 'reporter: other comments stay');
select is_empty($$ select 1 from public.chismes where id = current_setting('test.hidden')::uuid $$, 'reporter: a direct select does not find the hidden chisme');

-- The author and moderators still see it, through every path
select tests.authenticate_as('author');
select is((select count(*)::int from public.chismes where id = current_setting('test.hidden')::uuid), 1, 'author: a direct select finds their hidden chisme');
select is((select count(*)::int from public.comments where chisme_id = current_setting('test.hidden')::uuid), 1, 'author: and its comments');
select is((select count(*)::int from public.get_feed('recent', 'false', p_tags => to_jsonb(array['oculto']))), 1, 'author: the tag-filtered feed finds it');
select is((select count(*)::int from public.get_comments(current_setting('test.hidden'))), 1, 'author: its thread reads');
select tests.authenticate_as_moderator('mod');
select is((select count(*)::int from public.chismes where id = current_setting('test.hidden')::uuid), 1, 'moderator: a direct select finds the hidden chisme');
select is((select count(*)::int from public.comments where chisme_id = current_setting('test.hidden')::uuid), 1, 'moderator: and its comments');
select is((select count(*)::int from public.get_feed('recent', 'false') f where f.id = current_setting('test.hidden')::uuid), 1, 'moderator: the feed shows it');

-- Anonymous callers read nothing at all
select tests.clear_authentication();
select throws_ok($$ select 1 from public.chismes $$, '42501', null, 'anon: no access to chismes');

select * from finish();
rollback;
