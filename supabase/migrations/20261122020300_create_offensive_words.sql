-- The offensive-word list for the casual-mode filter (spec §5): words stored trimmed and
-- lower-case, unique. Everyone may read it (the UI warns before submitting, as the original
-- client did with the whole list); only the service role manages it.

create table public.offensive_words (
  id uuid primary key default gen_random_uuid(),
  word text not null check (char_length(word) between 1 and 100 and word = lower(btrim(word))),
  created_at timestamptz not null default now(),
  constraint offensive_words_word_key unique (word)
);
comment on table public.offensive_words is 'Words refused in casual-mode chismes and comments (case-insensitive substring match). Managed by the service role.';

alter table public.offensive_words enable row level security;

revoke all on table public.offensive_words from anon, authenticated;
grant select on table public.offensive_words to anon, authenticated;
grant all on table public.offensive_words to service_role;

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
comment on function private.normalize_offensive_word() is 'Trigger: trims and lower-cases the word; a duplicate raises offensive_word_duplicate.';

create trigger offensive_words_before_insert_or_update_normalize
  before insert or update of word on public.offensive_words
  for each row execute function private.normalize_offensive_word();

create or replace function public.find_offensive_words(p_text text)
returns text[]
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(array_agg(w.word order by w.word), '{}'::text[])
  from public.offensive_words w
  where strpos(lower(coalesce(p_text, '')), w.word) > 0;
$$;
comment on function public.find_offensive_words(text) is 'The list words the text contains (case-insensitive substring), sorted.';
revoke execute on function public.find_offensive_words(text) from public;
grant execute on function public.find_offensive_words(text) to anon, authenticated, service_role;

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
comment on function public.add_offensive_word(text) is 'Service role: adds a word (trimmed, lower-cased; offensive_word_duplicate when present).';
revoke execute on function public.add_offensive_word(text) from public, anon, authenticated;
grant execute on function public.add_offensive_word(text) to service_role;

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
comment on function public.delete_offensive_word(text) is 'Service role: removes a word; true when it was in the list.';
revoke execute on function public.delete_offensive_word(text) from public, anon, authenticated;
grant execute on function public.delete_offensive_word(text) to service_role;
