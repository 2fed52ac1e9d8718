-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

create or replace function private.strip_markup(p_text text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select btrim(
    regexp_replace(
      regexp_replace(
        regexp_replace(coalesce(p_text, ''), '<script\y.*?</script\s*>', '', 'gi'),
        '<!--.*?-->', '', 'g'
      ),
      '</?[A-Za-z][A-Za-z0-9:-]*(\s[^<>]*)?/?>', '', 'g'
    ),
    e' \t\r\n'
  );
$$;
revoke all on function private.strip_markup(text) from public, anon, authenticated, service_role;
grant execute on function private.strip_markup(text) to anon;
grant execute on function private.strip_markup(text) to authenticated;
grant execute on function private.strip_markup(text) to service_role;
comment on function private.strip_markup(text) is 'Removes <script> blocks, HTML comments and real tags (not lone < or >), then trims.';

create or replace function private.visible_length(p_text text)
returns int
language sql
immutable
security invoker
set search_path = ''
as $$
  select char_length(
    regexp_replace(
      regexp_replace(
        coalesce(p_text, ''),
        '[\uFE0E\uFE0F\u20E3\u0300-\u036F\U0001F3FB-\U0001F3FF\U000E0020-\U000E007F]|\u200D.', '', 'g'
      ),
      '([\U0001F1E6-\U0001F1FF])[\U0001F1E6-\U0001F1FF]', '\1', 'g'
    )
  );
$$;
revoke all on function private.visible_length(text) from public, anon, authenticated, service_role;
grant execute on function private.visible_length(text) to anon;
grant execute on function private.visible_length(text) to authenticated;
grant execute on function private.visible_length(text) to service_role;
comment on function private.visible_length(text) is 'Length as a person counts it: common emoji sequences count as one character.';

-- Refuses personal data with its own key (both modes).
create or replace function private.assert_no_personal_data(p_text text)
returns void
language plpgsql
immutable
security invoker
set search_path = ''
as $$
declare
  v_kind text := private.find_personal_data(p_text);
begin
  if v_kind is not null then
    raise exception 'content_personal_data' using errcode = 'P0001',
      detail = jsonb_build_object('kind', v_kind)::text;
  end if;
end;
$$;
revoke all on function private.assert_no_personal_data(text) from public, anon, authenticated, service_role;
grant execute on function private.assert_no_personal_data(text) to anon;
grant execute on function private.assert_no_personal_data(text) to authenticated;
grant execute on function private.assert_no_personal_data(text) to service_role;
comment on function private.assert_no_personal_data(text) is 'Raises content_personal_data with the kind found (email, link, phone, handle).';

-- The offensive-word filter holds both ways: hard to get around, and it does not refuse
-- ordinary words that merely contain a listed one.
--
-- Around it: a repeated letter (idiiiiota), one look-alike letter of another script (Cyrillic
-- і, Greek ο: private.fold_confusables, generated from Unicode's confusables data), symbols and
-- digits standing for letters inside a word (idi*ta, !d!ota, 1d10t4, h@), letters spelled
-- apart (i d i o t a, i.d.i.o.t.a).
-- Ordinary words: a listed word matches whole words only, so "Rosi dio tarta" is not "idiota"
-- and "computadora" is not "puta" (tests: supabase/tests/corpus/text-rules.json and the
-- Spanish word list, pgTAP 007-text-rules-corpus and 007-text-rules-spanish-words).
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
revoke all on function private.normalize_text(text) from public, anon, authenticated, service_role;
grant execute on function private.normalize_text(text) to anon;
grant execute on function private.normalize_text(text) to authenticated;
grant execute on function private.normalize_text(text) to service_role;
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
revoke all on function private.fold_normalized(text) from public, anon, authenticated, service_role;
grant execute on function private.fold_normalized(text) to anon;
grant execute on function private.fold_normalized(text) to authenticated;
grant execute on function private.fold_normalized(text) to service_role;
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
revoke all on function private.fold_for_filter(text) from public, anon, authenticated, service_role;
grant execute on function private.fold_for_filter(text) to anon;
grant execute on function private.fold_for_filter(text) to authenticated;
grant execute on function private.fold_for_filter(text) to service_role;
comment on function private.fold_for_filter(text) is 'The folded form the offensive-word filter compares: lower case, no accents, look-alike letters as Latin, digits and symbols inside words as letters, punctuation inside words dropped.';

-- The personal-data guard ("No compartas información personal"), made to hold both ways.
--
-- Around it: phones written with any separators (600.123.456, double spaces, " - ", slashes,
-- parentheses), with the letter O for a zero (6OO 123 456) or split into groups (600123 456);
-- e-mails written (at) / [at] / arroba and (dot) / [dot] / punto; handles as "ig: usuario",
-- "telegram: usuario", "tg: usuario", "instagram usuario_22" and any @handle of 3+ characters.
-- Four kinds that dodge a plain pattern are closed as kinds, not strings:
--   * digits spelled out in words ("seis uno dos 345 678"): the digit words cero…nueve (and
--     una) become digits before the phone rule runs (private.spell_out_digits);
--   * a phone split by words ("llámame al 612345 y después 678"): groups of 3 or more digits
--     joined by at most three short words count together (private.find_phone);
--   * an e-mail with no dot-domain ("mariagarcia arroba hotmail"): @ / arroba / at before a
--     mail provider's name, or arroba after an address-like name (a dot, underscore or digit);
--   * a handle inside a tag or a word ("#ig_maria", "tiktok.lachismosa"): a network's name
--     joined to a name by _ . or -.
-- Ordinary words stay ordinary: "uno de cada tres", "una arroba de trigo", "#igualdad",
-- "#instagram", "la habitación 305 y la 306" (the corpus keeps them).
-- Ordinary numbers: dates (12/05/2023, 2023-05-12), times (14:30, 9h30), years (2019 2020
-- 2021), money (1.500 €, $200, 30 euros, 100.000.000) and percentages are set aside first, so
-- "los años 2019 2020 2021 fueron duros" is not a phone. A phone is then any run of 9 or more
-- digits joined by separators only.
--
-- web/src/lib/text-rules.ts holds the same steps with the same expressions for the warning
-- while typing; supabase/tests/corpus/text-rules.json is read by both test suites (pgTAP 007-text-rules-corpus,
-- web/src/lib/text-rules.corpus.test.ts), so the two cannot drift apart.
--
-- Cost: over 16,000 bytes (the content limit) raises text_too_long before any expression runs.

-- What is not a phone, in order: money, dates, times, years, round amounts.
create or replace function private.mask_ordinary_numbers(p_text text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
    p_text,
    '[$€£]\s?\d[\d.,]*|\d[\d.,]*\s?(?:€|\$|%|(?:eur|euros?|pesos?|d[oó]lares?|usd|soles?|mil|millones?|k)(?![[:alnum:]]))', ' # ', 'gi'),
    '(?<![\d/.-])(?:0?[1-9]|[12]\d|3[01])[/.-](?:0?[1-9]|1[0-2])[/.-](?:\d{4}|\d{2})(?![/.-]?\d)', ' # ', 'g'),
    '(?<![\d/.-])\d{4}-\d{1,2}-\d{1,2}(?![/.-]?\d)', ' # ', 'g'),
    '(?<![\d:])\d{1,2}(?::\d{2}){1,2}(?![\d:])|(?<!\d)\d{1,2}h\d{2}(?!\d)', ' # ', 'gi'),
    '(?<![\d.,/-])(?:1[89]|20)\d{2}(?![.,/-]?\d)', ' # ', 'g'),
    '(?<![\d.,])\d{1,3}(?:[.,]\d{3})*[.,]000(?![.,]?\d)', ' # ', 'g');
