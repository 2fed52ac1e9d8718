-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

-- The comment RPCs of docs/api.md and their row shape `thread_comment`: no author id; is_mine
-- computed for the caller; is_chisme_author and commenter_number as stored by the write pipeline;
-- is_hidden marks the placeholder of a blocked author's comment that has visible replies
-- (18-blocks.sql); crisis as in feed_chisme; is_deleted marks the "Comentario eliminado"
-- placeholder of a deleted comment that has replies (below).
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
  commenter_number int,
  is_hidden boolean,
  crisis boolean,
  is_deleted boolean
);
comment on type public.thread_comment is 'A comment as served to a user: no author; is_mine, is_chisme_author, commenter_number; is_hidden for the placeholder of a blocked author''s comment that has visible replies; is_deleted for the placeholder of a deleted comment that has replies.';

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
  country text not null,
  years int not null,
  content text not null,
  report int not null default 0 check (report >= 0),
  is_chisme_author boolean not null default false,
  commenter_number int not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((parent_id is null) = (depth = 1)),
  hidden_at timestamptz,
  crisis boolean not null default false,
  deleted_at timestamptz,
  -- a backstop on code points: the 400 limit counts what a person sees (as chismes.content);
  -- a deleted comment kept as a placeholder keeps no text, country, gender or age (below)
  constraint comments_content_check check (char_length(content) between 1 and 4000 or (deleted_at is not null and content = '')),
  constraint comments_country_check check (char_length(country) between 1 and 100 or (deleted_at is not null and country = ''))
);
alter table public.comments enable row level security;
comment on table public.comments is 'Threaded comments (depth 1–3). No author column: see comment_authors.';
comment on column public.comments.hidden_at is 'Set when reports reach the threshold; only the author and moderators see the comment meanwhile.';
comment on column public.comments.deleted_at is 'Set when its author (or their account) deleted a comment that has replies: the row stays as the "Comentario eliminado" placeholder, with no text, author link or author details.';
comment on column public.comments.crisis is 'The text mentions suicide or self-harm (set on insert from the text; says nothing about the author).';
revoke all on table public.comments from public, anon, authenticated, service_role;
grant all on table public.comments to service_role;
grant select on table public.comments to authenticated;

-- get_comments: a page of roots of one chisme, newest first, then their whole subtrees.
create index comments_chisme_id_roots_idx on public.comments (chisme_id, created_at desc, id desc) where parent_id is null;

create index comments_chisme_id_idx on public.comments (chisme_id);

create index comments_parent_id_idx on public.comments (parent_id);

create index comments_root_id_idx on public.comments (root_id);

create policy comments_insert_authenticated on public.comments
  for insert to authenticated
  with check ((select auth.uid()) is not null);
comment on policy comments_insert_authenticated on public.comments is 'A signed-in user comments; the author link is always the caller (write pipeline).';

create trigger comments_before_update_set_updated_at
  before update on public.comments
  for each row execute function private.set_updated_at();

