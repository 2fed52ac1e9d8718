-- Comments (spec §4, §5 "Comment"): threaded by parent, at most 3 levels deep. The author link
-- lives in `comment_authors` (owner-only RLS). Two derived, non-identifying fields are stored
-- when a comment is written: whether the commenter wrote the chisme (the "Autor" badge) and a
-- per-chisme commenter number ("Anónimo N"), stable within a chisme, unrelated across chismes.

create table public.comments (
  id uuid primary key default gen_random_uuid(),
  chisme_id uuid not null references public.chismes (id) on delete cascade,
  parent_id uuid references public.comments (id) on delete cascade,
  root_id uuid not null references public.comments (id) on delete cascade,
  depth int not null check (depth between 1 and 3),
  gender text not null,
  country text not null check (char_length(country) between 1 and 100),
  years int not null,
  content text not null check (char_length(content) between 1 and 400),
  report int not null default 0 check (report >= 0),
  is_chisme_author boolean not null default false,
  commenter_number int not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((parent_id is null) = (depth = 1))
);
comment on table public.comments is 'Threaded comments (depth 1–3). No author column: see comment_authors.';

-- get_comments: a page of roots of one chisme, newest first, then their whole subtrees.
create index comments_chisme_id_roots_idx on public.comments (chisme_id, created_at desc, id desc) where parent_id is null;
create index comments_chisme_id_idx on public.comments (chisme_id);
create index comments_parent_id_idx on public.comments (parent_id);
create index comments_root_id_idx on public.comments (root_id);

alter table public.comments enable row level security;

revoke all on table public.comments from anon, authenticated;
grant select on table public.comments to authenticated;
grant insert (chisme_id, parent_id, gender, country, years, content) on table public.comments to authenticated;
grant all on table public.comments to service_role;

create policy comments_select_authenticated on public.comments
  for select to authenticated
  using (true);
comment on policy comments_select_authenticated on public.comments is 'Every signed-in user reads every comment (rows carry no author).';

create policy comments_insert_authenticated on public.comments
  for insert to authenticated
  with check ((select auth.uid()) is not null);
comment on policy comments_insert_authenticated on public.comments is 'A signed-in user comments; the author link is always the caller (trigger).';

create trigger comments_before_update_set_updated_at
  before update on public.comments
  for each row execute function private.set_updated_at();

