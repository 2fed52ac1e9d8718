-- Runs first: installs pgTAP for the test files that follow.
create extension if not exists pgtap with schema extensions;

begin;
select plan(1);
select ok(true, 'pgTAP is installed and the test hooks ran');
select * from finish();
rollback;
