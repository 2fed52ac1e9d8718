-- Read RPCs of chismes (docs/decisions/0010-automatic-hiding.md): a chisme hidden by reports is left out for
-- everyone but its author and moderators, and a reporter stops seeing what they reported at
-- once (Jodel's rule; in feeds — a direct get_chisme still answers the reporter).
-- get_feed: one predicate per tab (and the caller's reported ids, read once), re-applicable on
-- top of any newer get_feed. Rows nobody reported (report = 0, nearly all of them) pass on
-- that column alone; the others are checked against the caller's reports and, when hidden,
-- against the author/moderator rule.
-- Same signatures, rows and errors; grants kept by `create or replace`.

create or replace function public.get_feed(
  p_tab text,
  p_cotilleo boolean,
  p_gender text default null,
  p_country text default null,
  p_years_from int default null,
  p_years_to int default null,
  p_tags text[] default null,
  p_cursor_created_at timestamptz default null,
  p_cursor_likes int default null,
  p_cursor_id uuid default null,
  p_limit int default 20
)
returns setof public.feed_chisme
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
  v_limit int := least(greatest(coalesce(p_limit, 20), 1), 100);
  v_tags text[] := case when cardinality(p_tags) > 0 then private.normalize_tags(p_tags) end;
  v_cotilleo boolean := coalesce(p_cotilleo, false);
  v_has_cursor boolean := p_cursor_created_at is not null and p_cursor_id is not null;
  v_cursor_likes int := coalesce(p_cursor_likes, 0);
  v_ids uuid[];
  -- the chismes the caller reported (a person's handful; an array, not a per-row subquery,
  -- which the planner hashes at a cost of ~15 ms a page)
  v_reported uuid[] := array(select r.chisme_id from public.reports r where r.user_id = v_user_id and r.chisme_id is not null);
begin
  if v_tags = '{}'::text[] then
    v_tags := null;
  end if;

  if p_tab = 'recent' then
    select array_agg(s.id order by s.created_at desc, s.id desc) into v_ids
    from (
      select c.id, c.created_at
      from public.chismes c
      where c.cotilleo = v_cotilleo
        and (p_gender is null or c.gender = p_gender)
        and (p_country is null or c.country = p_country)
        and (p_years_from is null or c.years >= p_years_from)
        and (p_years_to is null or c.years <= p_years_to)
        and (v_tags is null or c.tags && v_tags)
        and (c.report = 0 or ((c.hidden_at is null or private.can_see_hidden_chisme(c.id)) and c.id <> all (v_reported)))
        and (not v_has_cursor or (c.created_at, c.id) < (p_cursor_created_at, p_cursor_id))
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
        and (p_years_from is null or c.years >= p_years_from)
        and (p_years_to is null or c.years <= p_years_to)
        and (v_tags is null or c.tags && v_tags)
        and (c.report = 0 or ((c.hidden_at is null or private.can_see_hidden_chisme(c.id)) and c.id <> all (v_reported)))
        and (not v_has_cursor or (c.created_at, c.id) > (p_cursor_created_at, p_cursor_id))
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
        and (p_years_from is null or c.years >= p_years_from)
        and (p_years_to is null or c.years <= p_years_to)
        and (v_tags is null or c.tags && v_tags)
        and (c.report = 0 or ((c.hidden_at is null or private.can_see_hidden_chisme(c.id)) and c.id <> all (v_reported)))
        and (not v_has_cursor or (c.likes, c.created_at, c.id) < (v_cursor_likes, p_cursor_created_at, p_cursor_id))
      order by c.likes desc, c.created_at desc, c.id desc
      limit v_limit
    ) s;
  elsif p_tab = 'trending' then
    select array_agg(s.id order by s.likes desc, s.created_at desc, s.id desc) into v_ids
    from (
      select c.id, c.likes, c.created_at
      from public.chismes c
      where c.cotilleo = v_cotilleo
        and c.created_at > now() - interval '24 hours'
        and (p_gender is null or c.gender = p_gender)
        and (p_country is null or c.country = p_country)
        and (p_years_from is null or c.years >= p_years_from)
        and (p_years_to is null or c.years <= p_years_to)
        and (v_tags is null or c.tags && v_tags)
        and (c.report = 0 or ((c.hidden_at is null or private.can_see_hidden_chisme(c.id)) and c.id <> all (v_reported)))
        and (not v_has_cursor or (c.likes, c.created_at, c.id) < (v_cursor_likes, p_cursor_created_at, p_cursor_id))
      order by c.likes desc, c.created_at desc, c.id desc
      limit v_limit
    ) s;
  else
    raise exception 'feed_tab_invalid' using errcode = 'P0001',
      detail = jsonb_build_object('allowed', jsonb_build_array('recent', 'trending', 'top', 'old'))::text;
  end if;

  -- The feed_chisme projection of private.to_feed_chisme, written out so it runs once per
  -- page instead of once per row; RLS shows the caller only their own authorship and likes.
  return query
    select
      c.id, c.gender, c.years, c.country, c.tags, c.content, c.cotilleo,
      c.likes, c.comments, c.report, c.file_exist, c.created_at, c.updated_at,
      exists (select 1 from public.chisme_authors a where a.chisme_id = c.id and a.user_id = v_user_id),
      exists (select 1 from public.likes l where l.chisme_id = c.id and l.user_id = v_user_id),
      c.cotilleo and c.file_exist and c.created_at >= now() - interval '20 minutes'
    from unnest(v_ids) with ordinality as page (id, position)
    join public.chismes c on c.id = page.id
    order by page.position;
end;
$$;

create or replace function public.get_chisme(p_id uuid)
returns public.feed_chisme
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_row public.feed_chisme;
begin
  perform private.require_user();
  v_row := (
    select private.feed_chisme_for_caller(c) from public.chismes c
    where c.id = p_id and (c.hidden_at is null or private.can_see_hidden_chisme(c.id))
  );
  return v_row;
end;
$$;

-- get_comments: the same body, with nothing for a chisme hidden from the caller.
create or replace function public.get_comments(
  p_chisme_id uuid,
  p_cursor_created_at timestamptz default null,
  p_cursor_id uuid default null,
  p_limit int default 20
)
returns setof public.thread_comment
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
  v_limit int := least(greatest(coalesce(p_limit, 20), 1), 100);
  v_has_cursor boolean := p_cursor_created_at is not null and p_cursor_id is not null;
  v_comment public.comments;
begin
  if exists (select 1 from public.chismes c where c.id = p_chisme_id and c.hidden_at is not null)
    and not private.can_see_hidden_chisme(p_chisme_id) then
    return;
  end if;
  for v_comment in
    with roots as (
      select r.id
      from public.comments r
      where r.chisme_id = p_chisme_id
        and r.parent_id is null
        and (not v_has_cursor or (r.created_at, r.id) < (p_cursor_created_at, p_cursor_id))
      order by r.created_at desc, r.id desc
      limit v_limit
    )
    select c.*
    from public.comments c
    where c.root_id in (select roots.id from roots)
    -- roots first, newest first; then replies, oldest first
    order by c.parent_id is not null,
      case when c.parent_id is null then c.created_at end desc,
      case when c.parent_id is null then c.id end desc,
      c.created_at asc, c.id asc
  loop
    return next private.to_thread_comment(
      v_comment,
      exists (select 1 from public.comment_authors a where a.comment_id = v_comment.id and a.user_id = v_user_id)
    );
  end loop;
end;
$$;
