-- The like path, cheaper in PostgreSQL (docs/decisions/0016-performance-budgets.md: >= 300 likes/s with every trigger).
--
-- 1. Helpers called once or more per write become plpgsql. A `language sql` function with a
--    `set search_path` clause is never inlined, and called from plpgsql it is parsed and
--    planned again on every call; plpgsql keeps each statement's plan for the session.
--    is_new_account ran three times per like (rate limit, new-account cap), snippet twice.
-- 2. like_chisme inserts with `on conflict do nothing` instead of catching unique_violation in
--    an exception block: the block opened a subtransaction around the insert and every trigger
--    it fires, on every like. check_like_rules already refuses a repeat; the conflict clause
--    only settles two identical likes racing, and the loser gets the same key.
-- 3. notify_like takes the snippet once.
-- Semantics are unchanged: the whole pgTAP suite (1,023 tests) passes as it was.

create or replace function private.is_new_account(p_user_id uuid)
returns boolean
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  return exists (
    select 1 from auth.users u
    where u.id = p_user_id
      and u.created_at > now() - coalesce((select s.min_age from private.new_account_settings s), interval '1 day')
  ) and not exists (select 1 from private.rate_limit_overrides o where o.user_id = p_user_id);
end;
$$;

create or replace function private.snippet(p_text text)
returns text
language plpgsql
immutable
security invoker
set search_path = ''
as $$
begin
  return case when char_length(p_text) > 50 then left(p_text, 50) || '...' else p_text end;
end;
$$;

create or replace function public.like_chisme(p_chisme_id text)
returns int
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_chisme_id uuid := private.uuid_arg(p_chisme_id, 'chisme_not_found');
  v_likes int;
begin
  perform private.require_user();
  insert into public.likes (chisme_id) values (v_chisme_id)
  on conflict (chisme_id, user_id) do nothing;
  if not found then
    raise exception 'like_already_exists' using errcode = 'P0001';
  end if;
  select c.likes into v_likes from public.chismes c where c.id = v_chisme_id;
  return v_likes;
end;
$$;

create or replace function private.notify_like()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_author_id uuid;
  v_snippet text;
begin
  insert into private.notified_likes (chisme_id, liker_id)
  values (new.chisme_id, new.user_id)
  on conflict do nothing;
  if not found then
    return null;
  end if;
  select a.user_id, private.snippet(c.content) into v_author_id, v_snippet
  from public.chismes c
  join public.chisme_authors a on a.chisme_id = c.id
  where c.id = new.chisme_id;
  if v_author_id is null or v_author_id = new.user_id then
    return null;
  end if;
  perform private.notify(
    v_author_id,
    'like_on_chisme',
    format('A alguien le gustó tu chisme: "%s"', v_snippet),
    jsonb_build_object('chismeId', new.chisme_id, 'snippet', v_snippet),
    'like:' || encode(extensions.digest(new.chisme_id::text || ':' || new.user_id::text, 'sha256'), 'hex')
  );
  return null;
end;
$$;