$$;
revoke all on function private.mask_ordinary_numbers(text) from public, anon, authenticated, service_role;
grant execute on function private.mask_ordinary_numbers(text) to anon;
grant execute on function private.mask_ordinary_numbers(text) to authenticated;
grant execute on function private.mask_ordinary_numbers(text) to service_role;
comment on function private.mask_ordinary_numbers(text) is 'Replaces money, dates, times, years and round amounts with " # ", so that only phone-like digits remain.';

-- The digit words (cero…nueve, and "una"/"uno") as digits, so a phone written partly in words
-- meets the phone rule; any other word is left alone.
create or replace function private.spell_out_digits(p_text text)
returns text
language plpgsql
immutable
security invoker
set search_path = ''
as $$
declare
  v_text text := p_text;
  v_word text;
  v_digit int := 0;
begin
  if v_text !~* '(?:cero|uno|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve)' then
    return v_text;
  end if;
  foreach v_word in array array['cero', 'un[oa]', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve'] loop
    v_text := regexp_replace(v_text, '(?<![[:alnum:]])' || v_word || '(?![[:alnum:]])', v_digit::text, 'gi');
    v_digit := v_digit + 1;
  end loop;
  return v_text;
end;
$$;
revoke all on function private.spell_out_digits(text) from public, anon, authenticated, service_role;
grant execute on function private.spell_out_digits(text) to anon;
grant execute on function private.spell_out_digits(text) to authenticated;
grant execute on function private.spell_out_digits(text) to service_role;
comment on function private.spell_out_digits(text) is 'The digit words cero…nueve (and una) replaced by their digits, for the phone rule.';

create or replace function private.find_phone(p_text text)
returns boolean
language plpgsql
immutable
security invoker
set search_path = ''
as $$
declare
  v_text text := private.spell_out_digits(p_text);
begin
  if v_text !~ '\d' then
    return false;
  end if;
  -- The letter O for a zero, in a word of only digits, O's and separators.
  if v_text ~* '\d[o]|[o]\d' then
    select string_agg(
      case when w.word ~* '^[+(]?[\do().\-/]*$' then translate(w.word, 'oO', '00') else w.word end,
      ' ' order by w.n)
    into v_text
    from regexp_split_to_table(v_text, '\s') with ordinality as w(word, n);
  end if;
  v_text := private.mask_ordinary_numbers(v_text);
  -- A run is digits joined by separators; a chain is runs joined by one to three short words.
  -- A phone is a chain whose runs of 3 or more digits hold 9 or more digits together (one run
  -- of 9 is a chain of one).
  return exists (
    select 1
    from regexp_matches(v_text,
      '\d(?:[\s.\-–—/()\[\]_·,|]*\d)*(?:(?:[\s,;:]+[[:alpha:]]{1,15}){1,3}[\s,;:]+\d(?:[\s.\-–—/()\[\]_·,|]*\d)*)*', 'g') as m
    where (
      select coalesce(sum(r.digits), 0)
      from (
        select char_length(regexp_replace(part, '\D', '', 'g')) as digits
        from regexp_split_to_table(m[1], '(?:[\s,;:]+[[:alpha:]]{1,15}){1,3}[\s,;:]+') as part
      ) r
      where r.digits >= 3
    ) >= 9
  );
end;
$$;
revoke all on function private.find_phone(text) from public, anon, authenticated, service_role;
grant execute on function private.find_phone(text) to anon;
grant execute on function private.find_phone(text) to authenticated;
grant execute on function private.find_phone(text) to service_role;
comment on function private.find_phone(text) is 'Whether a normalised text holds a phone: 9 or more digits (digit words counted) joined by separators or, in groups of 3 or more, by up to three short words, once dates, times, years and money are set aside.';

create or replace function private.find_personal_data(p_text text)
returns text
language plpgsql
immutable
security invoker
set search_path = ''
as $$
declare
  v_text text;
begin
  if octet_length(p_text) > 16000 then
    raise exception 'text_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max_bytes', 16000)::text;
  end if;
  v_text := private.normalize_text(p_text);
  if v_text ~* '[[:alnum:]._%+-]+\s*(?:@|[(\[{]\s*(?:at|arroba)\s*[)\]}]|\s(?:arroba)\s)\s*[[:alnum:]-]+(?:\s*(?:\.|[(\[{]\s*(?:dot|punto)\s*[)\]}]|\s(?:dot|punto)\s)\s*[[:alnum:]-]+)*\s*(?:\.|[(\[{]\s*(?:dot|punto)\s*[)\]}]|\s(?:dot|punto)\s)\s*[[:alpha:]]{2,}' then
    return 'email';
  end if;
  -- no dot-domain: a mail provider's name after @ / arroba / at, or arroba after an
  -- address-like name
  if v_text ~* '[[:alnum:]._%+-]{2,}\s*(?:@|\s(?:arroba|at)\s|[(\[{]\s*(?:at|arroba)\s*[)\]}])\s*(?:g\s?mail|hotmail|outlook|yahoo|icloud|live|proton(?:mail)?|yandex|aol|msn|gmx)(?![[:alnum:]])'
     or v_text ~* '(?:^|[^[:alnum:]._%+-])(?=[[:alnum:]._%+-]*[._[:digit:]])[[:alnum:]._%+-]{3,}\s*(?:\s(?:arroba)\s|[(\[{]\s*arroba\s*[)\]}])\s*[[:alnum:]-]{3,}' then
    return 'email';
  end if;
  if v_text ~* '(?:https?://|www\.|(?:^|[^[:alnum:]])(?:t\.me|wa\.me|bit\.ly|linktr\.ee)/)'
     or v_text ~* '(?:^|[^[:alnum:]-])[[:alnum:]-]{2,}\.(?:com|net|org|es|mx|ar|co|cl|pe|uy|ve|ec|bo|py|io|me|ly|gg|info|xyz|app|link|tv|site|online)(?![[:alnum:]])' then
    return 'link';
  end if;
  if private.find_phone(v_text) then
    return 'phone';
  end if;
  if v_text ~ '(?:^|[^[:alnum:]_.])@[[:alnum:]_.]{3,30}'
     or v_text ~* '(?:^|[^[:alnum:]])(?:ig|insta|instagram|telegram|tg|tiktok|twitter|snap|snapchat|facebook|fb|onlyfans|discord)\s*[:=]\s*@?[[:alnum:]_.]{3,30}'
     or v_text ~* '(?:^|[^[:alnum:]])(?:ig|insta|instagram|telegram|tg|tiktok|twitter|snapchat)\s+@?(?=[[:alnum:]_.]*[_\d])(?=[[:alnum:]_.]*[[:alpha:]])[[:alnum:]_.]{3,30}'
     -- a network's name joined to a name, as a tag or a word: #ig_maria, tiktok.lachismosa
     or v_text ~* '(?:^|[^[:alnum:]_.])#?(?:ig|insta|instagram|telegram|tg|tiktok|twitter|snap|snapchat|facebook|fb|onlyfans|discord)[_.-]+[[:alnum:]_.]{3,30}' then
    return 'handle';
  end if;
  return null;
