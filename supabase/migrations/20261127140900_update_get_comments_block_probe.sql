-- get_comments with blocks: the thread's blocked comments are found with one comment_authors
-- primary-key probe per comment of the thread (a correlated scalar subquery, never hashed),
-- for the same reason as 20261127140800_update_get_feed_block_probe.sql. Body otherwise as in
-- 20261127140100_update_read_rpcs_hide_blocked.sql.

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
  -- driven by the thread's comments (comments_chisme_id_idx), one comment_authors
  -- primary-key probe each; never a scan of the blocked people's comments
  v_blocked_comments := case when cardinality(v_blocked) = 0 then '{}'::uuid[] else array(
    select m.id from public.comments m
    where m.chisme_id = v_chisme_id
      and coalesce((select a.user_id from public.comment_authors a where a.comment_id = m.id) = any (v_blocked), false)) end;
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
