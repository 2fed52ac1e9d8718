-- Chismes: the anonymous posts. The author link lives in `chisme_authors`, which RLS shows only
-- to the author, so no chisme served to anyone carries a user id (ARCHITECTURE: anonymity).
-- Clients insert only the fields they own; counters, file_exist and timestamps are kept by
-- triggers and the service role. Rules (spec §5 "New post") are enforced by a trigger so that
-- they hold for the RPC and for a direct REST insert alike.

create table public.chismes (
  id uuid primary key default gen_random_uuid(),
  gender text not null,
  years int not null,
  country text not null default 'unknow' check (char_length(country) between 1 and 100),
  tags text[] not null default '{}',
  content text not null check (char_length(content) between 10 and 400),
  cotilleo boolean not null default false,
  likes int not null default 0 check (likes >= 0),
  comments int not null default 0 check (comments >= 0),
  report int not null default 0 check (report >= 0),
  file_exist boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.chismes is 'Anonymous gossip posts. No author column: see chisme_authors. Counters are trigger-maintained.';

-- Feeds (get_feed): recent/old scan the first index forwards or backwards, top the second,
-- trending the first restricted to the last 24 hours.
create index chismes_cotilleo_created_at_id_idx on public.chismes (cotilleo, created_at desc, id desc);
create index chismes_cotilleo_likes_created_at_id_idx on public.chismes (cotilleo, likes desc, created_at desc, id desc);
create index chismes_tags_idx on public.chismes using gin (tags);

alter table public.chismes enable row level security;

revoke all on table public.chismes from anon, authenticated;
grant select on table public.chismes to authenticated;
grant insert (gender, years, country, tags, content, cotilleo) on table public.chismes to authenticated;
grant all on table public.chismes to service_role;

create policy chismes_select_authenticated on public.chismes
  for select to authenticated
  using (true);
comment on policy chismes_select_authenticated on public.chismes is 'Every signed-in user reads every chisme (the rows carry no author).';

create policy chismes_insert_authenticated on public.chismes
  for insert to authenticated
  with check ((select auth.uid()) is not null);
comment on policy chismes_insert_authenticated on public.chismes is 'A signed-in user posts; the author link is always the caller (trigger).';

create trigger chismes_before_update_set_updated_at
  before update on public.chismes
  for each row execute function private.set_updated_at();

create table public.chisme_authors (
  chisme_id uuid primary key references public.chismes (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade
);
comment on table public.chisme_authors is 'Who wrote each chisme; RLS shows a row only to that author (anonymity).';
create index chisme_authors_user_id_idx on public.chisme_authors (user_id);

alter table public.chisme_authors enable row level security;
revoke all on table public.chisme_authors from anon, authenticated;
grant select on table public.chisme_authors to authenticated;
grant all on table public.chisme_authors to service_role;

create policy chisme_authors_select_authenticated on public.chisme_authors
  for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy chisme_authors_select_authenticated on public.chisme_authors is 'An author sees only their own authorship rows (is_mine).';

-- Markup stripping of the spec: <script> blocks first, then any tag, then trim.
create or replace function private.strip_markup(p_text text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select btrim(
    regexp_replace(
      regexp_replace(coalesce(p_text, ''), '<script\y.*?</script\s*>', '', 'gi'),
      '<[^>]*>', '', 'g'
    ),
    e' \t\r\n'
  );
$$;
comment on function private.strip_markup(text) is 'Removes <script> blocks and markup tags, then trims.';
grant execute on function private.strip_markup(text) to anon, authenticated, service_role;

-- Tags: blanks dropped, at most 3, each at most 20 characters (without the #), one leading #.
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
  foreach v_tag in array coalesce(p_tags, '{}'::text[]) loop
    v_tag := btrim(ltrim(btrim(coalesce(v_tag, '')), '#'));
    continue when v_tag = '';
    if char_length(v_tag) > 20 then
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
comment on function private.normalize_tags(text[]) is 'Validates and normalises chisme tags (≤ 3, ≤ 20 characters, leading #).';
grant execute on function private.normalize_tags(text[]) to anon, authenticated, service_role;

-- Spec §5 "New post". Runs as the caller. Clients never choose counters, file_exist or
-- timestamps; trusted roles (service role, migrations, seed) may.
create or replace function private.check_chisme_rules()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_min_years int := case when new.cotilleo then 18 else 13 end;
  v_words text[];
begin
  if current_user in ('anon', 'authenticated') then
    perform private.require_user();
    new.id := gen_random_uuid();
    new.likes := 0;
    new.comments := 0;
    new.report := 0;
    new.file_exist := false;
    new.created_at := now();
    new.updated_at := now();
  end if;
  new.cotilleo := coalesce(new.cotilleo, false);

  new.content := private.strip_markup(new.content);
  if char_length(new.content) < 10 then
    raise exception 'chisme_content_too_short' using errcode = 'P0001',
      detail = jsonb_build_object('min', 10)::text;
  end if;
  if char_length(new.content) > 400 then
    raise exception 'chisme_content_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 400)::text;
  end if;

  if new.gender is null or new.gender not in ('Hombre', 'Mujer', 'Prefiero no decirlo') then
    raise exception 'chisme_gender_invalid' using errcode = 'P0001',
      detail = jsonb_build_object('allowed', jsonb_build_array('Hombre', 'Mujer', 'Prefiero no decirlo'))::text;
  end if;

  if new.years is null or new.years not between v_min_years and 99 then
    raise exception 'chisme_years_out_of_range' using errcode = 'P0001',
      detail = jsonb_build_object('min', v_min_years, 'max', 99)::text;
  end if;

  new.tags := private.normalize_tags(new.tags);
  new.country := coalesce(nullif(btrim(new.country), ''), 'unknow');

  if not new.cotilleo then
    v_words := public.find_offensive_words(new.content);
    if cardinality(v_words) > 0 then
      raise exception 'content_offensive' using errcode = 'P0001',
        detail = jsonb_build_object('words', to_jsonb(v_words))::text;
    end if;
  end if;
  return new;
end;
$$;
comment on function private.check_chisme_rules() is 'Trigger: validates and normalises a new chisme (spec §5), resets client-forged fields.';

create trigger chismes_before_insert_check_rules
  before insert on public.chismes
  for each row execute function private.check_chisme_rules();

-- Security definer: chisme_authors has no client insert grant, so a caller can never claim
-- someone else's chisme; the author is always auth.uid().
create or replace function private.record_chisme_author()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
begin
  if v_user_id is null then
    raise exception 'not_authenticated' using errcode = 'P0001';
  end if;
  insert into public.chisme_authors (chisme_id, user_id) values (new.id, v_user_id);
  return null;
end;
$$;
comment on function private.record_chisme_author() is 'Trigger: links a new chisme to its author, the caller (security definer: clients cannot write chisme_authors).';

create trigger chismes_after_insert_record_author
  after insert on public.chismes
  for each row execute function private.record_chisme_author();