end;
$$;
revoke all on function private.find_personal_data(text) from public, anon, authenticated, service_role;
grant execute on function private.find_personal_data(text) to anon;
grant execute on function private.find_personal_data(text) to authenticated;
grant execute on function private.find_personal_data(text) to service_role;
comment on function private.find_personal_data(text) is 'The kind of personal data a text carries (email, link, phone, handle), or null; over 16,000 bytes raises text_too_long.';

-- Public check for the web's warning while typing (same rule the triggers apply); the cap is
-- the private function's.
create or replace function public.find_personal_data(p_text text)
returns text
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  -- a deleted account's token is not_authenticated here too (private.require_user)
  if auth.uid() is not null then
    perform private.require_user();
  end if;
  return private.find_personal_data(p_text);
end;
$$;
revoke all on function public.find_personal_data(text) from public, anon, authenticated, service_role;
grant execute on function public.find_personal_data(text) to authenticated;
grant execute on function public.find_personal_data(text) to service_role;
comment on function public.find_personal_data(text) is 'The kind of personal data a text carries (email, link, phone, handle), or null; the rule the database applies to every shown text; over 16,000 bytes raises text_too_long.';

-- Every text shown to others passes the same rules, and no rule reads more than its limit.
--
-- 1. Tags and the free-text country are shown in feeds like the content, so chismes'
--    tags and country, comments' country and country logs go through the personal-data guard
--    (both modes) and the offensive-word filter (casual mode; a country log has no mode, so
--    always), through private.assert_shown_text: keys content_personal_data {"kind", "field"}
--    and content_offensive {"words", "field"}, field "tags" or "country" (the content's own
--    refusals keep their detail without a field).
-- 2. Raw sizes are checked first, in constant time (octet_length reads the stored size), in
--    the RPCs and again in the rule steps, before any normalising or matching: content
--    over 16,000 bytes (4,000 code points of up to 4 bytes, the code-point backstop of
--    10-profiles.sql) answers the content_too_long key, a country over 1,000 bytes
--    country_too_long, a tag over 1,000 bytes chisme_tag_too_long, more than 20 raw tags
--    chisme_tags_too_many, the tags argument over 16,000 bytes chisme_tag_too_long; an
--    over-long id, age, gender or mode is replaced by an invalid value of a few bytes, so it
--    gets the key a malformed value gets. 10 MB is refused in the time 100 bytes is.

