-- The read RPCs leave out what the caller's blocks cover (20261127140000_create_author_blocks.sql):
-- - get_feed (every tab, and so the new-chismes pill's fetch, which pages get_feed): a chisme
--   whose author the caller blocked is skipped. Index-backed anti-join: for callers with no
--   blocks (nearly everyone) the check is skipped without a probe; otherwise one probe of
--   chisme_authors' primary key per candidate row against the caller's blocked ids, loaded
--   once per call (at most 1,000).
-- - get_chisme (deep links): a blocked author's chisme answers the null row, exactly as an
--   unknown one.
-- - get_comments (threads): a blocked author's comment is left out; when replies that the
--   caller does see hang under it, it stays as a placeholder (is_hidden, no content, no author
--   details: "Comentario oculto") so the thread keeps its shape. Roots are chosen after the
--   rule, so a page still holds p_limit roots when more exist.
-- get_chisme and get_comments become security definer, as get_feed is: they read the author
-- tables and private.blocks, which no API role may, and so apply the select policies of
-- 20261124100000_update_chismes_rls_hide_moderated.sql themselves (a chisme hidden by reports
-- only for its author and moderators; a hidden comment only for its author and moderators;
-- the comments of a chisme hidden from the caller for nobody else). Authorship is read by the
-- caller's id only.
-- All stay stable and write nothing (read replicas serve them over GET). Bodies otherwise as
-- in 20261124130000_update_read_rpcs_text_arguments.sql.

alter type public.thread_comment add attribute is_hidden boolean;
comment on type public.thread_comment is 'A comment as served to a user: no author; is_mine, is_chisme_author, commenter_number; is_hidden for the placeholder of a blocked author''s comment that has visible replies.';

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
    c.commenter_number, false
  )::public.thread_comment;
$$;
comment on function private.to_thread_comment(public.comments, boolean) is 'The thread_comment row of a comment.';

-- The placeholder of a comment the caller does not see but whose replies they do: its place in
-- the thread only, nothing of its author or text.
create or replace function private.to_hidden_thread_comment(c public.comments)
returns public.thread_comment
language sql
immutable
security invoker
set search_path = ''
as $$
  select row(
    c.id, c.chisme_id, c.parent_id, c.depth, null, null, null, '',
    0, c.created_at, c.created_at, false, false, null, true
  )::public.thread_comment;
$$;
comment on function private.to_hidden_thread_comment(public.comments) is 'The "Comentario oculto" placeholder row of a comment (position only).';
revoke execute on function private.to_hidden_thread_comment(public.comments) from public, anon, authenticated, service_role;

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
      c.cotilleo and c.file_exist and c.created_at >= now() - interval '20 minutes'
    from unnest(v_ids) with ordinality as page (id, position)
    join public.chismes c on c.id = page.id
    order by page.position;
end;
$$;
comment on function public.get_feed(text, text, text, text, text, text, jsonb, text, text, text, text) is 'A page of a feed tab (recent, trending, top, old) of one mode, with filters and keyset pagination, without the chismes of authors the caller blocked; arguments as text (tags as a JSON array), malformed ones raise feed_filter_invalid / feed_cursor_invalid.';

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
  return v_row;
end;
$$;
comment on function public.get_chisme(text) is 'One chisme as the caller sees it (null row when not found, hidden from them or by an author they blocked); a malformed id raises chisme_not_found.';

create or replace function public.get_comments(
  p_chisme_id text,
  p_cursor_created_at text default null,
  p_cursor_id text default null,
  p_limit text default null
)
returns setof public.thread_comment
language plpgsql
stable
security definer
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
  v_blocked uuid[] := private.caller_blocked_ids();
  v_is_moderator boolean := private.is_moderator();
  -- this chisme's comments by authors the caller blocked (an index probe per comment of the
  -- thread, only for callers with blocks)
  v_blocked_comments uuid[];
  v_comment public.comments;
begin
  -- the chismes select policy: hidden by reports only for its author and moderators
  if not exists (select 1 from public.chismes c where c.id = v_chisme_id and (c.hidden_at is null or private.can_see_hidden_chisme(c.id)))
     or private.is_blocked_chisme(v_chisme_id, v_blocked) then
    return;
  end if;
  v_blocked_comments := case when cardinality(v_blocked) = 0 then '{}'::uuid[] else array(
    select m.id from public.comments m
    where m.chisme_id = v_chisme_id and private.is_blocked_comment(m.id, v_blocked)) end;
  for v_comment in
    with roots as (
      -- a blocked author's root counts only when a reply the caller sees hangs under it
      select r.id
      from public.comments r
      where r.chisme_id = v_chisme_id
        and r.parent_id is null
        and r.id <> all (v_reported)
        -- the comments select policy: a hidden comment only for its author and moderators
        and (r.hidden_at is null or v_is_moderator or exists (select 1 from public.comment_authors o where o.comment_id = r.id and o.user_id = v_user_id))
        and (r.id <> all (v_blocked_comments) or exists (
          select 1 from public.comments d
          where d.root_id = r.id and d.id <> r.id and d.id <> all (v_blocked_comments) and d.id <> all (v_reported)
            and (d.hidden_at is null or v_is_moderator or exists (select 1 from public.comment_authors o where o.comment_id = d.id and o.user_id = v_user_id))))
        and (not v_has_cursor or (r.created_at, r.id) < (v_cursor_created_at, v_cursor_id))
      order by r.created_at desc, r.id desc
      limit v_limit
    ),
    page as (
      select c.*
      from public.comments c
      where c.root_id in (select roots.id from roots)
        and c.id <> all (v_reported)
        and (c.hidden_at is null or v_is_moderator or exists (select 1 from public.comment_authors o where o.comment_id = c.id and o.user_id = v_user_id))
    ),
    shown as (
      -- a blocked comment stays (as a placeholder) only above a reply the caller sees; depth <= 3
      select p.*
      from page p
      where p.id <> all (v_blocked_comments)
        or exists (select 1 from page d where d.parent_id = p.id and d.id <> all (v_blocked_comments))
        or exists (select 1 from page d join page e on e.parent_id = d.id where d.parent_id = p.id and e.id <> all (v_blocked_comments))
    )
    select s.*
    from shown s
    -- roots first, newest first; then replies, oldest first
    order by s.parent_id is not null,
      case when s.parent_id is null then s.created_at end desc,
      case when s.parent_id is null then s.id end desc,
      s.created_at asc, s.id asc
  loop
    if v_comment.id = any (v_blocked_comments) then
      return next private.to_hidden_thread_comment(v_comment);
    else
      return next private.to_thread_comment(
        v_comment,
        exists (select 1 from public.comment_authors a where a.comment_id = v_comment.id and a.user_id = v_user_id)
      );
    end if;
  end loop;
end;
$$;
comment on function public.get_comments(text, text, text, text) is 'A page of root comments of a chisme (newest first) with their replies, without what the caller reported or what authors they blocked wrote ("Comentario oculto" placeholders keep the thread''s shape); arguments as text, malformed ones raise chisme_not_found / comments_cursor_invalid.';
