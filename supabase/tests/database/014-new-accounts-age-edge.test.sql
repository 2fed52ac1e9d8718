-- "New account" at its edge (private.is_new_account, 14-new-accounts.sql): younger than the
-- minimum age (one day by default) is new, older is not — 23 h 59 min is new, 24 h 1 min is not.
begin;
select plan(3);

select tests.create_supabase_users('almost_day', 'just_past_day');
select tests.make_account_new('almost_day', interval '23 hours 59 minutes');
select tests.make_account_new('just_past_day', interval '24 hours 1 minute');

select is((select min_age from private.new_account_settings), interval '1 day', 'arrange: the minimum age is one day');
select is(private.is_new_account(tests.get_supabase_uid('almost_day')), true, '23 h 59 min old: new');
select is(private.is_new_account(tests.get_supabase_uid('just_past_day')), false, '24 h 1 min old: not new');

select * from finish();
rollback;
