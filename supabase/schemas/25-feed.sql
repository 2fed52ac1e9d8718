-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

-- The same for the caller: own authorship and own like are the only rows RLS lets them see.
create or replace function private.feed_chisme_for_caller(c public.chismes)
returns public.feed_chisme
language sql
stable
security invoker
set search_path = ''
as $$
  select private.to_feed_chisme(
    c,
    exists (select 1 from public.chisme_authors a where a.chisme_id = c.id and a.user_id = (select auth.uid())),
    exists (select 1 from public.likes l where l.chisme_id = c.id and l.user_id = (select auth.uid()))
  );
$$;
revoke all on function private.feed_chisme_for_caller(public.chismes) from public, anon, authenticated, service_role;
grant execute on function private.feed_chisme_for_caller(public.chismes) to authenticated;
grant execute on function private.feed_chisme_for_caller(public.chismes) to service_role;
comment on function private.feed_chisme_for_caller(public.chismes) is 'The feed_chisme row of a chisme as the caller sees it.';

create or replace function public.get_my_chismes(p_cotilleo boolean)
returns setof public.feed_chisme
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
  v_chisme public.chismes;
begin
  for v_chisme in
    select c.*
    from public.chismes c
    join public.chisme_authors a on a.chisme_id = c.id
    where a.user_id = v_user_id and c.cotilleo = coalesce(p_cotilleo, false)
    order by c.created_at desc, c.id desc
  loop
    return next private.feed_chisme_for_caller(v_chisme);
  end loop;
end;
$$;
revoke all on function public.get_my_chismes(boolean) from public, anon, authenticated, service_role;
grant execute on function public.get_my_chismes(boolean) to authenticated;
grant execute on function public.get_my_chismes(boolean) to service_role;
comment on function public.get_my_chismes(boolean) is 'The caller''s own chismes of one mode, newest first.';

-- Trending from a table of the last 24 hours, kept by the chismes write pipeline (docs/decisions/0015-trending-table.md).
--
-- Why: trending orders the last day's chismes by likes. On public.chismes no index serves
-- both the 24-hour window and that order, so the planner either walks the (cotilleo, likes)
-- index through every older chisme (trending with a tag, page 50: the cursor sits among the
-- likes = 0 rows of the whole mode) or reads the window and sorts it (trending with every
-- filter: a BitmapAnd with the GIN bitmap of a common tag; figures in the decision). In a table
-- that holds only the last day's chismes, the (cotilleo, likes) order is the trending order
-- and every row is in the window: a page walks at most the day's rows of one mode (about 1 %
-- of the chismes), inside a covering index.
--
-- private.trending_chismes holds what get_feed filters and orders by, for chismes younger
-- than 24 hours (plus, until the next post prunes them, the ones that just aged out: the feed
-- keeps its created_at > now() - 24 hours condition). The chismes write pipeline
-- (20-chismes.sql) inserts the new row, copies likes/report/hidden_at changes, and prunes aged
-- rows on each insert; deletes cascade. get_feed (security definer) reads it for the trending tab.
create table private.trending_chismes (
  id uuid primary key references public.chismes (id) on delete cascade,
  cotilleo boolean not null,
  country text not null,
  gender text not null,
  years int not null,
  tags text[] not null,
  likes int not null,
  report int not null,
  hidden_at timestamptz,
  created_at timestamptz not null
);
revoke all on table private.trending_chismes from public, anon, authenticated, service_role;
comment on table private.trending_chismes is 'The feed columns of chismes younger than 24 hours (kept by the chismes write pipeline), so trending reads one day, already in likes order.';

-- trending without a country filter, and with one (the most selective common filter)
create index trending_chismes_cotilleo_likes_idx
  on private.trending_chismes (cotilleo, likes desc, created_at desc, id desc)
  include (country, gender, years, tags, report, hidden_at);

create index trending_chismes_cotilleo_country_likes_idx
  on private.trending_chismes (cotilleo, country, likes desc, created_at desc, id desc)
  include (gender, years, tags, report, hidden_at);

-- the pruning of aged rows
create index trending_chismes_created_at_idx on private.trending_chismes (created_at);

