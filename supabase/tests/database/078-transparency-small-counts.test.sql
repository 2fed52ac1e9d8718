-- The transparency report publishes no count from 1 to 4 (decision 0037): each count passes
-- through private.published_count, whose edges are fixed literals here.
begin;
select plan(5);

select is(private.published_count(0), 0, 'zero is published as 0');
select is(private.published_count(1), null, '1 is withheld');
select is(private.published_count(4), null, '4 is withheld');
select is(private.published_count(5), 5, '5 is published');
select is(private.published_count(123456), 123456, 'a large count is published as it is');

select * from finish();
rollback;