-- Refuses personal data (always) and listed words (when asked) in a shown text other than the
-- content, naming the field.
create or replace function private.assert_shown_text(p_text text, p_field text, p_filter_words boolean)
returns void
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_kind text;
  v_words text[];
begin
  if coalesce(p_text, '') = '' then
    return;
  end if;
  v_kind := private.find_personal_data(p_text);
  if v_kind is not null then
    raise exception 'content_personal_data' using errcode = 'P0001',
      detail = jsonb_build_object('kind', v_kind, 'field', p_field)::text;
  end if;
  if p_filter_words then
    v_words := public.find_offensive_words(p_text);
    if cardinality(v_words) > 0 then
      raise exception 'content_offensive' using errcode = 'P0001',
        detail = jsonb_build_object('words', to_jsonb(v_words), 'field', p_field)::text;
    end if;
  end if;
end;
$$;
revoke all on function private.assert_shown_text(text,text,boolean) from public, anon, authenticated, service_role;
grant execute on function private.assert_shown_text(text,text,boolean) to anon;
grant execute on function private.assert_shown_text(text,text,boolean) to authenticated;
grant execute on function private.assert_shown_text(text,text,boolean) to service_role;
comment on function private.assert_shown_text(text, text, boolean) is 'Raises content_personal_data or (when asked) content_offensive for a shown text other than the content, with the field''s name.';

