-- The demo data (supabase/seed.sql, README "Demo accounts") is loaded by test:db and by
-- `supabase start`: the three accounts can sign in with their documented passwords, every feed
-- and profile has content, and the counters kept by triggers match the rows exactly.
begin;
select plan(22);

select results_eq(
  $$ select u.email::text, u.encrypted_password = extensions.crypt(d.password, u.encrypted_password), u.email_confirmed_at is not null
     from (values ('lucia@chismes.test', 'Lucia1234'), ('mateo@chismes.test', 'Mateo1234'), ('sofia@chismes.test', 'Sofia1234')) d (email, password)
     join auth.users u on u.email = d.email order by 1 $$,
  $$ values ('lucia@chismes.test'::text, true, true), ('mateo@chismes.test', true, true), ('sofia@chismes.test', true, true) $$,
  'the three demo accounts exist, confirmed, with their documented passwords'
);
select ok(
  (select bool_and(d.password ~ '[A-Z]' and d.password ~ '[0-9]' and char_length(d.password) >= 8)
   from (values ('Lucia1234'), ('Mateo1234'), ('Sofia1234')) d (password)),
  'the demo passwords satisfy the registration rule (8+, an uppercase letter, a digit)'
);
select is(
  (select count(*)::int from auth.identities i join auth.users u on u.id = i.user_id
   where u.email in ('lucia@chismes.test', 'mateo@chismes.test', 'sofia@chismes.test') and i.provider = 'email' and i.email = u.email),
  3,
  'each demo account has its e-mail identity'
);
select is(
  (select count(*)::int from auth.users where email like '%@chismes.test'
     and (confirmation_token <> '' or recovery_token <> '' or email_change_token_new <> '' or email_change <> '')),
  0,
  'token columns hold empty strings, as GoTrue writes them'
);
select is(public.get_sign_in_methods('lucia@chismes.test'), array['email'], 'the login pre-check knows the demo accounts');
select results_eq(
  $$ select username, cotilleo from public.profiles where username in ('lucia', 'mateo', 'sofia') order by 1 $$,
  $$ values ('lucia'::text, false), ('mateo', false), ('sofia', true) $$,
  'the demo profiles exist; sofia uses cotilleo mode'
);
select cmp_ok((select count(*)::int from public.offensive_words), '>=', 40, 'a Spanish offensive-word list is loaded');
select is_empty(
  $$ select w.word from public.offensive_words w
     where exists (select 1 from unnest(array['computadora', 'vehículo', 'reputación', 'disputa', 'película', 'américa', 'calculo']) ok_word
                   where strpos(ok_word, w.word) > 0) $$,
  'no listed word hides inside common innocent words'
);
select is_empty(
  $$ select c.content from public.chismes c where not c.cotilleo and cardinality(public.find_offensive_words(c.content)) > 0 $$,
  'no casual demo chisme contains a listed word'
);
select cmp_ok((select count(*)::int from public.chismes), '>=', 80, 'about 80 chismes');
select cmp_ok((select count(*)::int from public.chismes where cotilleo), '>=', 15, 'both modes: cotilleo');
select cmp_ok((select count(*)::int from public.chismes where not cotilleo), '>=', 50, 'both modes: casual');
select cmp_ok((select count(*)::int from public.chismes where created_at > now() - interval '24 hours' and likes > 0), '>=', 10, 'trending is alive: liked chismes in the last 24 hours');
select cmp_ok((select count(*)::int from public.chismes where created_at < now() - interval '3 days'), '>=', 20, 'older chismes spread over the last days');
select cmp_ok(
  (select min(n)::int from (
    select count(*) n from public.chisme_authors a join auth.users u on u.id = a.user_id
    where u.email in ('lucia@chismes.test', 'mateo@chismes.test', 'sofia@chismes.test') group by u.id) x),
  '>=', 10,
  'each demo account has chismes in its profile'
);
select is((select max(depth) from public.comments), 3, 'threads reach depth 3');
select cmp_ok(
  (select min(n)::int from (
    select count(*) filter (where not n.is_read) n from public.notifications n join auth.users u on u.id = n.user_id
    where u.email in ('lucia@chismes.test', 'mateo@chismes.test', 'sofia@chismes.test') group by u.id) x),
  '>=', 1,
  'each demo account has unread notifications'
);

-- Invariants kept by the triggers, over all the data
select is_empty($$ select c.id from public.chismes c where c.likes <> (select count(*) from public.likes l where l.chisme_id = c.id) $$,
  'every chisme''s likes equals its likes rows');
select is_empty($$ select c.id from public.chismes c where c.comments <> (select count(*) from public.comments m where m.chisme_id = c.id and m.parent_id is null) $$,
  'every chisme''s comments equals its root comments');
select is_empty($$ select c.id from public.chismes c where c.report <> (select count(*) from public.reports r where r.chisme_id = c.id) $$,
  'every chisme''s report equals its reports');
select is_empty($$ select c.id from public.chismes c where not exists (select 1 from public.chisme_authors a where a.chisme_id = c.id) $$,
  'every chisme has an author link');
select is_empty($$ select n.user_id from public.notifications n group by n.user_id having count(*) > 100 $$,
  'nobody has more than 100 notifications');

select * from finish();
rollback;
