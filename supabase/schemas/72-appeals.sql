-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

-- Appeals: the author of a chisme hidden by reports sees it in their profile as "Oculto por
-- denuncias" and may ask once for a review. The appeal reaches moderators first (get_appeals,
-- shown above the queue, with the report count); the decision is the moderators' existing
-- restore / delete, which already notifies the author with a moderation_decision that names no
-- moderator. A restored chisme leaves the appeals list (no longer hidden); a deleted one takes
-- its appeal with it; either way the author cannot appeal it again (one appeal per chisme, ever).
create table private.appeals (
  chisme_id uuid primary key references public.chismes (id) on delete cascade,
  created_at timestamptz not null default now()
);
revoke all on table private.appeals from public, anon, authenticated, service_role;
comment on table private.appeals is 'One review request per hidden chisme, by its author (the author is found through chisme_authors, never stored here). No API access.';

-- Security definer: reads chisme_authors and writes private.appeals; the caller is checked here.
create or replace function public.appeal_chisme(p_chisme_id text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
  v_chisme_id uuid := private.uuid_arg(p_chisme_id, 'appeal_not_allowed');
begin
  -- only the author, only a chisme hidden by reports (anything else looks the same)
  if not exists (
    select 1 from public.chismes c join public.chisme_authors a on a.chisme_id = c.id
    where c.id = v_chisme_id and a.user_id = v_user_id and c.hidden_at is not null
  ) then
    raise exception 'appeal_not_allowed' using errcode = 'P0001';
  end if;
  insert into private.appeals (chisme_id) values (v_chisme_id) on conflict do nothing;
  if not found then
    raise exception 'appeal_already_exists' using errcode = 'P0001';
  end if;
end;
$$;
revoke all on function public.appeal_chisme(text) from public, anon, authenticated, service_role;
grant execute on function public.appeal_chisme(text) to service_role;
grant execute on function public.appeal_chisme(text) to authenticated;
comment on function public.appeal_chisme(text) is 'The author asks once for a review of their chisme hidden by reports. Keys: appeal_not_allowed, appeal_already_exists.';

-- Security definer: reads chisme_authors for the caller's own rows only.
create or replace function public.get_my_hidden_chismes()
returns table (chisme_id uuid, appealed boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
begin
  return query
    select c.id, exists (select 1 from private.appeals p where p.chisme_id = c.id)
    from public.chisme_authors a
    join public.chismes c on c.id = a.chisme_id
    where a.user_id = v_user_id and c.hidden_at is not null
    order by c.created_at desc;
end;
$$;
revoke all on function public.get_my_hidden_chismes() from public, anon, authenticated, service_role;
grant execute on function public.get_my_hidden_chismes() to service_role;
grant execute on function public.get_my_hidden_chismes() to authenticated;
comment on function public.get_my_hidden_chismes() is 'The caller''s chismes hidden by reports ("Oculto por denuncias") and whether each was appealed.';

-- Security definer: moderators read every appeal (never who made it).
create or replace function public.get_appeals()
returns table (chisme_id uuid, content text, cotilleo boolean, total_reports int, pending_reports int, appealed_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_moderator();
  return query
    select c.id, c.content, c.cotilleo, c.report,
      (select count(*)::int from public.reports r where r.chisme_id = c.id and r.handled_at is null),
      p.created_at
    from private.appeals p
    join public.chismes c on c.id = p.chisme_id
    where c.hidden_at is not null
    order by p.created_at;
end;
$$;
revoke all on function public.get_appeals() from public, anon, authenticated, service_role;
grant execute on function public.get_appeals() to service_role;
grant execute on function public.get_appeals() to authenticated;
comment on function public.get_appeals() is 'Moderators: hidden chismes whose authors asked for a review, oldest first, with their report counts (no ids of people).';
