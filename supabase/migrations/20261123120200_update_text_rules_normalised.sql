-- Every text rule judges normalised text (private.normalize_text, see the text hygiene
-- migration): chisme and comment content, tags, countries and report reasons are normalised
-- and stripped of markup before the length checks and the word filter; lengths count what a
-- person sees; personal data (e-mail, phone, link, handle) is refused in both modes before
-- anything is stored. Over-long countries and report reasons get keys instead of the check
-- constraints' raw 23514.
-- Each function below starts from its latest definition and changes only those points.

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
comment on function private.normalize_tags(text[]) is 'Validates and normalises chisme tags (normalised text, ≤ 3, ≤ 20 visible characters, leading #).';

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

  new.content := private.strip_markup(private.normalize_text(new.content));
  if private.visible_length(new.content) < 10 then
    raise exception 'chisme_content_too_short' using errcode = 'P0001',
      detail = jsonb_build_object('min', 10)::text;
  end if;
  if private.visible_length(new.content) > 400 then
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
  new.country := coalesce(nullif(private.strip_markup(private.normalize_text(new.country)), ''), 'unknow');
  if char_length(new.country) > 100 then
    raise exception 'country_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 100)::text;
  end if;

  perform private.assert_no_personal_data(new.content);

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
comment on function private.check_chisme_rules() is 'Trigger: validates and normalises a new chisme (spec §5, normalised text, no personal data), resets client-forged fields.';

create or replace function private.check_comment_rules()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_cotilleo boolean;
  v_parent public.comments;
  v_min_years int;
  v_words text[];
begin
  if current_user in ('anon', 'authenticated') then
    perform private.require_user();
    new.id := gen_random_uuid();
    new.report := 0;
    new.created_at := now();
    new.updated_at := now();
  end if;

  select c.cotilleo into v_cotilleo from public.chismes c where c.id = new.chisme_id;
  if not found then
    raise exception 'chisme_not_found' using errcode = 'P0001';
  end if;

  if new.parent_id is null then
    new.depth := 1;
    new.root_id := new.id;
  else
    select * into v_parent from public.comments p where p.id = new.parent_id;
    if not found or v_parent.chisme_id <> new.chisme_id then
      raise exception 'comment_parent_not_found' using errcode = 'P0001';
    end if;
    if v_parent.depth >= 3 then
      raise exception 'comment_depth_exceeded' using errcode = 'P0001',
        detail = jsonb_build_object('max', 3)::text;
    end if;
    new.depth := v_parent.depth + 1;
    new.root_id := v_parent.root_id;
  end if;

  new.content := private.strip_markup(private.normalize_text(new.content));
  if new.content = '' then
    raise exception 'comment_content_required' using errcode = 'P0001';
  end if;
  if private.visible_length(new.content) > 400 then
    raise exception 'comment_content_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 400)::text;
  end if;

  if new.gender is null or new.gender not in ('Hombre', 'Mujer', 'Prefiero no decirlo') then
    raise exception 'comment_gender_required' using errcode = 'P0001',
      detail = jsonb_build_object('allowed', jsonb_build_array('Hombre', 'Mujer', 'Prefiero no decirlo'))::text;
  end if;

  v_min_years := case when v_cotilleo then 18 else 13 end;
  if new.years is null or new.years not between v_min_years and 100 then
    raise exception 'comment_years_out_of_range' using errcode = 'P0001',
      detail = jsonb_build_object('min', v_min_years, 'max', 100)::text;
  end if;

  new.country := private.strip_markup(private.normalize_text(new.country));
  if new.country = '' then
    raise exception 'comment_country_required' using errcode = 'P0001';
  end if;
  if char_length(new.country) > 100 then
    raise exception 'country_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 100)::text;
  end if;

  perform private.assert_no_personal_data(new.content);

  if not v_cotilleo then
    v_words := public.find_offensive_words(new.content);
    if cardinality(v_words) > 0 then
      raise exception 'content_offensive' using errcode = 'P0001',
        detail = jsonb_build_object('words', to_jsonb(v_words))::text;
    end if;
  end if;
  return new;
