-- False positives, measured on a real Spanish word list: Debian's `wspanish`
-- (/usr/share/dict/spanish, 86,000 words; scripts/setup.mjs installs it, scripts/test-db.ts
-- passes its path as the psql variable `dictionary`, empty when absent, then this file skips).
-- Every word that is not itself on the offensive list (the seeded list, compared in folded
-- form) is accepted by the word filter and the personal-data guard, alone and inside a
-- sentence. The list is read, not copied into the repository (its licence is the GPL).
select (:'dictionary' = '') as no_dictionary \gset
begin;
select plan(5);

\if :no_dictionary
select skip('the Spanish word list (/usr/share/dict/spanish, Debian package wspanish) is not installed', 5);
\else
-- Read by psql (the client): `postgres`, the role `supabase test db` uses, may not read server files.
\set dictionary_text `cat :dictionary`
create temp table dictionary on commit drop as
  select w.word, w.n
  from regexp_split_to_table(:'dictionary_text', '\n') with ordinality as w(word, n)
  where btrim(w.word) <> ''
    and private.fold_for_filter(w.word) not in (select o.folded from public.offensive_words o);
-- Sentences of 20 dictionary words in the list's order, and again shifted by ten, so every
-- word meets two different neighbours on each side.
create temp table sentences on commit drop as
  select 'Dicen que ' || string_agg(d.word, ' ' order by d.n) || ', y ya está.' as sentence
  from dictionary d group by d.n / 20
  union all
  select 'Ayer ' || string_agg(d.word, ' ' order by d.n) || ' pasó de todo.' as sentence
  from dictionary d group by (d.n + 10) / 20;

select cmp_ok((select count(*)::int from dictionary), '>', 80000, 'the Spanish word list is loaded');
select is_empty(
  $$ select d.word, public.find_offensive_words(d.word) from dictionary d where cardinality(public.find_offensive_words(d.word)) > 0 $$,
  'the word filter accepts every Spanish word that is not itself on the list, alone'
);
select is_empty(
  $$ select s.sentence, public.find_offensive_words(s.sentence) from sentences s where cardinality(public.find_offensive_words(s.sentence)) > 0 $$,
  'the word filter accepts every such word inside sentences'
);
select is_empty(
  $$ select d.word, private.find_personal_data(d.word) from dictionary d where private.find_personal_data(d.word) is not null $$,
  'the personal-data guard accepts every Spanish word, alone'
);
select is_empty(
  $$ select s.sentence, private.find_personal_data(s.sentence) from sentences s where private.find_personal_data(s.sentence) is not null $$,
  'the personal-data guard accepts every such word inside sentences'
);
\endif

select * from finish();
rollback;