create or replace function private.normalize_tags(p_tags text[])
returns text[]
language plpgsql
immutable
security invoker
set search_path = ''
as $$
declare
  v_tags text[] := '{}'::text[];
  v_tag text;
begin
  -- Raw sizes first (constant time): no tag is normalised past these.
  if cardinality(p_tags) > 20 then
    raise exception 'chisme_tags_too_many' using errcode = 'P0001',
      detail = jsonb_build_object('max', 3)::text;
  end if;
  if exists (select 1 from unnest(p_tags) t where octet_length(t) > 1000) then
    raise exception 'chisme_tag_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 20)::text;
  end if;
  foreach v_tag in array coalesce(p_tags, '{}'::text[]) loop
    v_tag := btrim(ltrim(private.strip_markup(private.normalize_text(v_tag)), '#'));
    continue when v_tag = '';
    if private.visible_length(v_tag) > 20 then
      raise exception 'chisme_tag_too_long' using errcode = 'P0001',
        detail = jsonb_build_object('max', 20, 'tag', v_tag)::text;
    end if;
    v_tag := '#' || v_tag;
    if not v_tag = any (v_tags) then
      v_tags := v_tags || v_tag;
    end if;
  end loop;
  if cardinality(v_tags) > 3 then
    raise exception 'chisme_tags_too_many' using errcode = 'P0001',
      detail = jsonb_build_object('max', 3)::text;
  end if;
  return v_tags;
end;
$$;
revoke all on function private.normalize_tags(text[]) from public, anon, authenticated, service_role;
grant execute on function private.normalize_tags(text[]) to anon;
grant execute on function private.normalize_tags(text[]) to authenticated;
grant execute on function private.normalize_tags(text[]) to service_role;
comment on function private.normalize_tags(text[]) is 'Validates and normalises chisme tags (raw size first, normalised text, ≤ 3, ≤ 20 visible characters, leading #).';

