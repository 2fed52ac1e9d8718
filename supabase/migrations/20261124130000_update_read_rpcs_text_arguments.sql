-- Read RPCs take their arguments as text (docs/decisions/0008-text-arguments-and-rest-write-guard.md): get_feed,
-- get_chisme and get_comments declare text (jsonb for the tag list) and parse with the private
-- parsers of 20261124000000_create_argument_parsers.sql, so a malformed value gets a stable
-- key instead of PostgREST's 22P02/22003 (`{"p_id": "x"}`, `{"p_limit": 1e20}`):
--   get_feed:     feed_filter_invalid (mode, ages, tags), feed_cursor_invalid (cursor, limit),
--                 feed_tab_invalid as before;
--   get_chisme:   chisme_not_found (a malformed id names no chisme);
--   get_comments: chisme_not_found, comments_cursor_invalid (cursor, limit).
-- PostgREST hands a JSON number or boolean to a text parameter as its text, so honest clients
-- send what they sent before. Bodies, rows and other keys unchanged (get_feed as in
-- 20261124120000, get_comments as in 20261124100000).

drop function public.get_feed(text, boolean, text, text, int, int, text[], timestamptz, int, uuid, int);
drop function public.get_chisme(uuid);
drop function public.get_comments(uuid, timestamptz, uuid, int);

-- Security definer: see 20261124100000 (reads chismes past RLS and applies the hide rule
-- itself, so the GIN tag index serves signed-in feeds).
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
      c.cotilleo and c.file_exist and c.created_at >= now() - interval '20 minutes'
    from unnest(v_ids) with ordinality as page (id, position)
    join public.chismes c on c.id = page.id
    order by page.position;
end;
$$;
comment on function public.get_feed(text, text, text, text, text, text, jsonb, text, text, text, text) is 'A page of a feed tab (recent, trending, top, old) of one mode, with filters and keyset pagination; arguments as text (tags as a JSON array), malformed ones raise feed_filter_invalid / feed_cursor_invalid.';
revoke execute on function public.get_feed(text, text, text, text, text, text, jsonb, text, text, text, text) from public, anon;
grant execute on function public.get_feed(text, text, text, text, text, text, jsonb, text, text, text, text) to authenticated;

create or replace function public.get_chisme(p_id text)
returns public.feed_chisme
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_row public.feed_chisme;
  v_id uuid;
begin
  perform private.require_user();
  v_id := private.uuid_arg(p_id, 'chisme_not_found');
  -- RLS leaves out a chisme hidden from the caller (20261124100000)
  v_row := (select private.feed_chisme_for_caller(c) from public.chismes c where c.id = v_id);
  return v_row;
end;
$$;
comment on function public.get_chisme(text) is 'One chisme as the caller sees it (null row when not found or hidden from them); a malformed id raises chisme_not_found.';
revoke execute on function public.get_chisme(text) from public, anon;
grant execute on function public.get_chisme(text) to authenticated;

create or replace function public.get_comments(
  p_chisme_id text,
  p_cursor_created_at text default null,
  p_cursor_id text default null,
  p_limit text default null
)
returns setof public.thread_comment
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
  v_chisme_id uuid := private.uuid_arg(p_chisme_id, 'chisme_not_found');
  v_cursor_created_at timestamptz := private.timestamptz_arg(p_cursor_created_at, 'comments_cursor_invalid');
  v_cursor_id uuid := private.uuid_arg(p_cursor_id, 'comments_cursor_invalid');
  v_limit int := least(greatest(coalesce(private.int_arg(p_limit, 'comments_cursor_invalid'), 20), 1), 100);
  v_has_cursor boolean := v_cursor_created_at is not null and v_cursor_id is not null;
  -- the comments of this chisme the caller reported: hidden from them at once (Jodel's rule)
  v_reported uuid[] := array(
    select r.comment_id from public.reports r
    join public.comments rc on rc.id = r.comment_id and rc.chisme_id = v_chisme_id
    where r.user_id = v_user_id);
  v_comment public.comments;
begin
  if not exists (select 1 from public.chismes c where c.id = v_chisme_id) then
    return;
  end if;
  for v_comment in
    with roots as (
      select r.id
      from public.comments r
      where r.chisme_id = v_chisme_id
        and r.parent_id is null
        and r.id <> all (v_reported)
        and (not v_has_cursor or (r.created_at, r.id) < (v_cursor_created_at, v_cursor_id))
      order by r.created_at desc, r.id desc
      limit v_limit
    )
    select c.*
    from public.comments c
    where c.root_id in (select roots.id from roots)
      and c.id <> all (v_reported)
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
comment on function public.get_comments(text, text, text, text) is 'A page of root comments of a chisme (newest first) with their replies; arguments as text, malformed ones raise chisme_not_found / comments_cursor_invalid.';
revoke execute on function public.get_comments(text, text, text, text) from public, anon;
grant execute on function public.get_comments(text, text, text, text) to authenticated;