-- Security definer: private.trending_chismes is not writable by clients. A step of the chismes
-- pipeline after insert (20-chismes.sql).
create or replace function private.add_trending_chisme(p_chisme public.chismes)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- rows that aged out leave as new ones come (one index range, usually a row or none)
  delete from private.trending_chismes t where t.created_at <= now() - interval '24 hours';
  if p_chisme.created_at > now() - interval '24 hours' then
    insert into private.trending_chismes (id, cotilleo, country, gender, years, tags, likes, report, hidden_at, created_at)
    values (p_chisme.id, p_chisme.cotilleo, p_chisme.country, p_chisme.gender, p_chisme.years, p_chisme.tags,
      p_chisme.likes, p_chisme.report, p_chisme.hidden_at, p_chisme.created_at);
  end if;
end;
$$;
revoke all on function private.add_trending_chisme(public.chismes) from public, anon, authenticated, service_role;
comment on function private.add_trending_chisme(public.chismes) is 'Write step: a new chisme joins the trending table; chismes older than 24 hours leave it (security definer).';

-- Security definer: private.trending_chismes is not writable by clients. A step of the chismes
-- pipeline after update, called only for chismes of the last day whose likes, reports or
-- moderation state changed (older ones have no row).
create or replace function private.update_trending_chisme(p_chisme public.chismes)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  update private.trending_chismes t
  set likes = p_chisme.likes, report = p_chisme.report, hidden_at = p_chisme.hidden_at
  where t.id = p_chisme.id;
end;
$$;
revoke all on function private.update_trending_chisme(public.chismes) from public, anon, authenticated, service_role;
comment on function private.update_trending_chisme(public.chismes) is 'Write step: likes, reports and moderation of a chisme of the last 24 hours reach the trending table (security definer).';

-- Security definer: see the header.
create or replace function public.get_chisme(p_id text)
returns public.feed_chisme
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_row public.feed_chisme;
  v_id uuid;
