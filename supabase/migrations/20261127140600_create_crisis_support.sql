-- Crisis support: a chisme or comment whose folded text mentions suicide or self-harm is
-- still published; its author sees at once a calm support card with their country's crisis
-- line, and its readers a small "¿Necesitas hablar?" link to the same card.
--
-- Detection runs in the database, on the content: private.crisis_terms is the reviewed list
-- of Spanish phrases (folded like the offensive-word filter, private.fold_for_filter), matched
-- as whole words or phrases so that everyday speech ("me muero de risa", "me mato a estudiar",
-- "cortarme el pelo", "una jugada suicida") does not match (pgTAP 235 holds the false
-- positives). A BEFORE INSERT trigger sets `crisis` on the chisme or comment row; it is a
-- property of that text, served with it (feed_chisme.crisis, thread_comment.crisis) so that
-- create_chisme / add_comment answer the author with it at once. Nothing is stored on the
-- person: no flag, no count, no log of who wrote such text.

create table private.crisis_terms (
  term text primary key check (char_length(term) between 3 and 100),
  folded text generated always as (private.fold_for_filter(term)) stored
);
comment on table private.crisis_terms is 'Reviewed Spanish phrases about suicide or self-harm (whole-word match on folded text). No API access.';

insert into private.crisis_terms (term) values
  ('suicidio'), ('suicidios'), ('suicidarme'), ('suicidarse'), ('suicidarte'), ('me quiero suicidar'),
  ('me voy a suicidar'), ('pensamientos suicidas'), ('ideas suicidas'), ('ideación suicida'),
  ('intento de suicidio'), ('quitarme la vida'), ('quitarse la vida'), ('acabar con mi vida'),
  ('terminar con mi vida'), ('poner fin a mi vida'), ('me quiero morir'), ('quiero morirme'),
  ('ganas de morir'), ('ganas de morirme'), ('no quiero vivir'), ('no quiero seguir viviendo'),
  ('no quiero seguir aquí'), ('estaría mejor muerto'), ('estaría mejor muerta'),
  ('quiero matarme'), ('voy a matarme'), ('me voy a matar'), ('me quiero matar'),
  ('autolesión'), ('autolesiones'), ('autolesionarme'), ('autolesionarse'), ('hacerme daño'),
  ('cortarme las venas'), ('me corto las venas'), ('me hago cortes'), ('me corto los brazos');

-- Whether a text mentions suicide or self-harm: a reviewed phrase as whole words of the
-- folded text. Stable (reads the list); invoker, called by the security definer trigger below.
create or replace function private.mentions_crisis(p_text text)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select exists (
    select 1 from private.crisis_terms t
    where private.fold_for_filter(p_text) ~ ('\m' || t.folded || '\M')
  );
$$;
comment on function private.mentions_crisis(text) is 'True when the folded text holds a reviewed phrase about suicide or self-harm (whole words).';

alter table public.chismes add column crisis boolean not null default false;
comment on column public.chismes.crisis is 'The text mentions suicide or self-harm (set on insert from the text; says nothing about the author).';
alter table public.comments add column crisis boolean not null default false;
comment on column public.comments.crisis is 'The text mentions suicide or self-harm (set on insert from the text; says nothing about the author).';

-- Security definer: reads private.crisis_terms, which no API role may.
create or replace function private.flag_crisis_content()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.crisis := private.mentions_crisis(new.content);
  return new;
end;
$$;
comment on function private.flag_crisis_content() is 'Trigger: sets crisis from the row''s own text (a client cannot set it).';

create trigger chismes_before_insert_flag_crisis
  before insert on public.chismes
  for each row execute function private.flag_crisis_content();
create trigger comments_before_insert_flag_crisis
  before insert on public.comments
  for each row execute function private.flag_crisis_content();

alter type public.feed_chisme add attribute crisis boolean;
alter type public.thread_comment add attribute crisis boolean;

create or replace function private.to_feed_chisme(c public.chismes, p_is_mine boolean, p_liked_by_me boolean)
returns public.feed_chisme
language sql
stable
security invoker
set search_path = ''
as $$
  select row(
    c.id, c.gender, c.years, c.country, c.tags, c.content, c.cotilleo,
    c.likes, c.comments, c.report, c.file_exist, c.created_at, c.updated_at,
    coalesce(p_is_mine, false), coalesce(p_liked_by_me, false),
    c.cotilleo and c.file_exist and c.created_at >= now() - interval '20 minutes',
    c.crisis
  )::public.feed_chisme;
