-- The shared rule corpus (supabase/tests/corpus/text-rules.json): every text must get from the
-- database the answer the corpus gives, which is also the answer the web's warning must give
-- (web/src/lib/text-rules.corpus.test.ts reads the same file), so the two cannot drift apart.
-- scripts/test-db.ts passes the file's path as the psql variable `corpus`; psql reads it (the
-- client, as `supabase test db` runs as `postgres`, which may not read server files).
-- The database's answer: a personal-data kind (private.find_personal_data, the guard the rule
-- triggers apply), else 'offensive' when public.find_offensive_words finds a listed word (the
-- seeded list), else null.
\set corpus_text `cat :corpus`
\set corpus_sql 'select ' :'corpus_text' '::jsonb'
begin;
select plan(9);

create temp table corpus on commit drop as
  select e ->> 'text' as text, e ->> 'expect' as expect, e ->> 'why' as why
  from jsonb_array_elements((:corpus_sql) -> 'entries') as e;
create temp table invisible on commit drop as
  select ('x' || lpad(c, 8, '0'))::bit(32)::int as code_point
  from jsonb_array_elements_text((:corpus_sql) -> 'invisible') as c;

grant select on corpus, invisible to authenticated;

create function pg_temp.database_answer(p_text text) returns text language sql as $$
  select coalesce(
    private.find_personal_data(p_text),
    case when cardinality(public.find_offensive_words(p_text)) > 0 then 'offensive' end
  );
$$;

select cmp_ok((select count(*)::int from corpus), '>', 300, 'the corpus is loaded');
select cmp_ok((select count(*)::int from corpus where why = 'ordinary sentence with numbers' and expect is null), '>=', 200,
  'the corpus holds at least 200 ordinary sentences with numbers, years, prices, dates and times');

select is_empty(
  $$ select text, why from corpus where expect = 'offensive' and pg_temp.database_answer(text) is distinct from expect $$,
  'every offensive text of the corpus is refused as offensive (repeated letters, look-alikes, symbols, spelled apart, invisible characters)'
);
select is_empty(
  $$ select text, why, pg_temp.database_answer(text) from corpus where expect in ('email', 'phone', 'link', 'handle') and pg_temp.database_answer(text) is distinct from expect $$,
  'every text with personal data is refused with its kind ((at)/[at] e-mails, 3-character handles, ig:/telegram: handles, phones with any separators)'
);
select is_empty(
  $$ select text, why, pg_temp.database_answer(text) from corpus where expect is null and pg_temp.database_answer(text) is not null $$,
  'every accepted text of the corpus is accepted (word boundaries, ordinary sentences with numbers)'
);

-- The invisible characters: exactly the corpus' list is removed by normalisation, no more and
-- no fewer (the web's test checks its own list against the same file).
select is_empty(
  $$ select to_hex(code_point) from invisible where private.normalize_text('a' || chr(code_point) || 'b') <> 'ab' $$,
  'every invisible character of the corpus is removed by normalisation (U+00AD soft hyphen included)'
);
select is_empty(
  $$ select to_hex(c) from generate_series(1, 65535) as c
     where c not between 55296 and 57343
       and c <> 8205 -- U+200D, the zero-width joiner: removed except inside emoji sequences
       and private.normalize_text('a' || chr(c) || 'b') = 'ab'
       and c not in (select code_point from invisible) $$,
  'normalisation removes no character of the Basic Multilingual Plane that the corpus does not list'
);

-- The rule triggers apply the same answers (a sample through the RPCs).
select tests.create_supabase_user('corpus_author');
select tests.lift_rate_limits();
select tests.authenticate_as('corpus_author');
select is_empty(
  $$ select c.text from corpus c
     where c.expect = 'offensive' and c.why like 'invisible%'
       and not exists (select 1 from (select tests.error_detail(format('select public.create_chisme(%L, %L, %L, null, %L, %L)', 'Mujer', '30', c.text || ' de verdad', 'ES', 'false'))) d(detail) where d.detail ? 'words') $$,
  'create_chisme refuses every invisible-character variant with content_offensive'
);
select is_empty(
  $$ select c.text from corpus c
     where c.expect in ('email', 'phone', 'handle')
       and coalesce(tests.error_detail(format('select public.create_chisme(%L, %L, %L, null, %L, %L)', 'Mujer', '30', c.text || ' ya sabéis', 'ES', 'true')) ->> 'kind', '') <> c.expect $$,
  'create_chisme refuses every personal-data text of the corpus with its kind, in cotilleo mode too'
);

select * from finish();
rollback;
