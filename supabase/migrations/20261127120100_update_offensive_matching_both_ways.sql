-- The offensive-word filter, made to hold both ways: harder to get around, and no longer
-- refusing ordinary words that merely contain a listed one.
--
-- Around it: a repeated letter (idiiiiota), one look-alike letter of another script (Cyrillic
-- і, Greek ο: private.fold_confusables, generated from Unicode's confusables data), symbols and
-- digits standing for letters inside a word (idi*ta, !d!ota, 1d10t4, h@), letters spelled
-- apart (i d i o t a, i.d.i.o.t.a).
-- Ordinary words: a listed word matches whole words only, so "Rosi dio tarta" is not "idiota"
-- and "computadora" is not "puta" (tests: supabase/tests/corpus/text-rules.json and the
-- Spanish word list, pgTAP 210-211).
--
-- How: each listed word is stored with a regular expression (column `pattern`, kept by
-- PostgreSQL): a run of k equal letters matches k or more of them, any letter also matches a
-- `*`, spaces between words are optional. The text is folded once (private.fold_for_filter)
-- into its forms (punctuation inside words dropped | punctuation as spaces | single letters
-- spelled apart joined) and all patterns are tried in one regular expression between word
-- boundaries; only a text that matches is checked word by word to name the words.
--
-- Cost: private.normalize_text refuses text over 64 KiB (`text_too_long`) before any regular
-- expression runs, so every rule that normalises (content, tags, country, report reasons,
-- display names) costs the same for 10 MB as for 64 KiB; find_offensive_words refuses more
-- than 16,000 bytes (the content limit, 4,000 code points of up to 4 bytes) the same way.

create or replace function private.normalize_text(p_text text)
returns text
language plpgsql
immutable
security invoker
set search_path = ''
as $$
begin
  -- octet_length reads the stored size: constant time whatever the text.
  if octet_length(p_text) > 65536 then
    raise exception 'text_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max_bytes', 65536)::text;
  end if;
  return btrim(
    regexp_replace(
      regexp_replace(
        regexp_replace(
          normalize(coalesce(p_text, ''), nfkc),
          '[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\u2800\u3164\uFE00-\uFE0D\uFEFF\uFFA0]',
          '', 'g'
        ),
        '\u200D(?![\U0001F000-\U0001FAFF\u2600-\u27BF\u2640\u2642\u2695\u2708\u2764])', '', 'g'
      ),
      '[\u0009\u000B\u000C\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]', ' ', 'g'
    ),
    e' \r\n'
  );
end;
$$;
comment on function private.normalize_text(text) is 'NFKC, zero-width/bidi/blank characters removed, every space a plain space, trimmed; over 64 KiB raises text_too_long before any work.';

-- The folded form: lower case, accents gone (ñ kept: "año" is not "ano"), look-alike letters
-- of other scripts as Latin, and inside a word that has letters, digits and symbols read as
-- the letters they stand for (a trailing "!" is punctuation, a "*" between letters stays as a
-- wildcard). Punctuation inside words is dropped, so "i.d.i.o.t.a" and "c4beza-hueca" keep
-- their letters together; private.filter_forms adds the other readings of the text.
create or replace function private.fold_normalized(p_text text)
returns text
language plpgsql
immutable
security invoker
set search_path = ''
as $$
declare
  v_text text := translate(
    lower(private.fold_confusables(p_text)),
    'áàâäãåāăąéèêëēĕėęěíìîïīĭįóòôöõøōŏőúùûüūŭůűųýÿçćčďđğłńňŕřśšşťţźżž',
    'aaaaaaaaaeeeeeeeeeiiiiiiiooooooooouuuuuuuuuyycccddglnnrrsssttzzz'
  );
begin
  -- Only words that mix letters with digits or symbols are read letter by letter.
  if v_text ~ '[a-zñ][0-9@$!|*]|[0-9@$!|*][a-zñ]' then
    select string_agg(
      case
        when w.word ~ '[a-zñ]' and w.word ~ '[0-9@$!|*]'
          then translate(btrim(rtrim(w.word, '!.,;:?'), '*'), '013457@$!|', 'oieastasil')
        else w.word
      end,
      ' ' order by w.n
    )
    into v_text
    from regexp_split_to_table(v_text, ' ') with ordinality as w(word, n);
  end if;
  v_text := regexp_replace(v_text, '[^a-zñ0-9* ]', '', 'g');
  -- A "*" is a letter only between letters: "****" or a trailing "*" is not a word.
  if strpos(v_text, '*') > 0 then
    v_text := regexp_replace(v_text, '(?<![a-zñ*])\*+|\*+(?![a-zñ*])', '', 'g');
  end if;
  return btrim(regexp_replace(v_text, ' +', ' ', 'g'));
