-- Likes (spec §4 "Like"): signed-in users only, never on one's own chisme, once per user,
-- unlike removes it; chismes.likes follows exactly and never goes below 0. The author is
-- notified once per liker and chisme, ever. RLS shows a like only to the liker (anonymity).

create table public.likes (
  chisme_id uuid not null references public.chismes (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (chisme_id, user_id)
);
comment on table public.likes is 'Who liked which chisme; RLS shows a row only to the liker (liked_by_me).';
create index likes_user_id_idx on public.likes (user_id);

alter table public.likes enable row level security;

revoke all on table public.likes from anon, authenticated;
grant select, delete on table public.likes to authenticated;
grant insert (chisme_id) on table public.likes to authenticated;
grant all on table public.likes to service_role;

create policy likes_select_authenticated on public.likes
  for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy likes_select_authenticated on public.likes is 'A user sees only their own likes.';

create policy likes_insert_authenticated on public.likes
  for insert to authenticated
  with check (user_id = (select auth.uid()));
comment on policy likes_insert_authenticated on public.likes is 'A user likes only as themselves.';

create policy likes_delete_authenticated on public.likes
  for delete to authenticated
  using (user_id = (select auth.uid()));
comment on policy likes_delete_authenticated on public.likes is 'A user removes only their own like.';

-- Remembers every (chisme, liker) pair ever notified, so unlike + like never notifies twice
-- even after the notification itself was deleted. Private: no API role can read it.
create table private.notified_likes (
  chisme_id uuid not null references public.chismes (id) on delete cascade,
  liker_id uuid not null references auth.users (id) on delete cascade,
  primary key (chisme_id, liker_id)
);
comment on table private.notified_likes is 'Like notifications already sent (once per liker and chisme, ever). No API access.';
create index notified_likes_liker_id_idx on private.notified_likes (liker_id);

-- Runs as the caller: the chisme, the caller's own authorship and own like are all visible.
create or replace function private.check_like_rules()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
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
comment on function private.check_like_rules() is 'Trigger: a like needs a signed-in user, an existing chisme not their own, and no earlier like.';

create trigger likes_before_insert_check_rules
  before insert on public.likes
  for each row execute function private.check_like_rules();

-- Security definer: counters and notifications are not writable by clients.
create or replace function private.count_like()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update public.chismes set likes = likes + 1 where id = new.chisme_id;
  else
    update public.chismes set likes = greatest(likes - 1, 0) where id = old.chisme_id;
  end if;
  return null;
end;
$$;
comment on function private.count_like() is 'Trigger: keeps chismes.likes equal to the number of likes, never below 0 (security definer: clients cannot write counters).';

create trigger likes_after_insert_count
  after insert on public.likes
  for each row execute function private.count_like();

create trigger likes_after_delete_count
  after delete on public.likes
  for each row execute function private.count_like();

-- Security definer: reads the chisme's author, invisible to the liker. The unique id is a
-- hash of chisme and liker, so the author cannot recover the liker's id from it.
create or replace function private.notify_like()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_author_id uuid;
  v_content text;
begin
  insert into private.notified_likes (chisme_id, liker_id)
  values (new.chisme_id, new.user_id)
  on conflict do nothing;
  if not found then
    return null;
  end if;
  select a.user_id, c.content into v_author_id, v_content
  from public.chismes c
  join public.chisme_authors a on a.chisme_id = c.id
  where c.id = new.chisme_id;
  if v_author_id is null or v_author_id = new.user_id then
    return null;
  end if;
  perform private.notify(
    v_author_id,
    'like_on_chisme',
    format('A alguien le gustó tu chisme: "%s"', private.snippet(v_content)),
    jsonb_build_object('chismeId', new.chisme_id, 'snippet', private.snippet(v_content)),
    'like:' || encode(extensions.digest(new.chisme_id::text || ':' || new.user_id::text, 'sha256'), 'hex')
  );
  return null;
end;
$$;
comment on function private.notify_like() is 'Trigger: notifies the chisme''s author of a like, once per liker and chisme ever (security definer: the author is hidden from the liker).';

create trigger likes_after_insert_notify
  after insert on public.likes
  for each row execute function private.notify_like();

create or replace function public.like_chisme(p_chisme_id uuid)
returns int
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_likes int;
begin
  perform private.require_user();
  insert into public.likes (chisme_id) values (p_chisme_id);
  select c.likes into v_likes from public.chismes c where c.id = p_chisme_id;
  return v_likes;
end;
$$;
comment on function public.like_chisme(uuid) is 'Likes a chisme as the caller; returns the new like count.';
revoke execute on function public.like_chisme(uuid) from public, anon;
grant execute on function public.like_chisme(uuid) to authenticated;

create or replace function public.unlike_chisme(p_chisme_id uuid)
returns int
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
  v_likes int;
begin
  select c.likes into v_likes from public.chismes c where c.id = p_chisme_id;
  if not found then
    raise exception 'chisme_not_found' using errcode = 'P0001';
  end if;
  delete from public.likes l where l.chisme_id = p_chisme_id and l.user_id = v_user_id;
  if not found then
    raise exception 'like_not_found' using errcode = 'P0001';
  end if;
  select c.likes into v_likes from public.chismes c where c.id = p_chisme_id;
  return v_likes;
end;
$$;
comment on function public.unlike_chisme(uuid) is 'Removes the caller''s like; returns the new like count.';
revoke execute on function public.unlike_chisme(uuid) from public, anon;
grant execute on function public.unlike_chisme(uuid) to authenticated;
