-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

-- A listed word's pattern: each run of k equal letters matches k or more (and any letter a "*"),
-- spaces between its words are optional.
create or replace function private.offensive_word_pattern(p_folded text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select coalesce(string_agg(
    case
      when m[1] ~ '^ +$' then ' *'
      when char_length(m[1]) = 1 then '[' || m[2] || '*]+'
      else '(?:' || m[2] || '|\*){' || char_length(m[1]) || ',}'
    end,
    '' order by n
  ), '')
  from regexp_matches(p_folded, '(([a-zñ0-9*])\2*| +)', 'g') with ordinality as r(m, n);
$$;
revoke all on function private.offensive_word_pattern(text) from public, anon, authenticated, service_role;
grant execute on function private.offensive_word_pattern(text) to anon;
grant execute on function private.offensive_word_pattern(text) to authenticated;
grant execute on function private.offensive_word_pattern(text) to service_role;
comment on function private.offensive_word_pattern(text) is 'The regular expression a folded listed word matches: repeated letters and "*" wildcards allowed, spaces optional.';

-- The offensive-word list for the casual-mode filter (spec §5): words stored trimmed and
-- lower-case, unique. Everyone may read it (the UI warns before submitting, as the original
-- client did with the whole list); only the service role manages it.
-- Each listed word is folded once, when it is stored (generated columns), not on every check:
-- find_offensive_words runs on every casual chisme and comment (and as the web's warning
-- while typing). Folding in the query (CTEs the planner inlines) ran `fold_for_filter` (NFKC,
-- three regular expressions, a translate) about five times per listed word per call, the
-- largest share of a comment's cost in the benchmark (docs/database-history.md, "Schema
-- comments"). So the folded forms are stored generated columns (fold_for_filter is
-- immutable), and the text being checked is folded once into a variable.
create table public.offensive_words (
  id uuid primary key default gen_random_uuid(),
  word text not null check (char_length(word) between 1 and 100 and word = lower(btrim(word))),
  created_at timestamptz not null default now(),
  constraint offensive_words_word_key unique (word),
  folded text generated always as (private.fold_for_filter(word)) stored,
  pattern text generated always as (private.offensive_word_pattern(private.fold_for_filter(word))) stored
);
alter table public.offensive_words enable row level security;
comment on table public.offensive_words is 'Words refused in casual-mode chismes and comments (case-insensitive substring match). Managed by the service role.';
comment on column public.offensive_words.folded is 'The word in the folded form the filter compares (private.fold_for_filter), kept by PostgreSQL.';
comment on column public.offensive_words.pattern is 'The regular expression the word matches in a folded text (private.offensive_word_pattern), kept by PostgreSQL.';
revoke all on table public.offensive_words from public, anon, authenticated, service_role;
grant all on table public.offensive_words to service_role;
grant select on table public.offensive_words to anon;
grant select on table public.offensive_words to authenticated;

create policy offensive_words_select_anon on public.offensive_words
  for select to anon
  using (true);
comment on policy offensive_words_select_anon on public.offensive_words is 'The list is public: the sign-in-free UI may warn before submitting.';

create policy offensive_words_select_authenticated on public.offensive_words
  for select to authenticated
  using (true);
comment on policy offensive_words_select_authenticated on public.offensive_words is 'Signed-in users read the list (the word check runs as the caller).';

-- Normalises the word and turns a duplicate into its own error key.
create or replace function private.normalize_offensive_word()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.word := lower(btrim(coalesce(new.word, '')));
  if new.word = '' then
    raise exception 'offensive_word_required' using errcode = 'P0001';
  end if;
  if exists (
    select 1 from public.offensive_words w
    where w.word = new.word and w.id is distinct from new.id
  ) then
    raise exception 'offensive_word_duplicate' using errcode = 'P0001',
      detail = jsonb_build_object('word', new.word)::text;
  end if;
  return new;
end;
$$;
revoke all on function private.normalize_offensive_word() from public, anon, authenticated, service_role;
comment on function private.normalize_offensive_word() is 'Trigger: trims and lower-cases the word; a duplicate raises offensive_word_duplicate.';

create trigger offensive_words_before_insert_or_update_normalize
  before insert or update of word on public.offensive_words
  for each row execute function private.normalize_offensive_word();

create or replace function public.add_offensive_word(p_word text)
returns public.offensive_words
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_row public.offensive_words;
begin
  insert into public.offensive_words (word) values (p_word) returning * into v_row;
  return v_row;
end;
$$;
revoke all on function public.add_offensive_word(text) from public, anon, authenticated, service_role;
grant execute on function public.add_offensive_word(text) to service_role;
comment on function public.add_offensive_word(text) is 'Service role: adds a word (trimmed, lower-cased; offensive_word_duplicate when present).';

create or replace function public.delete_offensive_word(p_word text)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
begin
  delete from public.offensive_words where word = lower(btrim(p_word));
  return found;
end;
$$;
revoke all on function public.delete_offensive_word(text) from public, anon, authenticated, service_role;
grant execute on function public.delete_offensive_word(text) to service_role;
comment on function public.delete_offensive_word(text) is 'Service role: removes a word; true when it was in the list.';

