-- The chisme RPCs of docs/api.md and their row shape `feed_chisme`: no author id, no liker
-- ids; `is_mine` and `liked_by_me` are computed for the caller from tables RLS limits to
-- the caller's own rows. All security invoker: RLS decides what the caller may see.

create type public.feed_chisme as (
  id uuid,
  gender text,
  years int,
  country text,
  tags text[],
  content text,
  cotilleo boolean,
  likes int,
  comments int,
  report int,
  file_exist boolean,
  created_at timestamptz,
  updated_at timestamptz,
  is_mine boolean,
  liked_by_me boolean,
  image_viewable boolean
);
comment on type public.feed_chisme is 'A chisme as served to a user: no author, computed is_mine / liked_by_me / image_viewable.';

-- Builds the served row; `is_mine` and `liked_by_me` are passed in (computed by the caller's
-- query, or false for broadcasts).
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
    c.cotilleo and c.file_exist and c.created_at >= now() - interval '20 minutes'
  )::public.feed_chisme;
$$;
comment on function private.to_feed_chisme(public.chismes, boolean, boolean) is 'The feed_chisme row of a chisme (image viewable: cotilleo, has a file, at most 20 minutes old).';
grant execute on function private.to_feed_chisme(public.chismes, boolean, boolean) to authenticated, service_role;

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
comment on function private.feed_chisme_for_caller(public.chismes) is 'The feed_chisme row of a chisme as the caller sees it.';
grant execute on function private.feed_chisme_for_caller(public.chismes) to authenticated, service_role;

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
  v_limit int := least(greatest(coalesce(p_limit, 20), 1), 100);
  v_tags text[] := case when cardinality(p_tags) > 0 then private.normalize_tags(p_tags) end;
  v_cotilleo boolean := coalesce(p_cotilleo, false);
  v_has_cursor boolean := p_cursor_created_at is not null and p_cursor_id is not null;
  v_cursor_likes int := coalesce(p_cursor_likes, 0);
  v_chisme public.chismes;
begin
  perform private.require_user();
  if v_tags = '{}'::text[] then
    v_tags := null;
  end if;

  if p_tab = 'recent' then
    for v_chisme in
      select c.*
      from public.chismes c
      where c.cotilleo = v_cotilleo
        and (p_gender is null or c.gender = p_gender)
        and (p_country is null or c.country = p_country)
        and (p_years_from is null or c.years >= p_years_from)
        and (p_years_to is null or c.years <= p_years_to)
        and (v_tags is null or c.tags && v_tags)
        and (not v_has_cursor or (c.created_at, c.id) < (p_cursor_created_at, p_cursor_id))
      order by c.created_at desc, c.id desc
      limit v_limit
    loop
      return next private.feed_chisme_for_caller(v_chisme);
    end loop;
  elsif p_tab = 'old' then
    for v_chisme in
      select c.*
      from public.chismes c
      where c.cotilleo = v_cotilleo
        and (p_gender is null or c.gender = p_gender)
        and (p_country is null or c.country = p_country)
        and (p_years_from is null or c.years >= p_years_from)
        and (p_years_to is null or c.years <= p_years_to)
        and (v_tags is null or c.tags && v_tags)
        and (not v_has_cursor or (c.created_at, c.id) > (p_cursor_created_at, p_cursor_id))
      order by c.created_at asc, c.id asc
      limit v_limit
    loop
      return next private.feed_chisme_for_caller(v_chisme);
    end loop;
  elsif p_tab = 'top' then
    for v_chisme in
      select c.*
      from public.chismes c
      where c.cotilleo = v_cotilleo
        and (p_gender is null or c.gender = p_gender)
        and (p_country is null or c.country = p_country)
        and (p_years_from is null or c.years >= p_years_from)
        and (p_years_to is null or c.years <= p_years_to)
        and (v_tags is null or c.tags && v_tags)
        and (not v_has_cursor or (c.likes, c.created_at, c.id) < (v_cursor_likes, p_cursor_created_at, p_cursor_id))
      order by c.likes desc, c.created_at desc, c.id desc
      limit v_limit
    loop
      return next private.feed_chisme_for_caller(v_chisme);
    end loop;
  elsif p_tab = 'trending' then
    for v_chisme in
      select c.*
      from public.chismes c
      where c.cotilleo = v_cotilleo
        and c.created_at > now() - interval '24 hours'
        and (p_gender is null or c.gender = p_gender)
        and (p_country is null or c.country = p_country)
        and (p_years_from is null or c.years >= p_years_from)
        and (p_years_to is null or c.years <= p_years_to)
        and (v_tags is null or c.tags && v_tags)
        and (not v_has_cursor or (c.likes, c.created_at, c.id) < (v_cursor_likes, p_cursor_created_at, p_cursor_id))
      order by c.likes desc, c.created_at desc, c.id desc
      limit v_limit
    loop
      return next private.feed_chisme_for_caller(v_chisme);
    end loop;
  else
    raise exception 'feed_tab_invalid' using errcode = 'P0001',
      detail = jsonb_build_object('allowed', jsonb_build_array('recent', 'trending', 'top', 'old'))::text;
  end if;
end;
$$;
comment on function public.get_feed(text, boolean, text, text, int, int, text[], timestamptz, int, uuid, int) is 'A page of a feed tab (recent, trending, top, old) of one mode, with filters and keyset pagination.';
revoke execute on function public.get_feed(text, boolean, text, text, int, int, text[], timestamptz, int, uuid, int) from public, anon;
grant execute on function public.get_feed(text, boolean, text, text, int, int, text[], timestamptz, int, uuid, int) to authenticated;

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
  v_row := (select private.feed_chisme_for_caller(c) from public.chismes c where c.id = p_id);
  return v_row;
end;
$$;
comment on function public.get_chisme(uuid) is 'One chisme as the caller sees it; a null row when not found.';
revoke execute on function public.get_chisme(uuid) from public, anon;
grant execute on function public.get_chisme(uuid) to authenticated;

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
comment on function public.get_my_chismes(boolean) is 'The caller''s own chismes of one mode, newest first.';
revoke execute on function public.get_my_chismes(boolean) from public, anon;
grant execute on function public.get_my_chismes(boolean) to authenticated;

create or replace function public.create_chisme(
  p_gender text,
  p_years int,
  p_content text,
  p_tags text[],
  p_country text,
  p_cotilleo boolean
)
returns public.feed_chisme
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_row public.chismes;
begin
  perform private.require_user();
  insert into public.chismes (gender, years, content, tags, country, cotilleo)
  values (p_gender, p_years, p_content, coalesce(p_tags, '{}'::text[]), p_country, coalesce(p_cotilleo, false))
  returning * into v_row;
  return private.to_feed_chisme(v_row, true, false);
end;
$$;
comment on function public.create_chisme(text, int, text, text[], text, boolean) is 'Publishes a chisme as the caller (rules enforced by the chismes trigger).';
revoke execute on function public.create_chisme(text, int, text, text[], text, boolean) from public, anon;
grant execute on function public.create_chisme(text, int, text, text[], text, boolean) to authenticated;