begin
  perform private.require_user();
  v_id := private.uuid_arg(p_id, 'chisme_not_found');
  -- a chisme hidden from the caller (the select policy's rule) and a blocked author's chisme
  -- are left out alike
  v_row := (
    select private.feed_chisme_for_caller(c) from public.chismes c
    where c.id = v_id
      and (c.hidden_at is null or private.can_see_hidden_chisme(c.id))
      and not private.is_blocked_chisme(c.id, private.caller_blocked_ids())
  );
  -- adults only (10-profiles.sql): a shared link to a cotilleo chisme answers a key, so the web
  -- shows a notice instead of the content (and the image functions find no chisme)
  if v_row.cotilleo and not v_row.is_mine and not private.caller_is_adult() and not private.is_moderator() then
    raise exception 'chisme_adults_only' using errcode = 'P0001';
  end if;
  return v_row;
end;
$$;
revoke all on function public.get_chisme(text) from public, anon, authenticated, service_role;
grant execute on function public.get_chisme(text) to authenticated;
grant execute on function public.get_chisme(text) to service_role;
comment on function public.get_chisme(text) is 'One chisme as the caller sees it (null row when not found, hidden from them or by an author they blocked); a malformed id raises chisme_not_found.';

-- The live part of a few cards (counts and image state), for the cards no head topic pushes:
-- the web asks when they come into view and at most every 30 s while they stay visible, all
-- the visible ones in one call (80-realtime.sql; docs/api.md "Reads over GET"). A chisme the
-- caller may not see (hidden, blocked author) is left out, so the web drops its card. Ids as a
-- JSON array of at most 100 (a screen shows far fewer); anything else raises chisme_not_found.
create or replace function public.get_chisme_counts(p_ids jsonb)
returns table (id uuid, likes int, comments int, file_exist boolean, image_viewable boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  -- an array of strings, or (a GET's query string) a JSON string holding one
  v_texts text[] := coalesce(private.text_array_arg(p_ids, 'chisme_not_found'), '{}');
  v_ids uuid[];
  v_blocked uuid[];
begin
  perform private.require_user();
  if cardinality(v_texts) > 100 then
    raise exception 'chisme_not_found' using errcode = 'P0001';
  end if;
  v_ids := array(select private.uuid_arg(t, 'chisme_not_found') from unnest(v_texts) t);
  v_blocked := private.caller_blocked_ids();
  return query
    select f.id, f.likes, f.comments, f.file_exist, f.image_viewable
    from public.chismes c
    cross join lateral private.to_feed_chisme(c, false, false) f
    where c.id = any (v_ids)
      and c.deleted_at is null  -- a deleted chisme's placeholder leaves the feeds (decision 0034)
      and (c.hidden_at is null or private.can_see_hidden_chisme(c.id))
      and not private.is_blocked_chisme(c.id, v_blocked);
end;
$$;
revoke all on function public.get_chisme_counts(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.get_chisme_counts(jsonb) to authenticated;
grant execute on function public.get_chisme_counts(jsonb) to service_role;
comment on function public.get_chisme_counts(jsonb) is 'The like and comment counts and image state of up to 100 chismes the caller may see (a read over GET, for the cards no head topic pushes); malformed ids raise chisme_not_found.';

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
    c.cotilleo and c.file_exist and c.created_at >= now() - interval '20 minutes' and c.deleted_at is null,
    c.crisis, c.deleted_at is not null
  )::public.feed_chisme;
$$;
revoke all on function private.to_feed_chisme(public.chismes,boolean,boolean) from public, anon, authenticated, service_role;
grant execute on function private.to_feed_chisme(public.chismes,boolean,boolean) to authenticated;
grant execute on function private.to_feed_chisme(public.chismes,boolean,boolean) to service_role;
comment on function private.to_feed_chisme(public.chismes, boolean, boolean) is 'The feed_chisme row of a chisme (image viewable: cotilleo, has a file, at most 20 minutes old).';

-- get_feed with blocks: the per-row block check is a correlated scalar subquery (one
-- chisme_authors primary-key probe per candidate row). Written as `not exists (…)` under an
-- OR, the planner makes it a hashed subplan that loads every chisme of every blocked author
-- on each call, hundreds of times slower with 1,000 blocks of the most prolific authors
-- (bench/sql-feeds.ts; docs/database-history.md, "Schema comments"). Callers without blocks
-- skip it (the OR short-circuits).
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
  -- which the planner hashes at the cost of a whole scan of reports per page)
  v_reported uuid[] := array(select r.chisme_id from public.reports r where r.user_id = v_user_id and r.chisme_id is not null);
  -- the authors the caller blocked (at most 1,000; nearly always none, and then the check
  -- below is skipped without a probe; otherwise one chisme_authors primary-key probe per
  -- candidate row, written as a correlated scalar subquery so that it is never hashed)
  v_blocked uuid[] := private.caller_blocked_ids();
  v_no_blocks boolean := cardinality(v_blocked) = 0;
begin
  -- adults only (10-profiles.sql): the cotilleo feed needs the confirmation of being 18 or older
  if v_cotilleo and not private.caller_is_adult() then
    raise exception 'adult_confirmation_required' using errcode = 'P0001';
  end if;
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
        and c.deleted_at is null
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
        and c.deleted_at is null
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
        and c.deleted_at is null
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
      c.crisis, false
    from unnest(v_ids) with ordinality as page (id, position)
    join public.chismes c on c.id = page.id
    order by page.position;
end;
$$;
revoke all on function public.get_feed(text,text,text,text,text,text,jsonb,text,text,text,text) from public, anon, authenticated, service_role;
grant execute on function public.get_feed(text,text,text,text,text,text,jsonb,text,text,text,text) to authenticated;
grant execute on function public.get_feed(text,text,text,text,text,text,jsonb,text,text,text,text) to service_role;
comment on function public.get_feed(text, text, text, text, text, text, jsonb, text, text, text, text) is 'A page of a feed tab (recent, trending, top, old) of one mode, with filters and keyset pagination, without the chismes of authors the caller blocked; arguments as text (tags as a JSON array), malformed ones raise feed_filter_invalid / feed_cursor_invalid.';