-- The readings of a text the patterns are tried on, separated by "|" (never inside a pattern):
-- the folded form; punctuation as spaces (so "c4beza-hu3ca" is also "cabeza hueca"); and runs of
-- three or more single letters joined ("i d i o t a" is "idiota").
create or replace function private.filter_forms(p_text text)
returns text
language plpgsql
immutable
security invoker
set search_path = ''
as $$
declare
  v_text text := private.normalize_text(p_text);
  v_folded text := private.fold_normalized(v_text);
  v_split text := v_folded;
  v_forms text;
begin
  -- Only punctuation between two letters or digits reads differently as a space.
  if v_text ~ '[[:alnum:]][^[:alnum:][:space:]*@$!|]+[[:alnum:]]' then
    v_split := private.fold_normalized(regexp_replace(v_text, '[^[:alnum:][:space:]*@$!|]+', ' ', 'g'));
  end if;
  v_forms := v_folded || '|' || v_split;
  if v_split ~ '(^| )[a-zñ*]( [a-zñ*]){2,}( |$)' then
    v_forms := v_forms || '|' || coalesce((
      select string_agg(replace(m[1], ' ', ''), '|')
      from regexp_matches(v_split, '(?:^| )([a-zñ*](?: [a-zñ*]){2,})(?= |$)', 'g') as m
    ), '');
  end if;
  return v_forms;
end;
$$;
revoke all on function private.filter_forms(text) from public, anon, authenticated, service_role;
grant execute on function private.filter_forms(text) to anon;
grant execute on function private.filter_forms(text) to authenticated;
grant execute on function private.filter_forms(text) to service_role;
comment on function private.filter_forms(text) is 'The readings of a text the offensive-word patterns are tried on, separated by "|": folded, punctuation as spaces, single letters spelled apart joined.';

-- The list as one regular expression, one group per word, kept in a one-row table by a
-- statement trigger on the list: building it on every call (every pattern aggregated and
-- sorted) cost more than the matching itself (docs/database-history.md, "Schema comments"). Its text is the same on every call, so
-- PostgreSQL's regex cache keeps it compiled.
create table private.offensive_word_matcher (
  id boolean primary key default true check (id),
  words text[] not null,
  regex text
);
revoke all on table private.offensive_word_matcher from public, anon, authenticated, service_role;
grant select on table private.offensive_word_matcher to anon;
grant select on table private.offensive_word_matcher to authenticated;
grant all on table private.offensive_word_matcher to service_role;
comment on table private.offensive_word_matcher is 'The offensive-word list as one regular expression (a group per word, in the order of `words`), refreshed by a trigger on public.offensive_words.';

create or replace function private.refresh_offensive_word_matcher()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  insert into private.offensive_word_matcher (id, words, regex)
  select true,
         coalesce(array_agg(o.word order by o.word), '{}'::text[]),
         '(?:^|[^a-zñ0-9*])(?:(' || string_agg(o.pattern, ')|(' order by o.word) || '))(?=$|[^a-zñ0-9*])'
  from public.offensive_words o
  where o.pattern <> ''
  on conflict (id) do update set words = excluded.words, regex = excluded.regex;
  return null;
end;
$$;
revoke all on function private.refresh_offensive_word_matcher() from public, anon, authenticated, service_role;
comment on function private.refresh_offensive_word_matcher() is 'Trigger: rebuilds private.offensive_word_matcher after any change to the offensive-word list.';

create trigger offensive_words_after_insert_or_update_refresh_matcher
  after insert or update on public.offensive_words
  for each statement execute function private.refresh_offensive_word_matcher();

-- (a truncate empties the list too)
create trigger offensive_words_after_delete_refresh_matcher
  after delete or truncate on public.offensive_words
  for each statement execute function private.refresh_offensive_word_matcher();

create or replace function public.find_offensive_words(p_text text)
returns text[]
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_matcher private.offensive_word_matcher;
  v_forms text;
begin
  -- a deleted account's token is not_authenticated here too (private.require_user)
  if auth.uid() is not null then
    perform private.require_user();
  end if;
  if octet_length(p_text) > 16000 then
    raise exception 'text_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max_bytes', 16000)::text;
  end if;
  select * into v_matcher from private.offensive_word_matcher m where m.id;
  if v_matcher.regex is null then
    return '{}'::text[];
  end if;
  v_forms := private.filter_forms(p_text);
  -- Most texts stop here: a match without groups runs on the regex engine's fast path.
  if v_forms !~ v_matcher.regex then
    return '{}'::text[];
  end if;
  -- The groups that matched name the words.
  return coalesce((
    select array_agg(distinct v_matcher.words[i] order by v_matcher.words[i])
    from regexp_matches(v_forms, v_matcher.regex, 'g') as m, generate_subscripts(m, 1) as i
    where m[i] is not null
  ), '{}'::text[]);
end;
$$;
revoke all on function public.find_offensive_words(text) from public, anon, authenticated, service_role;
grant execute on function public.find_offensive_words(text) to authenticated;
grant execute on function public.find_offensive_words(text) to service_role;
comment on function public.find_offensive_words(text) is 'The list words the text contains as whole words, in folded form (case, accents, look-alike letters, repeated letters, symbols for letters, letters spelled apart), sorted; over 16,000 bytes raises text_too_long.';
