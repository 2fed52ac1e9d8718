-- Adults only (docs/decisions/0035-notice-and-action.md, "Adults only"): cotilleo mode is
-- switched on only with the confirmation of being 18 or older, stored with its date and
-- withdrawn when switched off; without it no cotilleo chisme of another person, nor its thread,
-- reaches the person by any path (feeds, a shared link, direct table reads, comments, realtime
-- rows through RLS), and get_chisme answers a key the web turns into a notice (the image
-- function finds no chisme through it).
begin;
select plan(17);

select tests.lift_rate_limits();
select tests.create_supabase_users('author', 'teen', 'adult', 'mod');
-- the personas are adults by default (000-setup-tests-hooks.sql); the teen never confirmed
update public.profiles set adult_confirmed_at = null where id = tests.get_supabase_uid('teen');

select tests.authenticate_as('author');
select tests.post_chisme('cot', 'Mujer', '30', 'Un chisme del modo cotilleo para mayores', null, 'ES', 'true');
select tests.post_chisme('cas', 'Mujer', '30', 'Un chisme casual para todo el mundo', null, 'ES', 'false');
select tests.post_comment('k', current_setting('test.cot'), null, 'Un comentario en el cotilleo', 'Mujer', '30', 'ES');

-- Switching cotilleo on needs the confirmation, stored with its date; off withdraws it
select tests.authenticate_as('teen');
select throws_ok($$ select public.update_my_profile(p_cotilleo => 'true') $$, 'P0001', 'adult_confirmation_required', 'cotilleo on without the confirmation is refused');
select lives_ok($$ select public.update_my_profile(p_cotilleo => 'true', p_adult => 'true') $$, 'cotilleo on with the confirmation');
select ok((select cotilleo and adult_confirmed_at > now() - interval '1 minute' from public.profiles), 'the confirmation is stored with its date');
select lives_ok($$ select public.update_my_profile(p_cotilleo => 'false') $$, 'cotilleo off');
select results_eq($$ select cotilleo, adult_confirmed_at from public.profiles $$, $$ values (false, null::timestamptz) $$, 'switching it off withdraws the confirmation');

-- Without it, nothing of another's cotilleo chisme reaches them
select throws_ok($$ select * from public.get_feed('recent', 'true') $$, 'P0001', 'adult_confirmation_required', 'the cotilleo feed is refused');
select throws_ok($$ select * from public.get_chisme(current_setting('test.cot')) $$, 'P0001', 'chisme_adults_only', 'a shared link answers chisme_adults_only (the web shows a notice)');
select throws_ok($$ select * from public.get_comments(current_setting('test.cot')) $$, 'P0001', 'chisme_adults_only', 'its thread too');
select is_empty($$ select 1 from public.chismes where id = current_setting('test.cot')::uuid $$, 'a direct table read does not see it');
select is_empty($$ select 1 from public.comments where chisme_id = current_setting('test.cot')::uuid $$, 'nor its comments');
select is((select count(*)::int from public.get_feed('recent', 'false') f where f.id = current_setting('test.cas')::uuid), 1, 'the casual feed is unchanged');
select throws_ok($$ select public.like_chisme(current_setting('test.cot')) $$, 'P0001', 'chisme_not_found', 'nor can they act on it (it is not found)');

-- The author sees their own; an adult and a moderator see it
select tests.reset_role();
update public.profiles set adult_confirmed_at = null where id = tests.get_supabase_uid('author');
select tests.authenticate_as('author');
select is((select count(*)::int from public.chismes where id = current_setting('test.cot')::uuid), 1, 'its author reads their own cotilleo chisme');
select tests.authenticate_as('adult');
select is((select content from public.get_chisme(current_setting('test.cot'))), 'Un chisme del modo cotilleo para mayores', 'an adult reads it through a link');
select is((select count(*)::int from public.get_feed('recent', 'true') f where f.id = current_setting('test.cot')::uuid), 1, 'and in the cotilleo feed');
select tests.reset_role();
update public.profiles set adult_confirmed_at = null where id = tests.get_supabase_uid('mod');
select tests.authenticate_as_moderator('mod');
select is((select count(*)::int from public.get_chisme(current_setting('test.cot'))), 1, 'a moderator reads it (to review it)');
select tests.clear_authentication();
select throws_ok($$ select 1 from public.chismes $$, '42501', null, 'signed out: no table access at all');

select * from finish();
rollback;
