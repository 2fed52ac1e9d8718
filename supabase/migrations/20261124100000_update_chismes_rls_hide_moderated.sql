-- Hidden content is hidden by RLS (docs/decisions/0010-automatic-hiding.md), and the feed keeps its index paths (docs/decisions/0014-feed-access-paths.md).
--
-- Until now a chisme hidden by reports was left out by the read RPCs only, so a direct REST
-- `select` on public.chismes still returned it. Now:
-- 1. chismes: the select policy shows a hidden chisme only to its author and moderators;
-- 2. comments: the select policy also leaves out every comment of a chisme hidden from the
--    caller (a hidden comment was already hidden by it);
-- 3. get_feed becomes security definer and applies the same rule explicitly (as it already
--    did, with the reporter's rule on top), reading the caller's authorship and likes by the
--    caller's id only. Why not let RLS do it there too: with any non-trivial
--    policy on chismes, PostgreSQL refuses the non-leakproof `tags && …` as an index
--    condition ahead of the policy, so the GIN tag index could never serve a signed-in feed
--    (measured: top feed with a rare tag 16 ms → 215 ms at 200k chismes);
-- 4. the country-led feed indexes become covering (the proposal in
--    bench/sql/proposed-covering-feed-indexes.sql, which needed hidden_at): get_feed's inner
--    selects filter inside the index (Index Only Scan) instead of fetching each heap row, and
--    trending with every filter no longer ANDs the GIN bitmap of a common tag (78–90 ms →
--    0.76 ms at 1M). Write cost in bench/README.md;
-- 5. get_comments leaves out the comments the caller reported, at once (Jodel's rule, as the
--    feed already did for reported chismes).

-- ---------------------------------------------------------------------------------------------
-- Covering feed indexes
-- ---------------------------------------------------------------------------------------------

drop index public.chismes_cotilleo_country_created_at_id_idx;
drop index public.chismes_cotilleo_country_likes_created_at_id_idx;

create index chismes_cotilleo_country_created_at_id_idx
  on public.chismes (cotilleo, country, created_at desc, id desc)
  include (likes, gender, years, tags, report, hidden_at);

create index chismes_cotilleo_country_likes_created_at_id_idx
  on public.chismes (cotilleo, country, likes desc, created_at desc, id desc)
  include (gender, years, tags, report, hidden_at);

-- ---------------------------------------------------------------------------------------------
-- RLS
-- ---------------------------------------------------------------------------------------------

drop policy chismes_select_authenticated on public.chismes;
create policy chismes_select_authenticated on public.chismes
  for select to authenticated
  using (
    hidden_at is null
    or (select private.is_moderator())
    or exists (select 1 from public.chisme_authors a where a.chisme_id = chismes.id and a.user_id = (select auth.uid()))
  );
comment on policy chismes_select_authenticated on public.chismes is 'Signed-in users read every chisme (rows carry no author) except those hidden by reports, which only their author and moderators see.';

-- The chisme test reads public.chismes as the caller, so the chismes policy above applies to it.
drop policy comments_select_authenticated on public.comments;
create policy comments_select_authenticated on public.comments
  for select to authenticated
  using (
    (
      hidden_at is null
      or (select private.is_moderator())
      or exists (select 1 from public.comment_authors a where a.comment_id = comments.id and a.user_id = (select auth.uid()))
    )
    and exists (select 1 from public.chismes ch where ch.id = comments.chisme_id)
  );
comment on policy comments_select_authenticated on public.comments is 'Signed-in users read the comments (rows carry no author) of the chismes they can see, except hidden comments, which only their author and moderators see.';

-- ---------------------------------------------------------------------------------------------
-- get_feed: security definer, the visibility rule written out
-- ---------------------------------------------------------------------------------------------

-- Security definer: reads public.chismes past its select policy (see the header, point 3);
-- applies the same visibility rule itself and reads authorship and likes only for the caller.
-- Same signature, rows and errors; grants kept by `create or replace`.
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
security definer
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
-- get_comments: the chisme test now follows RLS (a chisme hidden from the caller is not found).
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
  -- the comments of this chisme the caller reported: hidden from them at once (Jodel's rule)
  v_reported uuid[] := array(
    select r.comment_id from public.reports r
    join public.comments rc on rc.id = r.comment_id and rc.chisme_id = p_chisme_id
    where r.user_id = v_user_id);
  v_comment public.comments;
begin
  if not exists (select 1 from public.chismes c where c.id = p_chisme_id) then
    return;
  end if;
  for v_comment in
    with roots as (
      select r.id
      from public.comments r
      where r.chisme_id = p_chisme_id
        and r.parent_id is null
        and r.id <> all (v_reported)
        and (not v_has_cursor or (r.created_at, r.id) < (p_cursor_created_at, p_cursor_id))
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