create table public.comment_authors (
  comment_id uuid primary key references public.comments (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade
);
alter table public.comment_authors enable row level security;
revoke all on table public.comment_authors from public, anon, authenticated, service_role;
grant all on table public.comment_authors to service_role;
grant select on table public.comment_authors to authenticated;
comment on table public.comment_authors is 'Who wrote each comment; RLS shows a row only to that author (anonymity).';

create index comment_authors_user_id_idx on public.comment_authors (user_id);

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
revoke all on table private.thread_participants from public, anon, authenticated, service_role;
comment on table private.thread_participants is 'Commenter numbers per chisme (1, 2, 3… by first comment). No API access.';

create index thread_participants_user_id_idx on private.thread_participants (user_id);

-- ---------------------------------------------------------------------------------------------
-- The write pipeline: what a comment goes through, in the order it runs
-- ---------------------------------------------------------------------------------------------
-- One trigger per timing and operation; its function calls the steps in the order listed here
-- (docs/database.md, "Write pipelines"). A step that refuses raises its key and undoes the write.
--
-- Before insert (private.check_comment_write):
--   1. a chisme hidden by moderation is not found (private.guard_hidden_chisme, 20-chismes.sql);
--   2. a reply to a comment the caller cannot see is comment_parent_not_found
--      (private.guard_hidden_parent_comment, below);
--   2b. nothing is written in a thread whose author the caller blocked, nor as a reply to a
--      comment whose author they blocked (private.guard_blocked_author, 18-blocks.sql);
--   3. a suspended account comments nothing (private.guard_suspended_user, 16-suspensions.sql);
--   4. the comment's own rules, which normalise the row, set its depth and root and reset what
--      a client may not choose (private.check_comment_rules, below, with the rules chismes
--      share: private.check_post_rules, 07-text-rules.sql);
--   5. the rate limit, after the rules: a write they refuse is counted once, by the RPC's
--      answer (private.enforce_rate_limit, 12-rate-limits.sql);
--   6. the crisis flag, from the normalised text (private.flag_crisis_content, 19-crisis.sql);
--   7. the thread identity: the "Autor" badge and the commenter number
--      (private.set_comment_thread_identity, below), last, as it takes the chisme's row lock to
--      number first comments without gaps.
-- After insert (private.apply_comment_write):
--   1. a root comment counts on its chisme (private.count_root_comment, below), whose update
--      runs the chismes pipeline (realtime outbox);
--   2. the notification of the chisme's author, or of the parent comment's for a reply
--      (private.notify_comment, below);
--   3. the author link (private.record_comment_author, below).
--   Lock order: the chisme's row (taken in step 7 before insert) before any notification row.
-- Before update: updated_at (private.set_updated_at, 05-helpers.sql).
-- After update of hidden_at or deleted_at: a root comment hidden by moderation or deleted by
-- its author leaves the chisme's count, and comes back when restored (private.count_root_comment).
-- After delete: a visible root comment leaves the count (private.count_root_comment); replies
-- and reports cascade; a "Comentario eliminado" placeholder left without replies goes too
-- (private.drop_childless_placeholder, below); a "Chisme eliminado" placeholder left without
-- comments goes too, judged when a root goes (private.drop_commentless_chisme, 20-chismes.sql).
--
-- Security definer: the steps are private functions no API role may execute, whoever writes.
create or replace function private.check_comment_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- each step's value is dropped: a call as an expression, not a PERFORM query (docs/database.md,
  -- "Write pipelines")
  v_step text;
begin
  v_step := private.guard_hidden_chisme(new.chisme_id);
  v_step := private.guard_hidden_parent_comment(new.parent_id);
  v_step := private.guard_blocked_author(new.chisme_id, new.parent_id);
  v_step := private.guard_suspended_user();
  new := private.check_comment_rules(new);
  v_step := private.enforce_rate_limit('comment');
  new.crisis := private.flag_crisis_content(new.content);
  select t.o_is_chisme_author, t.o_commenter_number into new.is_chisme_author, new.commenter_number
  from private.set_comment_thread_identity(new.chisme_id) t;
  return new;
end;
$$;
revoke all on function private.check_comment_write() from public, anon, authenticated, service_role;
comment on function private.check_comment_write() is 'Trigger: the checks of a new comment in order (hidden chisme and parent, blocked author, suspension, rules, rate limit, crisis flag, thread identity).';

create or replace function private.apply_comment_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- each step's value is dropped: a call as an expression, not a PERFORM query (docs/database.md,
  -- "Write pipelines")
  v_step text;
begin
  if tg_op = 'INSERT' then
    if new.parent_id is null then
      v_step := private.count_root_comment(new.chisme_id, 1);
    end if;
    v_step := private.notify_comment(new);
    v_step := private.record_comment_author(new.id);
  elsif tg_op = 'UPDATE' then
    v_step := private.count_root_comment(new.chisme_id, case when new.hidden_at is null and new.deleted_at is null then 1 else -1 end);
  else
    if old.parent_id is null and old.hidden_at is null and old.deleted_at is null then
      v_step := private.count_root_comment(old.chisme_id, -1);
    end if;
    if old.parent_id is not null then
      v_step := private.drop_childless_placeholder(old.parent_id);
    else
      v_step := private.drop_commentless_chisme(old.chisme_id);
    end if;
  end if;
  return null;
end;
$$;
revoke all on function private.apply_comment_write() from public, anon, authenticated, service_role;
comment on function private.apply_comment_write() is 'Trigger: the effects of a new, hidden, restored or deleted comment in order (root count, notification, author link; a comment or chisme placeholder left without replies or comments goes).';

create trigger comments_before_insert_check_rules
  before insert on public.comments
  for each row execute function private.check_comment_write();

create trigger comments_after_insert_apply_effects
  after insert on public.comments
  for each row execute function private.apply_comment_write();