$$;

create or replace function private.to_thread_comment(c public.comments, p_is_mine boolean)
returns public.thread_comment
language sql
immutable
security invoker
set search_path = ''
as $$
  select row(
    c.id, c.chisme_id, c.parent_id, c.depth, c.gender, c.country, c.years, c.content,
    c.report, c.created_at, c.updated_at, coalesce(p_is_mine, false), c.is_chisme_author,
    c.commenter_number, false, c.crisis
  )::public.thread_comment;
$$;

create or replace function private.to_hidden_thread_comment(c public.comments)
returns public.thread_comment
language sql
immutable
security invoker
set search_path = ''
as $$
  select row(
    c.id, c.chisme_id, c.parent_id, c.depth, null, null, null, '',
    0, c.created_at, c.created_at, false, false, null, true, false
  )::public.thread_comment;
$$;

-- get_feed: the projection gains `crisis`; body otherwise as in
-- 20261127140100_update_read_rpcs_hide_blocked.sql.
create or replace function public.get_feed(
  p_tab text,
  p_cotilleo text,
  p_gender text default null,
  p_country text default null,
  p_years_from text default null,
  p_years_to text default null,
  p_tags jsonb default null,
  p_cursor_created_at text default null,
  p_cursor_likes text default null,
  p_cursor_id text default null,
  p_limit text default null
)
returns setof public.feed_chisme
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
  -- the arguments, parsed (a malformed value raises the key of its kind, changes nothing)
  v_cotilleo boolean := coalesce(private.boolean_arg(p_cotilleo, 'feed_filter_invalid'), false);
  v_years_from int := private.int_arg(p_years_from, 'feed_filter_invalid');
  v_years_to int := private.int_arg(p_years_to, 'feed_filter_invalid');
  v_tag_list text[] := private.text_array_arg(p_tags, 'feed_filter_invalid');
  v_cursor_created_at timestamptz := private.timestamptz_arg(p_cursor_created_at, 'feed_cursor_invalid');
  v_cursor_id uuid := private.uuid_arg(p_cursor_id, 'feed_cursor_invalid');
  v_cursor_likes int := coalesce(private.int_arg(p_cursor_likes, 'feed_cursor_invalid'), 0);
  v_limit int := least(greatest(coalesce(private.int_arg(p_limit, 'feed_cursor_invalid'), 20), 1), 100);
  v_tags text[] := case when cardinality(v_tag_list) > 0 then private.normalize_tags(v_tag_list) end;
  v_has_cursor boolean := v_cursor_created_at is not null and v_cursor_id is not null;
  v_ids uuid[];
  -- the chismes the caller reported (a person's handful; an array, not a per-row subquery,
  -- which the planner hashes at a cost of ~15 ms a page)
  v_reported uuid[] := array(select r.chisme_id from public.reports r where r.user_id = v_user_id and r.chisme_id is not null);
  -- the authors the caller blocked (at most 1,000; nearly always none, and then the check
  -- below is skipped without a probe)
  v_blocked uuid[] := private.caller_blocked_ids();
  v_no_blocks boolean := cardinality(v_blocked) = 0;