end;
$$;
comment on function private.check_comment_rules() is 'Trigger: validates a new comment (spec §5, normalised text, no personal data), sets depth and root, resets client-forged fields.';

create or replace function private.skip_recent_country_log()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    new.user_id := private.require_user();
    new.created_at := now();
  end if;
  if new.user_id is null then
    raise exception 'not_authenticated' using errcode = 'P0001';
  end if;
  new.country := private.strip_markup(private.normalize_text(new.country));
  if new.country = '' then
    raise exception 'country_required' using errcode = 'P0001';
  end if;
  if char_length(new.country) > 100 then
    raise exception 'country_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 100)::text;
  end if;
  perform pg_advisory_xact_lock(hashtextextended(new.user_id::text || ':' || new.country, 0));
  if exists (
    select 1 from public.country_logs l
    where l.user_id = new.user_id
      and lower(l.country) = lower(new.country)
      and l.created_at > new.created_at - interval '24 hours'
  ) then
    return null;
  end if;
  return new;
end;
$$;
comment on function private.skip_recent_country_log() is 'Trigger: validates a normalised country log, skips a repeat of the last 24 hours.';

create or replace function private.check_report_rules()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    new.user_id := private.require_user();
    new.created_at := now();
  end if;
  if new.user_id is null then
    raise exception 'not_authenticated' using errcode = 'P0001';
  end if;
  new.reason := coalesce(nullif(private.strip_markup(private.normalize_text(new.reason)), ''), 'Sin especificar');


  if num_nonnulls(new.chisme_id, new.comment_id) > 1 then
    raise exception 'report_target_invalid' using errcode = 'P0001';
  end if;
  if new.chisme_id is not null then
    if not exists (select 1 from public.chismes c where c.id = new.chisme_id) then
      raise exception 'report_target_not_found' using errcode = 'P0001';
    end if;
    if exists (
      select 1 from public.chisme_authors a where a.chisme_id = new.chisme_id and a.user_id = new.user_id
    ) then
      raise exception 'report_own_chisme' using errcode = 'P0001';
    end if;
    if exists (
      select 1 from public.reports r where r.chisme_id = new.chisme_id and r.user_id = new.user_id
    ) then
      raise exception 'report_already_exists' using errcode = 'P0001';
    end if;
  elsif new.comment_id is not null then
    if not exists (select 1 from public.comments c where c.id = new.comment_id) then
      raise exception 'report_target_not_found' using errcode = 'P0001';
    end if;
    if exists (
      select 1 from public.comment_authors a where a.comment_id = new.comment_id and a.user_id = new.user_id
    ) then
      return null; -- spec: reporting one's own comment is silently ignored
    end if;
    if exists (
      select 1 from public.reports r where r.comment_id = new.comment_id and r.user_id = new.user_id
    ) then
      raise exception 'report_already_exists' using errcode = 'P0001';
    end if;
  else
    raise exception 'report_target_not_found' using errcode = 'P0001';
  end if;
  if char_length(new.reason) > 200 then
    raise exception 'report_reason_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 200)::text;
  end if;
  return new;
end;
$$;
comment on function private.check_report_rules() is 'Trigger: one report per user and target, not on one''s own chisme, own comment ignored; normalised reason ≤ 200.';

-- The 400-character limits count what a person sees (private.visible_length, in the rule
-- triggers); one emoji can be up to ten code points, so the column checks become a generous
-- backstop on code points instead of a second, different count.
alter table public.chismes drop constraint chismes_content_check;
alter table public.chismes add constraint chismes_content_check check (char_length(content) between 1 and 4000);
alter table public.comments drop constraint comments_content_check;
alter table public.comments add constraint comments_content_check check (char_length(content) between 1 and 4000);