-- Only root comments count: the function runs for hiding, restoring and deleting one.
create trigger comments_after_update_apply_effects
  after update of hidden_at, deleted_at on public.comments
  for each row when (new.parent_id is null
    and (old.hidden_at is null and old.deleted_at is null) <> (new.hidden_at is null and new.deleted_at is null))
  execute function private.apply_comment_write();

-- A visible root leaves the count; a reply's parent may be a placeholder left without replies;
-- a root may be the last comment of a "Chisme eliminado" placeholder: every delete runs it.
create trigger comments_after_delete_apply_effects
  after delete on public.comments
  for each row execute function private.apply_comment_write();

-- ---------------------------------------------------------------------------------------------
-- The steps of this table
-- ---------------------------------------------------------------------------------------------

-- Security definer: needs the chisme's author and the other commenters, hidden from the caller.
create or replace function private.set_comment_thread_identity(p_chisme_id uuid, out o_is_chisme_author boolean, out o_commenter_number int)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
begin
  -- Serialises first comments on one chisme so numbers stay 1, 2, 3… without gaps or clashes.
  perform 1 from public.chismes c where c.id = p_chisme_id for update;
  o_is_chisme_author := exists (
    select 1 from public.chisme_authors a where a.chisme_id = p_chisme_id and a.user_id = v_user_id
  );
  insert into private.thread_participants (chisme_id, user_id, number)
  select p_chisme_id, v_user_id, coalesce(max(t.number), 0) + 1
  from private.thread_participants t
  where t.chisme_id = p_chisme_id
  on conflict (chisme_id, user_id) do nothing;
  select t.number into o_commenter_number
  from private.thread_participants t
  where t.chisme_id = p_chisme_id and t.user_id = v_user_id;
end;
$$;
revoke all on function private.set_comment_thread_identity(uuid) from public, anon, authenticated, service_role;
comment on function private.set_comment_thread_identity(uuid) is 'Write step: whether the commenter wrote the chisme, and their per-chisme commenter number (security definer: reads other users'' links).';

