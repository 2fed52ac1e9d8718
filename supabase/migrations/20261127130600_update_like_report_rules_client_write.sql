-- The like and report rule triggers recognise a client's write by the request's role
-- (private.is_client_write(), 20261127130100), not by current_user: the write RPCs now run as
-- their owner, so `current_user in ('anon', 'authenticated')` was false for every client
-- write and the branch that makes the row the caller's own (user id from the token, the
-- database's time) no longer ran. The rest of each body is unchanged (20261123120200 for
-- reports, 20261122020600 for likes). The service role and the RPCs' owner are not clients:
-- their writes keep the values they give.

grant execute on function private.is_client_write() to service_role;

create or replace function private.check_report_rules()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  -- A client's write, through an RPC that runs as its owner or not: the request's role says so.
  if private.is_client_write() then
    new.user_id := private.require_user();
    new.created_at := now();
  end if;
  if new.user_id is null then
    raise exception 'not_authenticated' using errcode = 'P0001';
  end if;
  new.reason := coalesce(nullif(private.strip_markup(private.normalize_text(new.reason)), ''), 'Sin especificar');


  if num_nonnulls(new.chisme_id, new.comment_id) > 1 then
    raise exception 'report_target_invalid' using errcode = 'P0001';
  end if;
  if new.chisme_id is not null then
    if not exists (select 1 from public.chismes c where c.id = new.chisme_id) then
      raise exception 'report_target_not_found' using errcode = 'P0001';
    end if;
    if exists (
      select 1 from public.chisme_authors a where a.chisme_id = new.chisme_id and a.user_id = new.user_id
    ) then
      raise exception 'report_own_chisme' using errcode = 'P0001';
    end if;
    if exists (
      select 1 from public.reports r where r.chisme_id = new.chisme_id and r.user_id = new.user_id
    ) then
      raise exception 'report_already_exists' using errcode = 'P0001';
    end if;
  elsif new.comment_id is not null then
    if not exists (select 1 from public.comments c where c.id = new.comment_id) then
      raise exception 'report_target_not_found' using errcode = 'P0001';
    end if;
    if exists (
      select 1 from public.comment_authors a where a.comment_id = new.comment_id and a.user_id = new.user_id
    ) then
      return null; -- spec: reporting one's own comment is silently ignored
    end if;
    if exists (
      select 1 from public.reports r where r.comment_id = new.comment_id and r.user_id = new.user_id
    ) then
      raise exception 'report_already_exists' using errcode = 'P0001';
    end if;
  else
    raise exception 'report_target_not_found' using errcode = 'P0001';
  end if;
  if char_length(new.reason) > 200 then
    raise exception 'report_reason_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 200)::text;
  end if;
  return new;
end;
$$;
comment on function private.check_report_rules() is 'Trigger: one report per user and target, not on one''s own chisme, own comment ignored; normalised reason ≤ 200. A client''s report is the caller''s own.';

create or replace function private.check_like_rules()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  -- A client's write, through an RPC that runs as its owner or not: the request's role says so.
  if private.is_client_write() then
    new.user_id := private.require_user();
    new.created_at := now();
  end if;
  if new.user_id is null then
    raise exception 'not_authenticated' using errcode = 'P0001';
  end if;
  if not exists (select 1 from public.chismes c where c.id = new.chisme_id) then
    raise exception 'chisme_not_found' using errcode = 'P0001';
  end if;
  if exists (
    select 1 from public.chisme_authors a
    where a.chisme_id = new.chisme_id and a.user_id = new.user_id
  ) then
    raise exception 'like_own_chisme' using errcode = 'P0001';
  end if;
  if exists (
    select 1 from public.likes l
    where l.chisme_id = new.chisme_id and l.user_id = new.user_id
  ) then
    raise exception 'like_already_exists' using errcode = 'P0001';
  end if;
  return new;
end;
$$;
comment on function private.check_like_rules() is 'Trigger: a like needs a signed-in user, an existing chisme not their own, and no earlier like. A client''s like is the caller''s own.';
