-- Bounded cost for text: every RPC and text rule refuses text past its limit before
-- normalising or matching, so 10 MB costs what 20 KB costs (octet_length reads the stored
-- size). Each call below gets an incompressible 10 MB argument (built before the clock starts)
-- and must answer its stable key in under 100 ms of database time (it takes well under 1 ms;
-- before the caps, 10 MB took 2-8 s, or 57014 after the statement timeout).
begin;
select plan(23);

select tests.create_supabase_user('cost_author');
select tests.lift_rate_limits();
create temp table big on commit drop as
  select string_agg(md5(g::text), '') as v from generate_series(1, 327680) as g;
grant select on big to authenticated;

-- The key a statement raises with $1 = p_arg, and the least time of three tries (the machine
-- may be busy; the least is what the statement itself costs).
create function pg_temp.refusal(p_sql text, p_arg text) returns jsonb language plpgsql as $$
declare
  -- An in-memory copy, as PostgREST passes an argument (the table's value is compressed and
  -- stored out of line: reading it back is the harness's cost, not the statement's).
  v_arg text := p_arg || '';
  v_start timestamptz;
  v_answer jsonb;
  v_least numeric;
begin
  for v_try in 1..3 loop
    v_start := clock_timestamp();
    begin
      execute p_sql using v_arg;
      v_answer := jsonb_build_object('key', null);
    exception when others then
      v_answer := jsonb_build_object('key', sqlerrm, 'state', sqlstate);
    end;
    v_least := least(v_least, extract(epoch from clock_timestamp() - v_start) * 1000);
  end loop;
  return v_answer || jsonb_build_object('ms', v_least);
end;
$$;
-- New functions are executable by nobody until granted (00-schemas.sql).
grant execute on function pg_temp.refusal(text, text) to anon, authenticated;

select is((select octet_length(v) from big), 10485760, 'the argument is 10 MB');

-- Act as a signed-in user (a chisme to comment on first).
select tests.authenticate_as('cost_author');
select tests.arrange($arrange$ select set_config('test.chisme', (select id::text from tests.create_chisme('Mujer', '30', 'Un chisme para comentar', null, 'ES', 'true')), true) $arrange$);

create temp table paths on commit drop as
  select * from (values
    ('find_offensive_words', 'select public.find_offensive_words($1)', 'text_too_long'),
    ('find_personal_data', 'select public.find_personal_data($1)', 'text_too_long'),
    ('create_chisme content', 'select public.create_chisme(''Mujer'', ''30'', $1, null, ''ES'', ''false'')', 'chisme_content_too_long'),
    ('create_chisme country', 'select public.create_chisme(''Mujer'', ''30'', ''Un chisme normal'', null, $1, ''false'')', 'country_too_long'),
    ('create_chisme tags', 'select public.create_chisme(''Mujer'', ''30'', ''Un chisme normal'', jsonb_build_array($1), ''ES'', ''false'')', 'chisme_tag_too_long'),
    ('create_chisme years', 'select public.create_chisme(''Mujer'', $1, ''Un chisme normal'', null, ''ES'', ''false'')', 'chisme_years_out_of_range'),
    ('create_chisme gender', 'select public.create_chisme($1, ''30'', ''Un chisme normal'', null, ''ES'', ''false'')', 'chisme_gender_invalid'),
    ('add_comment content', 'select public.add_comment(current_setting(''test.chisme''), null, $1, ''Hombre'', ''30'', ''ES'')', 'comment_content_too_long'),
    ('add_comment country', 'select public.add_comment(current_setting(''test.chisme''), null, ''Hola'', ''Hombre'', ''30'', $1)', 'country_too_long'),
    ('add_comment chisme id', 'select public.add_comment($1, null, ''Hola'', ''Hombre'', ''30'', ''ES'')', 'chisme_not_found'),
    ('log_country', 'select public.log_country($1)', 'country_too_long')
  ) as r(what, statement, key);
grant select on paths to authenticated;
-- Warm up (first calls compile the functions) with 20 KB, over every limit, then 10 MB.
create temp table small_refusals on commit drop as
  select p.what, pg_temp.refusal(p.statement, (select left(v, 20000) from big)) as answer, p.key from paths p;
create temp table refusals on commit drop as
  select p.what, pg_temp.refusal(p.statement, (select v from big)) as answer, p.key from paths p;
grant select on small_refusals, refusals to authenticated;