-- Security definer: comment_authors has no client insert grant; the author is always the caller.
create or replace function private.record_comment_author(p_comment_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.comment_authors (comment_id, user_id) values (p_comment_id, auth.uid());
end;
$$;
revoke all on function private.record_comment_author(uuid) from public, anon, authenticated, service_role;
comment on function private.record_comment_author(uuid) is 'Write step: links a new comment to its author, the caller (security definer: clients cannot write comment_authors).';

-- Security definer: counters are not writable by clients. Only root comments count, and only
-- while visible: +1 when one is written or restored, -1 when one is hidden or deleted.
create or replace function private.count_root_comment(p_chisme_id uuid, p_delta int)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.chismes set comments = greatest(comments + p_delta, 0) where id = p_chisme_id;
end;
$$;
revoke all on function private.count_root_comment(uuid,integer) from public, anon, authenticated, service_role;
comment on function private.count_root_comment(uuid, int) is 'Write step: chismes.comments counts visible root comments, never below 0 (security definer: clients cannot write counters).';

-- Security definer: reads the authors of the chisme and of the parent comment.
create or replace function private.notify_comment(p_comment public.comments)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_commenter_id uuid := auth.uid();
  v_recipient_id uuid;
  v_snippet text := private.snippet(p_comment.content);
begin
  if p_comment.parent_id is null then
    select a.user_id into v_recipient_id from public.chisme_authors a where a.chisme_id = p_comment.chisme_id;
    if v_recipient_id is not null and v_recipient_id is distinct from v_commenter_id then
      perform private.notify(
        v_recipient_id,
        'comment_on_chisme',
        format('Nuevo comentario en tu chisme: "%s"', v_snippet),
        jsonb_build_object('chismeId', p_comment.chisme_id, 'commentId', p_comment.id, 'snippet', v_snippet),
        'comment:' || p_comment.id
      );
    end if;
  else
    select a.user_id into v_recipient_id from public.comment_authors a where a.comment_id = p_comment.parent_id;
    if v_recipient_id is not null and v_recipient_id is distinct from v_commenter_id then
      perform private.notify(
        v_recipient_id,
        'reply_to_comment',
        format('Nueva respuesta a tu comentario: "%s"', v_snippet),
        jsonb_build_object('chismeId', p_comment.chisme_id, 'commentId', p_comment.id, 'snippet', v_snippet),
        'reply:' || p_comment.id
      );
    end if;
  end if;
end;
$$;
revoke all on function private.notify_comment(public.comments) from public, anon, authenticated, service_role;
comment on function private.notify_comment(public.comments) is 'Write step: a comment notifies the chisme''s author, a reply the parent comment''s author, never oneself.';

create policy comments_select_authenticated on public.comments
  for select to authenticated
  using (
    (
      hidden_at is null
      or (select private.is_moderator())
      or exists (select 1 from public.comment_authors a where a.comment_id = comments.id and a.user_id = (select auth.uid()))
    )
    and (
      exists (select 1 from public.chismes ch where ch.id = comments.chisme_id)
      -- a blocker keeps their own earlier comments in a blocked author's thread (18-blocks.sql)
      or ((select private.caller_has_blocks())
        and exists (select 1 from public.comment_authors a where a.comment_id = comments.id and a.user_id = (select auth.uid()))
        and private.caller_blocked_chisme_author(chisme_id))
    )
    and (not (select private.caller_has_blocks()) or not private.caller_blocked_comment_author(id))
  );
comment on policy comments_select_authenticated on public.comments is 'Signed-in users read the comments (rows carry no author) of the chismes they can see, except hidden comments, which only their author and moderators see, and those of authors they blocked; a blocker reads their own earlier comments in a blocked author''s thread.';

create or replace function private.check_comment_rules(p_comment public.comments)
returns public.comments
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_cotilleo boolean;
  v_parent public.comments;
begin
  -- A client's write, through a security definer RPC or not: the request's role says so.
  if private.is_client_write() then
    perform private.require_user();
    p_comment.id := gen_random_uuid();
    p_comment.report := 0;
    p_comment.created_at := now();
    p_comment.updated_at := now();
  end if;

  select c.cotilleo into v_cotilleo from public.chismes c where c.id = p_comment.chisme_id;
  if not found then
    raise exception 'chisme_not_found' using errcode = 'P0001';
  end if;

  if p_comment.parent_id is null then
    p_comment.depth := 1;
    p_comment.root_id := p_comment.id;
  else
    select * into v_parent from public.comments p where p.id = p_comment.parent_id;
    -- a "Comentario eliminado" placeholder takes no replies
    if not found or v_parent.chisme_id <> p_comment.chisme_id or v_parent.deleted_at is not null then
      raise exception 'comment_parent_not_found' using errcode = 'P0001';
    end if;
    if v_parent.depth >= 3 then
      raise exception 'comment_depth_exceeded' using errcode = 'P0001',
        detail = jsonb_build_object('max', 3)::text;
    end if;
    p_comment.depth := v_parent.depth + 1;
    p_comment.root_id := v_parent.root_id;
  end if;

  -- The rules a chisme shares (07-text-rules.sql), with a comment's keys and limits: 1–400
  -- visible characters, ages to 100, a required country, no tags.
  select r.o_content, r.o_country into p_comment.content, p_comment.country
  from private.check_post_rules(
    p_comment.content, p_comment.gender, p_comment.years, p_comment.country, null, v_cotilleo,
    p_min_length => 0, p_max_years => 100,
    p_too_short_key => 'comment_content_required', p_too_long_key => 'comment_content_too_long',
    p_gender_key => 'comment_gender_required', p_years_key => 'comment_years_out_of_range',
    p_country_required_key => 'comment_country_required') r;
  return p_comment;
end;
$$;
comment on function private.check_comment_rules(public.comments) is 'Write step: validates a new comment (spec §5: its chisme and parent, then the rules shared with chismes, with a comment''s keys and limits), sets depth and root, resets client-forged fields.';
revoke all on function private.check_comment_rules(public.comments) from public, anon, authenticated, service_role;

-- A client write: runs as its owner (security definer), because clients hold no write
-- privilege on the tables; every rule stays in the table's write pipeline, which reads the
-- request's role with private.is_client_write() (05-helpers.sql).
create function public.add_comment(p_chisme_id text, p_parent_id text, p_content text, p_gender text, p_years text, p_country text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_message text;
  v_detail text;
  v_hint text;
begin
  return to_json(private.publish_comment(p_chisme_id, p_parent_id, p_content, p_gender, p_years, p_country));
exception when sqlstate 'P0001' then
  get stacked diagnostics v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
  return private.answer_refused_write('comment', v_message, v_detail, v_hint);
end;
$$;
comment on function public.add_comment(text, text, text, text, text, text) is 'Comments on a chisme, or replies to a comment, as the caller (rules enforced by the comments write pipeline) and returns it as a thread_comment object; over-long and malformed arguments raise keys before any text work; over the API a refusal is answered (400, the key) and counts towards the comment rate limit.';
revoke all on function public.add_comment(text,text,text,text,text,text) from public, anon, authenticated, service_role;
grant execute on function public.add_comment(text,text,text,text,text,text) to service_role;
grant execute on function public.add_comment(text,text,text,text,text,text) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Hidden content stays "not found" for others: RLS does not filter inside the RPCs
-- ---------------------------------------------------------------------------------------------

-- Whether the caller may see this comment: not hidden, or theirs, or they moderate; and its
-- chisme is visible to them (the comments read policy, written out).
create or replace function private.can_see_comment(p_comment_id uuid)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select exists (
    select 1
    from public.comments cm
    join public.chismes ch on ch.id = cm.chisme_id
    where cm.id = p_comment_id
      and (cm.hidden_at is null or private.is_moderator()
           or exists (select 1 from public.comment_authors a where a.comment_id = cm.id and a.user_id = (select auth.uid())))
      and (ch.hidden_at is null or private.can_see_hidden_chisme(ch.id))
  );
$$;
revoke all on function private.can_see_comment(uuid) from public, anon, authenticated, service_role;
comment on function private.can_see_comment(uuid) is 'Whether the caller sees the comment (the comments read policy written out, for code that runs as the owner).';

-- Security definer: reads hidden_at and the authorship whatever the caller.
create or replace function private.guard_hidden_parent_comment(p_parent_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is not null and p_parent_id is not null
     and exists (select 1 from public.comments p where p.id = p_parent_id)
     and not private.can_see_comment(p_parent_id) then
    raise exception 'comment_parent_not_found' using errcode = 'P0001';
  end if;
end;
$$;
revoke all on function private.guard_hidden_parent_comment(uuid) from public, anon, authenticated, service_role;
comment on function private.guard_hidden_parent_comment(uuid) is 'Write step: a reply to a comment the caller cannot see (hidden by moderation) is comment_parent_not_found.';

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
    c.commenter_number, false, c.crisis, false
  )::public.thread_comment;
$$;
revoke all on function private.to_thread_comment(public.comments,boolean) from public, anon, authenticated, service_role;
grant execute on function private.to_thread_comment(public.comments,boolean) to authenticated;
grant execute on function private.to_thread_comment(public.comments,boolean) to service_role;
comment on function private.to_thread_comment(public.comments, boolean) is 'The thread_comment row of a comment.';

create or replace function private.to_hidden_thread_comment(c public.comments)
returns public.thread_comment
language sql
immutable
security invoker
set search_path = ''
as $$
  select row(
    c.id, c.chisme_id, c.parent_id, c.depth, null, null, null, '',
    0, c.created_at, c.created_at, false, false, null, true, false, false
  )::public.thread_comment;
$$;
revoke all on function private.to_hidden_thread_comment(public.comments) from public, anon, authenticated, service_role;
comment on function private.to_hidden_thread_comment(public.comments) is 'The "Comentario oculto" placeholder row of a comment (position only).';

create or replace function private.to_deleted_thread_comment(c public.comments)
returns public.thread_comment
language sql
immutable
security invoker
set search_path = ''
as $$
  select row(
    c.id, c.chisme_id, c.parent_id, c.depth, null, null, null, '',
    0, c.created_at, c.created_at, false, false, null, false, false, true
  )::public.thread_comment;
$$;
revoke all on function private.to_deleted_thread_comment(public.comments) from public, anon, authenticated, service_role;
comment on function private.to_deleted_thread_comment(public.comments) is 'The "Comentario eliminado" placeholder row of a deleted comment (position only).';

-- get_comments with blocks: the thread's blocked comments are found with one comment_authors
-- primary-key probe per comment of the thread (a correlated scalar subquery, never hashed),
-- for the same reason as get_feed (25-feed.sql).
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
  -- adults only (10-profiles.sql): the thread of another's cotilleo chisme needs the confirmation
  if exists (select 1 from public.chismes c where c.id = v_chisme_id and c.cotilleo)
     and not private.caller_is_adult() and not private.is_moderator()
     and not exists (select 1 from public.chisme_authors a where a.chisme_id = v_chisme_id and a.user_id = (select auth.uid())) then
    raise exception 'chisme_adults_only' using errcode = 'P0001';
  end if;
  -- the chismes select policy: hidden by reports only for its author and moderators
  if not exists (select 1 from public.chismes c where c.id = v_chisme_id and (c.hidden_at is null or private.can_see_hidden_chisme(c.id))) then
    return;
  end if;
  -- a blocked author's thread: the blocker sees their own earlier comments there, oldest
  -- first, and nothing else (18-blocks.sql); no page, at most their own comments of one thread
  if private.is_blocked_chisme(v_chisme_id, v_blocked) then
    return query
      select (private.to_thread_comment(m, true)).*
      from public.comment_authors a
      join public.comments m on m.id = a.comment_id
      where a.user_id = v_user_id and m.chisme_id = v_chisme_id and m.deleted_at is null
      order by m.created_at, m.id;
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
      -- a blocked author's or a deleted root counts only when a reply the caller sees hangs
      -- under it
      select r.id
      from public.comments r
      where r.chisme_id = v_chisme_id
        and r.parent_id is null
        and r.id <> all (v_reported)
        -- the comments select policy: a hidden comment only for its author and moderators
        and (r.hidden_at is null or v_is_moderator or exists (select 1 from public.comment_authors o where o.comment_id = r.id and o.user_id = v_user_id))
        and ((r.id <> all (v_blocked_comments) and r.deleted_at is null) or exists (
          select 1 from public.comments d
          where d.root_id = r.id and d.id <> r.id and d.id <> all (v_blocked_comments) and d.deleted_at is null and d.id <> all (v_reported)
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
      -- a blocked or deleted comment stays (as a placeholder) only above a reply the caller
      -- sees; depth <= 3
      select p.*
      from page p
      where (p.id <> all (v_blocked_comments) and p.deleted_at is null)
        or exists (select 1 from page d where d.parent_id = p.id and d.id <> all (v_blocked_comments) and d.deleted_at is null)
        or exists (select 1 from page d join page e on e.parent_id = d.id where d.parent_id = p.id and e.id <> all (v_blocked_comments) and e.deleted_at is null)
    )
    select s.*
    from shown s
    -- roots first, newest first; then replies, oldest first
    order by s.parent_id is not null,
      case when s.parent_id is null then s.created_at end desc,
      case when s.parent_id is null then s.id end desc,
      s.created_at asc, s.id asc
  loop
    if v_comment.deleted_at is not null then
      return next private.to_deleted_thread_comment(v_comment);
    elsif v_comment.id = any (v_blocked_comments) then
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
revoke all on function public.get_comments(text,text,text,text) from public, anon, authenticated, service_role;
grant execute on function public.get_comments(text,text,text,text) to authenticated;
grant execute on function public.get_comments(text,text,text,text) to service_role;
comment on function public.get_comments(text, text, text, text) is 'A page of root comments of a chisme (newest first) with their replies, without what the caller reported or what authors they blocked wrote ("Comentario oculto" placeholders keep the thread''s shape, "Comentario eliminado" ones stand for deleted comments with replies); in a blocked author''s thread only the caller''s own comments; arguments as text, malformed ones raise chisme_not_found / comments_cursor_invalid.';

-- The write of add_comment (rules in the comments write pipeline), raising its keys.
create or replace function private.publish_comment(p_chisme_id text, p_parent_id text, p_content text, p_gender text, p_years text, p_country text)
returns public.thread_comment
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_row public.comments;
begin
  perform private.require_user();
  -- Raw sizes first, in constant time (05-helpers.sql).
  perform private.assert_raw_text_sizes(p_content, 'comment_content_too_long', p_country);
  insert into public.comments (chisme_id, parent_id, content, gender, years, country)
  values (
    private.uuid_arg(private.capped_arg(p_chisme_id), 'chisme_not_found'),
    private.uuid_arg(private.capped_arg(p_parent_id), 'comment_parent_not_found'),
    p_content,
    private.capped_arg(p_gender),
    private.int_arg(private.capped_arg(p_years), 'comment_years_out_of_range'),
    p_country
  )
  returning * into v_row;
  return private.to_thread_comment(v_row, true);
end;
$$;
comment on function private.publish_comment(text, text, text, text, text, text) is 'The write of add_comment: comments as the caller and returns the comment, raising the keys of every refusal.';
revoke all on function private.publish_comment(text,text,text,text,text,text) from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Deleting a comment keeps other people's words (docs/decisions/0034-deletion-keeps-others-words.md)
-- ---------------------------------------------------------------------------------------------
-- A comment its author deletes (delete_my_comment), or one of a deleted account
-- (delete_account, 75-account.sql), goes with nothing of anyone else's: without replies the row
-- is deleted; with replies it stays as a placeholder ("Comentario eliminado") that keeps the
-- replies in place: its text, country, gender and age are cleared, its author link, the
-- reports of it and the notifications it caused (which quote it) are deleted. A root
-- placeholder leaves the chisme's count (the comments pipeline, after update of deleted_at);
-- a placeholder whose last reply goes is deleted as well (after delete).

-- Security definer: deletes notifications of other people and reports, which no API role may.
create or replace function private.remove_comment(p_comment_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_comment public.comments;
  v_recipient_id uuid;
begin
  select * into v_comment from public.comments m where m.id = p_comment_id;
  if not found then
    return;
  end if;
  -- the comments pipeline's lock order: the chisme's row before any notification row
  perform 1 from public.chismes c where c.id = v_comment.chisme_id for update;
  perform 1 from public.comments m where m.id = p_comment_id for update;
  -- the notification it caused quotes it: the chisme's author (a root comment) or the parent
  -- comment's author (a reply), found by the recipient's index
  if v_comment.parent_id is null then
    select a.user_id into v_recipient_id from public.chisme_authors a where a.chisme_id = v_comment.chisme_id;
  else
    select a.user_id into v_recipient_id from public.comment_authors a where a.comment_id = v_comment.parent_id;
  end if;
  if v_recipient_id is not null then
    delete from public.notifications n
    where n.user_id = v_recipient_id
      and (n.unique_id in ('comment:' || p_comment_id, 'reply:' || p_comment_id) or n.data ->> 'commentId' = p_comment_id::text);
  end if;
  if not exists (select 1 from public.comments r where r.parent_id = p_comment_id) then
    delete from public.comments m where m.id = p_comment_id;
    return;
  end if;
  delete from public.reports r where r.comment_id = p_comment_id;
  delete from public.comment_authors a where a.comment_id = p_comment_id;
  update public.comments m
  set deleted_at = now(), content = '', country = '', gender = '', years = 0, report = 0, crisis = false,
    is_chisme_author = false
  where m.id = p_comment_id and m.deleted_at is null;
end;
$$;
revoke all on function private.remove_comment(uuid) from public, anon, authenticated, service_role;
comment on function private.remove_comment(uuid) is 'Deletes a comment, or keeps it as an empty "Comentario eliminado" placeholder when it has replies (no text, author link, reports or notifications left).';

-- Security definer: runs inside the comments pipeline after delete, whoever deleted.
create or replace function private.drop_childless_placeholder(p_comment_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.comments m
  where m.id = p_comment_id
    and m.deleted_at is not null
    and not exists (select 1 from public.comments r where r.parent_id = p_comment_id);
end;
$$;
revoke all on function private.drop_childless_placeholder(uuid) from public, anon, authenticated, service_role;
comment on function private.drop_childless_placeholder(uuid) is 'Write step (after delete): a "Comentario eliminado" placeholder whose last reply went is deleted too.';

-- "Eliminar" on one's own comment. Security definer: reads comment_authors for the caller's
-- own row only. A comment that is not the caller's, or not there, answers comment_not_found.
-- Allowed to a suspended account and in a blocked author's thread (deleting is not writing).
create or replace function public.delete_my_comment(p_comment_id text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
  v_comment_id uuid := private.uuid_arg(p_comment_id, 'comment_not_found');
begin
  if not exists (select 1 from public.comment_authors a where a.comment_id = v_comment_id and a.user_id = v_user_id) then
    raise exception 'comment_not_found' using errcode = 'P0001';
  end if;
  perform private.remove_comment(v_comment_id);
  return true;
end;
$$;
revoke all on function public.delete_my_comment(text) from public, anon, authenticated, service_role;
grant execute on function public.delete_my_comment(text) to authenticated;
grant execute on function public.delete_my_comment(text) to service_role;
comment on function public.delete_my_comment(text) is 'Deletes the caller''s own comment (a "Comentario eliminado" placeholder stays when it has replies, others'' replies kept); key comment_not_found.';
