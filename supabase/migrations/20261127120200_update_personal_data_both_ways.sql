-- The personal-data guard ("No compartas información personal"), made to hold both ways.
--
-- Around it: phones written with any separators (600.123.456, double spaces, " - ", slashes,
-- parentheses), with the letter O for a zero (6OO 123 456) or split into groups (600123 456);
-- e-mails written (at) / [at] / arroba and (dot) / [dot] / punto; handles as "ig: usuario",
-- "telegram: usuario", "tg: usuario", "instagram usuario_22" and any @handle of 3+ characters.
-- Ordinary numbers: dates (12/05/2023, 2023-05-12), times (14:30, 9h30), years (2019 2020
-- 2021), money (1.500 €, $200, 30 euros, 100.000.000) and percentages are set aside first, so
-- "los años 2019 2020 2021 fueron duros" is not a phone. A phone is then any run of 9 or more
-- digits joined by separators only.
--
-- web/src/lib/text-rules.ts holds the same steps with the same expressions for the warning
-- while typing; supabase/tests/corpus/text-rules.json is read by both test suites (pgTAP 210,
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
comment on function private.mask_ordinary_numbers(text) is 'Replaces money, dates, times, years and round amounts with " # ", so that only phone-like digits remain.';

create or replace function private.find_phone(p_text text)
returns boolean
language plpgsql
immutable
security invoker
set search_path = ''
as $$
declare
  v_text text := p_text;
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
  return exists (
    select 1
    from regexp_matches(v_text, '\d(?:[\s.\-–—/()\[\]_·,|]*\d)*', 'g') as m
    where char_length(regexp_replace(m[1], '\D', '', 'g')) >= 9
  );
end;
$$;
comment on function private.find_phone(text) is 'Whether a normalised text holds a phone: 9 or more digits joined only by separators, once dates, times, years and money are set aside.';

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
  if v_text ~* '(?:https?://|www\.|(?:^|[^[:alnum:]])(?:t\.me|wa\.me|bit\.ly|linktr\.ee)/)'
     or v_text ~* '(?:^|[^[:alnum:]-])[[:alnum:]-]{2,}\.(?:com|net|org|es|mx|ar|co|cl|pe|uy|ve|ec|bo|py|io|me|ly|gg|info|xyz|app|link|tv|site|online)(?![[:alnum:]])' then
    return 'link';
  end if;
  if private.find_phone(v_text) then
    return 'phone';
  end if;
  if v_text ~ '(?:^|[^[:alnum:]_.])@[[:alnum:]_.]{3,30}'
     or v_text ~* '(?:^|[^[:alnum:]])(?:ig|insta|instagram|telegram|tg|tiktok|twitter|snap|snapchat|facebook|fb|onlyfans|discord)\s*[:=]\s*@?[[:alnum:]_.]{3,30}'
     or v_text ~* '(?:^|[^[:alnum:]])(?:ig|insta|instagram|telegram|tg|tiktok|twitter|snapchat)\s+@?(?=[[:alnum:]_.]*[_\d])(?=[[:alnum:]_.]*[[:alpha:]])[[:alnum:]_.]{3,30}' then
    return 'handle';
  end if;
  return null;
end;
$$;
comment on function private.find_personal_data(text) is 'The kind of personal data a text carries (email, link, phone, handle), or null; over 16,000 bytes raises text_too_long.';

-- Public check for the web's warning while typing (same rule the triggers apply); the cap is
-- the private function's.
create or replace function public.find_personal_data(p_text text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select private.find_personal_data(p_text);
$$;
comment on function public.find_personal_data(text) is 'The kind of personal data a text carries (email, link, phone, handle), or null; the rule the database applies to every shown text; over 16,000 bytes raises text_too_long.';

revoke execute on function private.mask_ordinary_numbers(text) from public;
revoke execute on function private.find_phone(text) from public;
grant execute on function private.mask_ordinary_numbers(text) to anon, authenticated, service_role;
grant execute on function private.find_phone(text) to anon, authenticated, service_role;