create table public.comment_authors (
  comment_id uuid primary key references public.comments (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade
);
comment on table public.comment_authors is 'Who wrote each comment; RLS shows a row only to that author (anonymity).';
create index comment_authors_user_id_idx on public.comment_authors (user_id);

alter table public.comment_authors enable row level security;
revoke all on table public.comment_authors from anon, authenticated;
grant select on table public.comment_authors to authenticated;
grant all on table public.comment_authors to service_role;

create policy comment_authors_select_authenticated on public.comment_authors
  for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy comment_authors_select_authenticated on public.comment_authors is 'An author sees only their own authorship rows (is_mine).';

-- Per-chisme commenter numbers, kept even when comments are deleted so numbers never move.
create table private.thread_participants (
  chisme_id uuid not null references public.chismes (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  number int not null,
  primary key (chisme_id, user_id),
  constraint thread_participants_chisme_id_number_key unique (chisme_id, number)
);
comment on table private.thread_participants is 'Commenter numbers per chisme (1, 2, 3… by first comment). No API access.';
create index thread_participants_user_id_idx on private.thread_participants (user_id);

-- Spec §5 "Comment". Runs as the caller. Fires before the thread identity trigger
-- (triggers fire in name order: check_rules < set_thread_identity).
create or replace function private.check_comment_rules()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_cotilleo boolean;
  v_parent public.comments;
  v_min_years int;
  v_words text[];
begin
  if current_user in ('anon', 'authenticated') then
    perform private.require_user();
    new.id := gen_random_uuid();
    new.report := 0;
    new.created_at := now();
    new.updated_at := now();
  end if;

  select c.cotilleo into v_cotilleo from public.chismes c where c.id = new.chisme_id;
  if not found then
    raise exception 'chisme_not_found' using errcode = 'P0001';
  end if;

  if new.parent_id is null then
    new.depth := 1;
    new.root_id := new.id;
  else
    select * into v_parent from public.comments p where p.id = new.parent_id;
    if not found or v_parent.chisme_id <> new.chisme_id then
      raise exception 'comment_parent_not_found' using errcode = 'P0001';
    end if;
    if v_parent.depth >= 3 then
      raise exception 'comment_depth_exceeded' using errcode = 'P0001',
        detail = jsonb_build_object('max', 3)::text;
    end if;
    new.depth := v_parent.depth + 1;
    new.root_id := v_parent.root_id;
  end if;

  new.content := btrim(coalesce(new.content, ''), e' \t\r\n');
  if new.content = '' then
    raise exception 'comment_content_required' using errcode = 'P0001';
  end if;
  if char_length(new.content) > 400 then
    raise exception 'comment_content_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 400)::text;
  end if;

  if new.gender is null or new.gender not in ('Hombre', 'Mujer', 'Prefiero no decirlo') then
    raise exception 'comment_gender_required' using errcode = 'P0001',
      detail = jsonb_build_object('allowed', jsonb_build_array('Hombre', 'Mujer', 'Prefiero no decirlo'))::text;
  end if;

  v_min_years := case when v_cotilleo then 18 else 13 end;
  if new.years is null or new.years not between v_min_years and 100 then
    raise exception 'comment_years_out_of_range' using errcode = 'P0001',
      detail = jsonb_build_object('min', v_min_years, 'max', 100)::text;
  end if;

  new.country := btrim(coalesce(new.country, ''));
  if new.country = '' then
    raise exception 'comment_country_required' using errcode = 'P0001';
  end if;

  if not v_cotilleo then
    v_words := public.find_offensive_words(new.content);
    if cardinality(v_words) > 0 then
      raise exception 'content_offensive' using errcode = 'P0001',
        detail = jsonb_build_object('words', to_jsonb(v_words))::text;
    end if;
  end if;
  return new;
end;
$$;
comment on function private.check_comment_rules() is 'Trigger: validates a new comment (spec §5), sets depth and root, resets client-forged fields.';

create trigger comments_before_insert_check_rules
  before insert on public.comments
  for each row execute function private.check_comment_rules();

-- Security definer: needs the chisme's author and the other commenters, hidden from the caller.
create or replace function private.set_comment_thread_identity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
begin
  if v_user_id is null then
    raise exception 'not_authenticated' using errcode = 'P0001';
  end if;
  -- Serialises first comments on one chisme so numbers stay 1, 2, 3… without gaps or clashes.
  perform 1 from public.chismes c where c.id = new.chisme_id for update;
  new.is_chisme_author := exists (
    select 1 from public.chisme_authors a where a.chisme_id = new.chisme_id and a.user_id = v_user_id
  );
  insert into private.thread_participants (chisme_id, user_id, number)
  select new.chisme_id, v_user_id, coalesce(max(t.number), 0) + 1
  from private.thread_participants t
  where t.chisme_id = new.chisme_id
  on conflict (chisme_id, user_id) do nothing;
  select t.number into new.commenter_number
  from private.thread_participants t
  where t.chisme_id = new.chisme_id and t.user_id = v_user_id;
  return new;
end;
$$;
comment on function private.set_comment_thread_identity() is 'Trigger: sets is_chisme_author and the per-chisme commenter number (security definer: reads other users'' links).';

create trigger comments_before_insert_set_thread_identity
  before insert on public.comments
  for each row execute function private.set_comment_thread_identity();

-- Security definer: comment_authors has no client insert grant; the author is always the caller.
create or replace function private.record_comment_author()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.comment_authors (comment_id, user_id) values (new.id, auth.uid());
  return null;
end;
$$;
comment on function private.record_comment_author() is 'Trigger: links a new comment to its author, the caller (security definer: clients cannot write comment_authors).';

create trigger comments_after_insert_record_author
  after insert on public.comments
  for each row execute function private.record_comment_author();

-- Security definer: counters are not writable by clients. Only root comments count.
create or replace function private.count_root_comment()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update public.chismes set comments = comments + 1 where id = new.chisme_id;
  else
    update public.chismes set comments = greatest(comments - 1, 0) where id = old.chisme_id;
  end if;
  return null;
end;
$$;
comment on function private.count_root_comment() is 'Trigger: chismes.comments counts root comments (security definer: clients cannot write counters).';

create trigger comments_after_insert_count_root
  after insert on public.comments
  for each row when (new.parent_id is null)
  execute function private.count_root_comment();

create trigger comments_after_delete_count_root
  after delete on public.comments
  for each row when (old.parent_id is null)
  execute function private.count_root_comment();

-- Security definer: reads the authors of the chisme and of the parent comment.
create or replace function private.notify_comment()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_commenter_id uuid := auth.uid();
  v_recipient_id uuid;
  v_snippet text := private.snippet(new.content);
begin
  if new.parent_id is null then
    select a.user_id into v_recipient_id from public.chisme_authors a where a.chisme_id = new.chisme_id;
    if v_recipient_id is not null and v_recipient_id is distinct from v_commenter_id then
      perform private.notify(
        v_recipient_id,
        'comment_on_chisme',
        format('Nuevo comentario en tu chisme: "%s"', v_snippet),
        jsonb_build_object('chismeId', new.chisme_id, 'commentId', new.id, 'snippet', v_snippet),
        'comment:' || new.id
      );
    end if;
  else
    select a.user_id into v_recipient_id from public.comment_authors a where a.comment_id = new.parent_id;
    if v_recipient_id is not null and v_recipient_id is distinct from v_commenter_id then
      perform private.notify(
        v_recipient_id,
        'reply_to_comment',
        format('Nueva respuesta a tu comentario: "%s"', v_snippet),
        jsonb_build_object('chismeId', new.chisme_id, 'commentId', new.id, 'snippet', v_snippet),
        'reply:' || new.id
      );
    end if;
  end if;
  return null;
end;
$$;
comment on function private.notify_comment() is 'Trigger: a comment notifies the chisme''s author, a reply the parent comment''s author, never oneself.';

create trigger comments_after_insert_notify
  after insert on public.comments
  for each row execute function private.notify_comment();