end;
$$;
comment on function private.fold_normalized(text) is 'private.fold_for_filter of a text already normalised (private.normalize_text).';

create or replace function private.fold_for_filter(p_text text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select private.fold_normalized(private.normalize_text(p_text));
$$;
comment on function private.fold_for_filter(text) is 'The folded form the offensive-word filter compares: lower case, no accents, look-alike letters as Latin, digits and symbols inside words as letters, punctuation inside words dropped.';

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
comment on function private.filter_forms(text) is 'The readings of a text the offensive-word patterns are tried on, separated by "|": folded, punctuation as spaces, single letters spelled apart joined.';

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
comment on function private.offensive_word_pattern(text) is 'The regular expression a folded listed word matches: repeated letters and "*" wildcards allowed, spaces optional.';

-- Refold the stored forms with the new fold and add the pattern (generated columns are
-- recomputed when their expression is rebuilt).
alter table public.offensive_words drop column folded, drop column folded_compact;
alter table public.offensive_words
  add column folded text generated always as (private.fold_for_filter(word)) stored,
  add column pattern text generated always as (private.offensive_word_pattern(private.fold_for_filter(word))) stored;
comment on column public.offensive_words.folded is 'The word in the folded form the filter compares (private.fold_for_filter), kept by PostgreSQL.';
comment on column public.offensive_words.pattern is 'The regular expression the word matches in a folded text (private.offensive_word_pattern), kept by PostgreSQL.';

-- The list as one regular expression, one group per word, kept in a one-row table by a
-- statement trigger on the list: building it on every call (74 patterns aggregated and
-- sorted) cost ~0.1 ms, more than the matching itself. Its text is the same on every call, so
-- PostgreSQL's regex cache keeps it compiled.
create table private.offensive_word_matcher (
  id boolean primary key default true check (id),
  words text[] not null,
  regex text
);
comment on table private.offensive_word_matcher is 'The offensive-word list as one regular expression (a group per word, in the order of `words`), refreshed by a trigger on public.offensive_words.';
revoke all on table private.offensive_word_matcher from public, anon, authenticated;
-- find_offensive_words runs as its caller (security invoker).
grant select on table private.offensive_word_matcher to anon, authenticated;
grant all on table private.offensive_word_matcher to service_role;

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
comment on function private.refresh_offensive_word_matcher() is 'Trigger: rebuilds private.offensive_word_matcher after any change to the offensive-word list.';
revoke execute on function private.refresh_offensive_word_matcher() from public, anon, authenticated, service_role;

create trigger offensive_words_after_insert_or_update_refresh_matcher
  after insert or update on public.offensive_words
  for each statement execute function private.refresh_offensive_word_matcher();
-- (a truncate empties the list too)
create trigger offensive_words_after_delete_refresh_matcher
  after delete or truncate on public.offensive_words
  for each statement execute function private.refresh_offensive_word_matcher();

insert into private.offensive_word_matcher (id, words, regex)
select true,
       coalesce(array_agg(o.word order by o.word), '{}'::text[]),
       '(?:^|[^a-zñ0-9*])(?:(' || string_agg(o.pattern, ')|(' order by o.word) || '))(?=$|[^a-zñ0-9*])'
from public.offensive_words o
where o.pattern <> '';

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
comment on function public.find_offensive_words(text) is 'The list words the text contains as whole words, in folded form (case, accents, look-alike letters, repeated letters, symbols for letters, letters spelled apart), sorted; over 16,000 bytes raises text_too_long.';

revoke execute on function private.fold_normalized(text) from public;
revoke execute on function private.filter_forms(text) from public;
revoke execute on function private.offensive_word_pattern(text) from public;
grant execute on function private.fold_normalized(text) to anon, authenticated, service_role;
grant execute on function private.filter_forms(text) to anon, authenticated, service_role;
grant execute on function private.offensive_word_pattern(text) to anon, authenticated, service_role;