begin
  if v_tags = '{}'::text[] then
    v_tags := null;
  end if;

  -- Rows nobody reported (report = 0, nearly all) pass on that column alone; the others are
  -- checked against the caller's reports and, when hidden, the author/moderator rule.
  if p_tab = 'recent' then
    select array_agg(s.id order by s.created_at desc, s.id desc) into v_ids
    from (
      select c.id, c.created_at
      from public.chismes c
      where c.cotilleo = v_cotilleo
        and (p_gender is null or c.gender = p_gender)
        and (p_country is null or c.country = p_country)
        and (v_years_from is null or c.years >= v_years_from)
        and (v_years_to is null or c.years <= v_years_to)
        and (v_tags is null or c.tags && v_tags)
        and (c.report = 0 or ((c.hidden_at is null or private.can_see_hidden_chisme(c.id)) and c.id <> all (v_reported)))
        and (v_no_blocks or not exists (select 1 from public.chisme_authors a where a.chisme_id = c.id and a.user_id = any (v_blocked)))
        and (not v_has_cursor or (c.created_at, c.id) < (v_cursor_created_at, v_cursor_id))
      order by c.created_at desc, c.id desc
      limit v_limit
    ) s;
  elsif p_tab = 'old' then
    select array_agg(s.id order by s.created_at, s.id) into v_ids
    from (
      select c.id, c.created_at
      from public.chismes c
      where c.cotilleo = v_cotilleo
        and (p_gender is null or c.gender = p_gender)
        and (p_country is null or c.country = p_country)
        and (v_years_from is null or c.years >= v_years_from)
        and (v_years_to is null or c.years <= v_years_to)
        and (v_tags is null or c.tags && v_tags)
        and (c.report = 0 or ((c.hidden_at is null or private.can_see_hidden_chisme(c.id)) and c.id <> all (v_reported)))
        and (v_no_blocks or not exists (select 1 from public.chisme_authors a where a.chisme_id = c.id and a.user_id = any (v_blocked)))
        and (not v_has_cursor or (c.created_at, c.id) > (v_cursor_created_at, v_cursor_id))
      order by c.created_at asc, c.id asc
      limit v_limit
    ) s;
  elsif p_tab = 'top' then
    select array_agg(s.id order by s.likes desc, s.created_at desc, s.id desc) into v_ids
    from (
      select c.id, c.likes, c.created_at
      from public.chismes c
      where c.cotilleo = v_cotilleo
        and (p_gender is null or c.gender = p_gender)
        and (p_country is null or c.country = p_country)
        and (v_years_from is null or c.years >= v_years_from)
        and (v_years_to is null or c.years <= v_years_to)
        and (v_tags is null or c.tags && v_tags)
        and (c.report = 0 or ((c.hidden_at is null or private.can_see_hidden_chisme(c.id)) and c.id <> all (v_reported)))
        and (v_no_blocks or not exists (select 1 from public.chisme_authors a where a.chisme_id = c.id and a.user_id = any (v_blocked)))
        and (not v_has_cursor or (c.likes, c.created_at, c.id) < (v_cursor_likes, v_cursor_created_at, v_cursor_id))
      order by c.likes desc, c.created_at desc, c.id desc
      limit v_limit
    ) s;
  elsif p_tab = 'trending' then
    -- the last day's chismes, already in this order in the trending table's indexes
    select array_agg(s.id order by s.likes desc, s.created_at desc, s.id desc) into v_ids
    from (
      select t.id, t.likes, t.created_at
      from private.trending_chismes t
      where t.cotilleo = v_cotilleo
        and t.created_at > now() - interval '24 hours'
        and (p_gender is null or t.gender = p_gender)
        and (p_country is null or t.country = p_country)
        and (v_years_from is null or t.years >= v_years_from)
        and (v_years_to is null or t.years <= v_years_to)
        and (v_tags is null or t.tags && v_tags)
        and (t.report = 0 or ((t.hidden_at is null or private.can_see_hidden_chisme(t.id)) and t.id <> all (v_reported)))
        and (v_no_blocks or not exists (select 1 from public.chisme_authors a where a.chisme_id = t.id and a.user_id = any (v_blocked)))
        and (not v_has_cursor or (t.likes, t.created_at, t.id) < (v_cursor_likes, v_cursor_created_at, v_cursor_id))
      order by t.likes desc, t.created_at desc, t.id desc
      limit v_limit
    ) s;
  else
    raise exception 'feed_tab_invalid' using errcode = 'P0001',
      detail = jsonb_build_object('allowed', jsonb_build_array('recent', 'trending', 'top', 'old'))::text;
  end if;

  -- The feed_chisme projection, once per page; authorship and likes by the caller's id only.
  return query
    select
      c.id, c.gender, c.years, c.country, c.tags, c.content, c.cotilleo,
      c.likes, c.comments, c.report, c.file_exist, c.created_at, c.updated_at,
      exists (select 1 from public.chisme_authors a where a.chisme_id = c.id and a.user_id = v_user_id),
      exists (select 1 from public.likes l where l.chisme_id = c.id and l.user_id = v_user_id),
      c.cotilleo and c.file_exist and c.created_at >= now() - interval '20 minutes',
      c.crisis
    from unnest(v_ids) with ordinality as page (id, position)
    join public.chismes c on c.id = page.id
    order by page.position;
end;
$$;

revoke execute on function private.mentions_crisis(text) from public, anon, authenticated, service_role;
revoke execute on function private.flag_crisis_content() from public, anon, authenticated, service_role;