-- The rules a chisme and a comment share, in one place (their own steps keep what differs:
-- a chisme's fields a client may not choose; a comment's chisme, parent and depth). Keys and
-- limits are the caller's; the order is the one both followed:
--   raw sizes (constant time) → content normalised and stripped of markup → too short (below
--   p_min_length visible characters, or empty) → over 400 visible characters → gender →
--   years (13, or 18 in cotilleo mode, to p_max_years) → tags normalised (chismes) → country
--   normalised (required, or 'unknow' when p_country_required_key is null) and ≤ 100 → the
--   4,000-code-point backstop → personal data in the content → listed words in the content
--   (casual mode) → personal data and listed words in the tags and the country.
create or replace function private.check_post_rules(
  p_content text,
  p_gender text,
  p_years int,
  p_country text,
  p_tags text[],
  p_cotilleo boolean,
  p_min_length int,
  p_max_years int,
  p_too_short_key text,
  p_too_long_key text,
  p_gender_key text,
  p_years_key text,
  p_country_required_key text,
  out o_content text,
  out o_country text,
  out o_tags text[]
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_min_years int := case when p_cotilleo then 18 else 13 end;
  v_words text[];
begin
  perform private.assert_raw_text_sizes(p_content, p_too_long_key, p_country);

  o_content := private.strip_markup(private.normalize_text(p_content));
  if o_content = '' or private.visible_length(o_content) < p_min_length then
    if p_min_length > 0 then
      raise exception '%', p_too_short_key using errcode = 'P0001',
        detail = jsonb_build_object('min', p_min_length)::text;
    end if;
    raise exception '%', p_too_short_key using errcode = 'P0001';
  end if;
  if private.visible_length(o_content) > 400 then
    raise exception '%', p_too_long_key using errcode = 'P0001',
      detail = jsonb_build_object('max', 400)::text;
  end if;

  if p_gender is null or p_gender not in ('Hombre', 'Mujer', 'Prefiero no decirlo') then
    raise exception '%', p_gender_key using errcode = 'P0001',
      detail = jsonb_build_object('allowed', jsonb_build_array('Hombre', 'Mujer', 'Prefiero no decirlo'))::text;
  end if;

  if p_years is null or p_years not between v_min_years and p_max_years then
    raise exception '%', p_years_key using errcode = 'P0001',
      detail = jsonb_build_object('min', v_min_years, 'max', p_max_years)::text;
  end if;

  if p_tags is not null then
    o_tags := private.normalize_tags(p_tags);
  end if;
  o_country := private.strip_markup(private.normalize_text(p_country));
  if o_country = '' then
    if p_country_required_key is not null then
      raise exception '%', p_country_required_key using errcode = 'P0001';
    end if;
    o_country := 'unknow';
  end if;
  if char_length(o_country) > 100 then
    raise exception 'country_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 100)::text;
  end if;

  if char_length(o_content) > 4000 then
    raise exception '%', p_too_long_key using errcode = 'P0001',
      detail = jsonb_build_object('max', 400)::text;
  end if;

  -- Every text others see: content, tags and country.
  perform private.assert_no_personal_data(o_content);
  if not p_cotilleo then
    v_words := public.find_offensive_words(o_content);
    if cardinality(v_words) > 0 then
      raise exception 'content_offensive' using errcode = 'P0001',
        detail = jsonb_build_object('words', to_jsonb(v_words))::text;
    end if;
  end if;
  if o_tags is not null then
    perform private.assert_shown_text(array_to_string(o_tags, ' '), 'tags', not p_cotilleo);
  end if;
  if p_country_required_key is not null or o_country <> 'unknow' then
    perform private.assert_shown_text(o_country, 'country', not p_cotilleo);
  end if;
end;
$$;
revoke all on function private.check_post_rules(text,text,integer,text,text[],boolean,integer,integer,text,text,text,text,text) from public, anon, authenticated, service_role;
comment on function private.check_post_rules(text, text, int, text, text[], boolean, int, int, text, text, text, text, text) is 'The rules chismes and comments share (raw sizes, normalised content and its length, gender, years, tags, country, code points, personal data, listed words), with the caller''s keys and limits; returns the normalised content, country and tags.';
