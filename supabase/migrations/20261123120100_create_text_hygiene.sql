-- Text hygiene before every rule: what a person sees is what the rules judge.
--
-- 1. private.normalize_text: Unicode NFKC (full-width letters become ASCII, compatibility
--    spaces become spaces), zero-width, bidi-control and blank-looking characters removed (the
--    zero-width joiner is kept only inside emoji sequences), every other space a plain space,
--    then trimmed. Twenty NBSP or zero-width characters are an empty text, refused as such.
-- 2. private.strip_markup: removes <script> blocks, HTML comments and real tags only (a tag
--    starts with a letter after "<" or "</"), so "si 3 < 5 y 7 > 2" survives intact.
-- 3. private.visible_length: characters as a person counts them (grapheme clusters for the
--    common emoji: skin tones, variation selectors, keycaps, ZWJ sequences, flags and tag
--    sequences count once), the same count the web shows with Intl.Segmenter.
-- 4. private.fold_for_filter: the form the offensive-word filter compares — normalised, lower
--    case, accents removed (ñ kept: "año" is not "ano"), common look-alikes (Cyrillic letters)
--    and digit/symbol substitutions (0→o, 1→i, 3→e, 4→a, 5→s, 7→t, @→a, $→s) folded, every
--    separator inside a word ignored. Both the text and the list words are folded.
-- 5. private.find_personal_data: the welcome rule "share no personal information" — e-mail
--    addresses, phone numbers (9–15 digits with single separators, optional +prefix: Spanish
--    and Latin American formats; grouped thousands such as 100.000.000 are amounts, not
--    phones), links and social handles.

create or replace function private.normalize_text(p_text text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select btrim(
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
$$;
comment on function private.normalize_text(text) is 'NFKC, zero-width/bidi/blank characters removed, every space a plain space, trimmed.';
grant execute on function private.normalize_text(text) to anon, authenticated, service_role;

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
comment on function private.visible_length(text) is 'Length as a person counts it: common emoji sequences count as one character.';
grant execute on function private.visible_length(text) to anon, authenticated, service_role;

create or replace function private.fold_for_filter(p_text text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select regexp_replace(
    translate(
      lower(private.normalize_text(p_text)),
      'áàâäãåāéèêëēíìîïīóòôöõøōúùûüūýÿçаеорсухіј013457@$',
      'aaaaaaaeeeeeiiiiiooooooouuuuuyycaeopcyxijoieastas'
    ),
    '[^[:alnum:]ñ ]', '', 'g'
  );
$$;
comment on function private.fold_for_filter(text) is 'The folded form the offensive-word filter compares: lower case, no accents, look-alikes and digit substitutions folded, separators inside words dropped.';
grant execute on function private.fold_for_filter(text) to anon, authenticated, service_role;

create or replace function public.find_offensive_words(p_text text)
returns text[]
language sql
stable
security invoker
set search_path = ''
as $$
  -- Each side folded once per call (this runs on every casual post and comment).
  with f as (select private.fold_for_filter(p_text) as text),
       w as (select o.word, private.fold_for_filter(o.word) as folded from public.offensive_words o)
  select coalesce(array_agg(w.word order by w.word), '{}'::text[])
  from w, f
  where w.folded <> ''
    and (
      strpos(f.text, w.folded) > 0
      -- "i d i o t a": letters spelled apart, caught when the word is long enough not to
      -- match across ordinary word boundaries by chance.
      or (char_length(w.word) >= 5 and strpos(replace(f.text, ' ', ''), replace(w.folded, ' ', '')) > 0)
    );
$$;
comment on function public.find_offensive_words(text) is 'The list words the text contains, compared in folded form (case, accents, look-alikes, digit substitutions, zero-width tricks), sorted.';

create or replace function private.find_personal_data(p_text text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  with t as (select private.normalize_text(p_text) as text)
  select case
    when t.text ~* '[[:alnum:]._%+-]+\s*(@|\(at\)|\[at\]|\s+arroba\s+)\s*[[:alnum:]-]+(\.[[:alnum:]-]+)*\s*(\.|\s+punto\s+)\s*[[:alpha:]]{2,}'
      then 'email'
    when t.text ~* '(https?://|www\.|\m(t\.me|wa\.me|bit\.ly|linktr\.ee)/)'
      or t.text ~* '\m[[:alnum:]-]{2,}\.(com|net|org|es|mx|ar|co|cl|pe|uy|ve|ec|bo|py|io|me|ly|gg|info|xyz|app|link|tv|site|online)\M'
      then 'link'
    when exists (
      select 1
      from regexp_matches(t.text, '(\+?\(?\d(?:[ .\-/]?\(?\d\)?){8,16})', 'g') as m
      where char_length(regexp_replace(m[1], '\D', '', 'g')) between 9 and 15
        and m[1] !~ '^\d{1,3}([.,]\d{3})+$'
    )
      then 'phone'
    when t.text ~ '(^|[^[:alnum:]_.])@[[:alnum:]_.]{3,30}'
      then 'handle'
  end
  from t;
$$;
comment on function private.find_personal_data(text) is 'The kind of personal data a text carries (email, link, phone, handle), or null.';
grant execute on function private.find_personal_data(text) to anon, authenticated, service_role;

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
comment on function private.assert_no_personal_data(text) is 'Raises content_personal_data with the kind found (email, link, phone, handle).';
grant execute on function private.assert_no_personal_data(text) to anon, authenticated, service_role;

-- Public check for the web's warning while typing (same rule the triggers apply).
create or replace function public.find_personal_data(p_text text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select private.find_personal_data(left(p_text, 2000));
$$;
comment on function public.find_personal_data(text) is 'The kind of personal data a text carries (email, link, phone, handle), or null; the rule the database applies to chismes and comments.';
revoke execute on function public.find_personal_data(text) from public;
grant execute on function public.find_personal_data(text) to authenticated, service_role;

-- Revoke-by-default (see 20261122021700): PUBLIC loses execute; the pure helpers above keep
-- the grants the rule triggers, running as the caller, need.
revoke execute on function private.normalize_text(text) from public;
revoke execute on function private.visible_length(text) from public;
revoke execute on function private.fold_for_filter(text) from public;
revoke execute on function private.find_personal_data(text) from public;
revoke execute on function private.assert_no_personal_data(text) from public;
