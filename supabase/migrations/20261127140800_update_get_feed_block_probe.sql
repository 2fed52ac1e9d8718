-- get_feed with blocks: the per-row block check becomes a correlated scalar subquery (one
-- chisme_authors primary-key probe per candidate row). As `not exists (…)` under an OR the
-- planner made it a hashed subplan that loaded every chisme of every blocked author on each
-- call: with 1,000 blocks of the most prolific authors at 1M chismes, get_feed's median went
-- from 0.19 ms to 110 ms (bench/sql-feeds.ts). Callers without blocks are unaffected (the OR
-- short-circuits). Body otherwise as in 20261127140600_create_crisis_support.sql.

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
  -- below is skipped without a probe; otherwise one chisme_authors primary-key probe per
  -- candidate row, written as a correlated scalar subquery so that it is never hashed)
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
        and (v_no_blocks or not coalesce((select a.user_id from public.chisme_authors a where a.chisme_id = c.id) = any (v_blocked), false))
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
        and (v_no_blocks or not coalesce((select a.user_id from public.chisme_authors a where a.chisme_id = c.id) = any (v_blocked), false))
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
        and (v_no_blocks or not coalesce((select a.user_id from public.chisme_authors a where a.chisme_id = c.id) = any (v_blocked), false))
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
        and (v_no_blocks or not coalesce((select a.user_id from public.chisme_authors a where a.chisme_id = t.id) = any (v_blocked), false))
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

