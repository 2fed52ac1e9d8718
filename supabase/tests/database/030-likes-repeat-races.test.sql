-- A double click: two identical like or report requests at once both pass the triggers'
-- "already exists" check; the second then meets the unique constraint. The RPCs answer it with
-- the same key as any repeat. (The race is reproduced by switching the check trigger off.)
begin;
select plan(8);

-- Arrange
select tests.create_supabase_users('author', 'other');
select tests.authenticate_as('author');
select tests.arrange($arrange$ select set_config('test.chisme', (select id::text from tests.create_chisme('Mujer', '30', 'Chisme del doble clic', null, 'CR', 'false')), true) $arrange$);
select tests.arrange($arrange$ select set_config('test.comment', (select id::text from tests.add_comment(current_setting('test.chisme'), null, 'Comentario del doble clic', 'Mujer', '30', 'CR')), true) $arrange$);
select tests.reset_role();
alter table public.likes disable trigger likes_before_insert_check_rules;
alter table public.reports disable trigger reports_before_insert_check_rules;

-- Act as another user
select tests.authenticate_as('other');
select is(public.like_chisme(current_setting('test.chisme'))::text::int, 1, 'other: the first like counts');
select throws_ok($$ select public.like_chisme(current_setting('test.chisme')) $$, 'P0001', 'like_already_exists', 'other: the racing second like gets the repeat key');
select is((select likes from public.get_chisme(current_setting('test.chisme'))), 1, 'other: and does not count');
select lives_ok($$ select public.report_chisme(current_setting('test.chisme'), 'spam') $$, 'other: the first report is stored');
select throws_ok($$ select public.report_chisme(current_setting('test.chisme'), 'spam') $$, 'P0001', 'report_already_exists', 'other: the racing second chisme report gets the repeat key');
select lives_ok($$ select public.report_comment(current_setting('test.comment'), 'spam') $$, 'other: the first comment report is stored');
select throws_ok($$ select public.report_comment(current_setting('test.comment'), 'spam') $$, 'P0001', 'report_already_exists', 'other: the racing second comment report gets the repeat key');
select is((select report from public.get_chisme(current_setting('test.chisme'))), 1, 'other: the chisme counts one report');

select * from finish();
rollback;
