-- The comment RPCs of docs/api.md and their row shape `thread_comment`: no author id; is_mine
-- computed for the caller; is_chisme_author and commenter_number as stored by the triggers.

create type public.thread_comment as (
  id uuid,
  chisme_id uuid,
  parent_id uuid,
  depth int,
  gender text,
  country text,
  years int,
  content text,
  report int,
  created_at timestamptz,
  updated_at timestamptz,
  is_mine boolean,
  is_chisme_author boolean,
  commenter_number int
);
comment on type public.thread_comment is 'A comment as served to a user: no author; is_mine, is_chisme_author, commenter_number.';

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
    c.commenter_number
  )::public.thread_comment;
$$;
comment on function private.to_thread_comment(public.comments, boolean) is 'The thread_comment row of a comment.';
grant execute on function private.to_thread_comment(public.comments, boolean) to authenticated, service_role;

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
comment on function public.get_comments(uuid, timestamptz, uuid, int) is 'A page of root comments of a chisme (newest first), followed by all their replies.';
revoke execute on function public.get_comments(uuid, timestamptz, uuid, int) from public, anon;
grant execute on function public.get_comments(uuid, timestamptz, uuid, int) to authenticated;

create or replace function public.add_comment(
  p_chisme_id uuid,
  p_parent_id uuid,
  p_content text,
  p_gender text,
  p_years int,
  p_country text
)
returns public.thread_comment
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_row public.comments;
begin
  perform private.require_user();
  insert into public.comments (chisme_id, parent_id, content, gender, years, country)
  values (p_chisme_id, p_parent_id, p_content, p_gender, p_years, p_country)
  returning * into v_row;
  return private.to_thread_comment(v_row, true);
end;
$$;
comment on function public.add_comment(uuid, uuid, text, text, int, text) is 'Comments on a chisme, or replies to a comment, as the caller (rules enforced by the comments trigger).';
revoke execute on function public.add_comment(uuid, uuid, text, text, int, text) from public, anon;
grant execute on function public.add_comment(uuid, uuid, text, text, int, text) to authenticated;