select is_empty(
  $$ select what, answer ->> 'key', key from refusals where answer ->> 'key' is distinct from key $$,
  'every 10 MB argument is refused with its stable key (never 57014 or a 500)'
);
select is((select count(*)::int from refusals), 11, 'eleven paths were tried');
select diag('refused in (ms), 20 KB / 10 MB: ' || (select string_agg(r.what || ' ' || round((s.answer ->> 'ms')::numeric, 2) || ' / ' || round((r.answer ->> 'ms')::numeric, 2), ', ') from refusals r join small_refusals s using (what)));
select is_empty(
  $$ select what, answer ->> 'ms' from refusals where (answer ->> 'ms')::numeric >= 100 $$,
  'each refusal takes under 100 ms of database time'
);

-- Paths that reach the rule functions directly: the caps are theirs too.
select throws_ok($$ select private.normalize_text((select v from big)) $$, 'P0001', 'text_too_long', 'normalize_text refuses 10 MB before NFKC');
select throws_ok($$ select private.find_personal_data((select v from big)) $$, 'P0001', 'text_too_long', 'private.find_personal_data refuses 10 MB');
select throws_ok($$ select private.fold_for_filter((select v from big)) $$, 'P0001', 'text_too_long', 'fold_for_filter refuses 10 MB');
select throws_ok($$ select public.report_chisme(current_setting('test.chisme'), 'spam', (select v from big)) $$, 'P0001', 'text_too_long', 'a 10 MB report explanation is refused with a key');
-- Clients hold no table write privilege (00-schemas.sql); the trigger guards every other writer.
select tests.reset_role();
select throws_ok($$ insert into public.chismes (gender, years, content) values ('Mujer', 30, (select v from big)) $$, 'P0001', 'chisme_content_too_long', 'the rule trigger checks the raw size too (any write path)');
select tests.authenticate_as('cost_author');

-- Just inside the limits still passes: the caps are above every honest text.
select lives_ok($$ select public.find_offensive_words(repeat('ñ', 8000)) $$, 'find_offensive_words takes 16,000 bytes');
select lives_ok($$ select public.find_personal_data(repeat('ñ', 8000)) $$, 'find_personal_data takes 16,000 bytes');
select throws_ok($$ select public.find_offensive_words(repeat('ñ', 8000) || 'a') $$, 'P0001', 'text_too_long', 'find_offensive_words refuses one byte more');
select is(tests.error_detail($$ select public.find_offensive_words(repeat('ñ', 8001)) $$), '{"max_bytes": 16000}'::jsonb, 'the refusal says the limit');
select lives_ok($$ select public.create_chisme('Mujer', '30', repeat('👨‍👩‍👧', 400), null, 'ES', 'false') $$, '400 family emoji (7,200 bytes) are still a chisme');
select lives_ok($$ select public.create_chisme('Mujer', '30', repeat('🏴󠁧󠁢󠁳󠁣󠁴󠁿', 400), null, 'ES', 'false') $$, '400 tag-sequence flags (11,200 bytes) are still a chisme');
select throws_ok($$ select public.create_chisme('Mujer', '30', repeat('a', 16001), null, 'ES', 'false') $$, 'P0001', 'chisme_content_too_long', 'one byte over 16,000 is too long before any work');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Un chisme normal', to_jsonb(array_fill('x'::text, array[21])), 'ES', 'false') $$, 'P0001', 'chisme_tags_too_many', 'more than 20 raw tags are refused before normalising');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Un chisme normal', to_jsonb(array[repeat('x', 1001)]), 'ES', 'false') $$, 'P0001', 'chisme_tag_too_long', 'a raw tag over 1,000 bytes is refused before normalising');
select lives_ok($$ select public.create_chisme('Mujer', '30', 'Un chisme normal', to_jsonb(array['<b>' || repeat('x', 20) || '</b>']), 'ES', 'false') $$, 'a tag with markup within the raw limit is still judged on what remains');
select throws_ok($$ select public.add_comment(current_setting('test.chisme'), null, repeat('a', 16001), 'Hombre', '30', 'ES') $$, 'P0001', 'comment_content_too_long', 'comments: one byte over 16,000 is too long');
select throws_ok($$ select public.create_chisme('Mujer', '30', 'Un chisme normal', null, repeat('p', 1001), 'false') $$, 'P0001', 'country_too_long', 'a raw country over 1,000 bytes is too long');
select throws_ok($$ select public.update_my_profile((select v from big)) $$, 'P0001', 'text_too_long', 'a 10 MB display name is refused with a key');
select is((select count(*)::int from public.chismes c join public.chisme_authors a on a.chisme_id = c.id where a.user_id = tests.get_supabase_uid('cost_author')), 4, 'nothing refused was stored (the four accepted chismes only)');

select * from finish();
rollback;
