-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

-- "No ver más a esta persona": a person blocks the anonymous author of a chisme or comment.
--
-- The client names content, never a person: block_chisme_author / block_comment_author take a
-- chisme or comment id, the database resolves its author from chisme_authors / comment_authors
-- (which RLS shows to nobody else) and keeps the pair in private.blocks, which no API role can
-- read. The pair is kept by user id rather than by the content it came from because the block
-- must outlive that content (an author may delete it) and because the read RPCs filter with an
-- index probe per candidate row (chisme_authors / comment_authors primary keys) against the
-- caller's blocked ids, loaded once per call.
--
-- What the blocked person sees: nothing changes. No RPC tells anyone who blocked them or how
-- often; a block on content the caller cannot see answers block_target_not_found, exactly as on
-- content that does not exist; blocking one's own content answers block_own_content (the
-- caller already knows it is theirs: is_mine).
--
-- Limit: 1,000 blocks per person (block_limit_reached), so the per-call blocked-id array and
-- the read RPCs' per-row `= any` stay small.
--
-- Pace: a block changes what its blocker sees at once and everywhere, so blocking the author
-- of one post and reading another tells whether both have the same author. Every block
-- operation (block, unblock_all, get_block_count) therefore counts towards the `block` rate
-- limit, sized for a person (12-rate-limits.sql), which bounds how fast anyone can link posts
-- this way; what remains is recorded in docs/decisions/0029-block-linkability.md.
create table private.blocks (
  blocker_id uuid not null references auth.users (id) on delete cascade,
  blocked_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (blocker_id, blocked_id),
  check (blocker_id <> blocked_id)
);
revoke all on table private.blocks from public, anon, authenticated, service_role;
comment on table private.blocks is 'Who blocked whom (resolved from content in the database; never served). No API access.';

-- deleting an account cascades on blocked_id too
create index blocks_blocked_id_idx on private.blocks (blocked_id);

-- The ids the caller blocked (at most 1,000), for the read RPCs, which are security definer
-- and so read private.blocks as its owner; no API role may execute these helpers.
create or replace function private.caller_blocked_ids()
returns uuid[]
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(array_agg(b.blocked_id), '{}'::uuid[])
  from private.blocks b
  where b.blocker_id = (select auth.uid());
$$;
revoke all on function private.caller_blocked_ids() from public, anon, authenticated, service_role;
comment on function private.caller_blocked_ids() is 'The user ids the caller blocked (for the read RPCs; never returned by any RPC).';

-- Whether the author of a chisme is among p_blocked (the caller's blocked ids).
create or replace function private.is_blocked_chisme(p_chisme_id uuid, p_blocked uuid[])
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select cardinality(p_blocked) > 0 and exists (
    select 1 from public.chisme_authors a where a.chisme_id = p_chisme_id and a.user_id = any (p_blocked)
  );
$$;
revoke all on function private.is_blocked_chisme(uuid,uuid[]) from public, anon, authenticated, service_role;
comment on function private.is_blocked_chisme(uuid, uuid[]) is 'True when the chisme''s author is among p_blocked (the caller''s blocked ids).';

create or replace function private.is_blocked_comment(p_comment_id uuid, p_blocked uuid[])
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select cardinality(p_blocked) > 0 and exists (
    select 1 from public.comment_authors a where a.comment_id = p_comment_id and a.user_id = any (p_blocked)
  );
$$;
revoke all on function private.is_blocked_comment(uuid,uuid[]) from public, anon, authenticated, service_role;
comment on function private.is_blocked_comment(uuid, uuid[]) is 'True when the comment''s author is among p_blocked (the caller''s blocked ids).';

-- Adds a block for the caller against p_author_id (resolved by the RPCs below).
create or replace function private.add_block(p_author_id uuid)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
begin
  if p_author_id is null then
    raise exception 'block_target_not_found' using errcode = 'P0001';
  end if;
  if p_author_id = v_user_id then
    raise exception 'block_own_content' using errcode = 'P0001';
  end if;
  if exists (select 1 from private.blocks b where b.blocker_id = v_user_id and b.blocked_id = p_author_id) then
    return; -- already blocked: the same answer as a new block
  end if;
  -- serialise one person's blocks so two at once cannot pass the limit together
  perform pg_advisory_xact_lock(hashtextextended('block:' || v_user_id::text, 0));
  if (select count(*) from private.blocks b where b.blocker_id = v_user_id) >= 1000 then
    raise exception 'block_limit_reached' using errcode = 'P0001', detail = jsonb_build_object('max', 1000)::text;
  end if;
  insert into private.blocks (blocker_id, blocked_id) values (v_user_id, p_author_id)
  on conflict do nothing;
end;
$$;
revoke all on function private.add_block(uuid) from public, anon, authenticated, service_role;
comment on function private.add_block(uuid) is 'Records that the caller blocks p_author_id (limit 1,000; own content refused).';

-- Security definer: reads chisme_authors (RLS shows it to its author only) to find the author,
-- and writes private.blocks. Only what the caller may see can be blocked (RLS-equivalent rule:
-- a chisme hidden by reports only by its author / moderators).
create or replace function public.block_chisme_author(p_chisme_id text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_chisme_id uuid := private.uuid_arg(p_chisme_id, 'block_target_not_found');
  v_author_id uuid;
begin
  perform private.count_rate_limited_write(private.require_user(), 'block');
  select a.user_id into v_author_id
  from public.chismes c
  join public.chisme_authors a on a.chisme_id = c.id
  where c.id = v_chisme_id
    and (c.hidden_at is null or private.can_see_hidden_chisme(c.id));
  perform private.add_block(v_author_id);
end;
$$;
revoke all on function public.block_chisme_author(text) from public, anon, authenticated, service_role;
grant execute on function public.block_chisme_author(text) to service_role;
grant execute on function public.block_chisme_author(text) to authenticated;
comment on function public.block_chisme_author(text) is 'Blocks the anonymous author of a chisme for the caller; returns nothing, never an id. Keys: block_target_not_found, block_own_content, block_limit_reached, rate_limited.';

-- Security definer: as above, with comment_authors. A comment of a chisme hidden from the
-- caller, or a comment hidden by reports, cannot be blocked (not found).
create or replace function public.block_comment_author(p_comment_id text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_comment_id uuid := private.uuid_arg(p_comment_id, 'block_target_not_found');
  v_author_id uuid;
begin
  perform private.count_rate_limited_write(private.require_user(), 'block');
  select a.user_id into v_author_id
  from public.comments m
  join public.comment_authors a on a.comment_id = m.id
  join public.chismes c on c.id = m.chisme_id
  where m.id = v_comment_id
    and m.hidden_at is null
    and (c.hidden_at is null or private.can_see_hidden_chisme(c.id));
  perform private.add_block(v_author_id);
end;
$$;
revoke all on function public.block_comment_author(text) from public, anon, authenticated, service_role;
grant execute on function public.block_comment_author(text) to service_role;
grant execute on function public.block_comment_author(text) to authenticated;
comment on function public.block_comment_author(text) is 'Blocks the anonymous author of a comment for the caller; returns nothing, never an id. Keys: block_target_not_found, block_own_content, block_limit_reached, rate_limited.';

-- Security definer: private.blocks has no API grants. Only the caller's own rows.
create or replace function public.unblock_all()
returns int
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
  v_count int;
begin
  perform private.count_rate_limited_write(v_user_id, 'block');
  delete from private.blocks b where b.blocker_id = v_user_id;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
revoke all on function public.unblock_all() from public, anon, authenticated, service_role;
grant execute on function public.unblock_all() to service_role;
grant execute on function public.unblock_all() to authenticated;
comment on function public.unblock_all() is 'Removes every block the caller made; returns how many. Counts towards the block rate limit.';

-- Security definer: reads the caller's own rows of private.blocks. A count, never who. Volatile
-- and called with POST (docs/api.md): reading the count counts towards the block limit, since
-- after blocking the authors of two posts it tells whether they were one person.
create or replace function public.get_block_count()
returns int
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
begin
  perform private.count_rate_limited_write(v_user_id, 'block');
  return (select count(*)::int from private.blocks b where b.blocker_id = v_user_id);
end;
$$;
revoke all on function public.get_block_count() from public, anon, authenticated, service_role;
grant execute on function public.get_block_count() to service_role;
grant execute on function public.get_block_count() to authenticated;
comment on function public.get_block_count() is 'How many people the caller blocked ("N personas bloqueadas"); counts towards the block rate limit.';

-- Blocks hold for direct table reads: the select policies of public.chismes and public.comments
-- leave out what an author the caller blocked wrote (supabase/schemas/18-blocks.sql).
--
-- The read RPCs (get_feed, get_chisme, get_comments) are security definer and bypass these
-- policies as the tables' owner, so they apply blocks themselves; the policies cover every
-- other path a client has to these tables (a select over REST or GraphQL).
--
-- Cost (docs/decisions/0014-feed-access-paths.md): callers with no blocks, nearly everyone,
-- pay one probe of private.blocks' primary key per query (an InitPlan, `(select …)`), and the
-- per-row check is skipped by the OR. A blocker pays, per candidate row, one probe of the
-- author table's primary key and one of private.blocks' primary key, so `order by … limit 20`
-- still stops after the page (no hashed set of every chisme of every blocked author: see
-- supabase/schemas/25-feed.sql for why that shape is slow). A direct read of a long thread
-- by a blocker pays two helper calls per row (the comment's author and, through the chismes
-- policy, the chisme's); a reader without blocks pays nothing per row. A policy that joins a
-- definer view instead made every reader pay (EXPLAIN ANALYZE figures:
-- docs/database-history.md, "Schema comments").
--
-- The helpers are security definer (private.blocks and other people's authorship rows are not
-- readable by API roles) and take no user id: each answers only about the caller's own blocks,
-- which the caller already knows. Executable by authenticated because policies run as the
-- querying role; the private schema is not exposed by PostgREST.
--
-- The blocked person and everyone else see every row; hidden-by-reports rules as in
-- supabase/schemas/20-chismes.sql.
create or replace function private.caller_has_blocks()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from private.blocks b where b.blocker_id = (select auth.uid()));
$$;
comment on function private.caller_has_blocks() is 'Whether the caller blocked anyone (select policies: skips the per-row block check for everyone else).';
revoke all on function private.caller_has_blocks() from public, anon, authenticated, service_role;
grant execute on function private.caller_has_blocks() to authenticated;

create or replace function private.caller_blocked_chisme_author(p_chisme_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.chisme_authors a
    join private.blocks b on b.blocker_id = (select auth.uid()) and b.blocked_id = a.user_id
    where a.chisme_id = p_chisme_id
  );
$$;
comment on function private.caller_blocked_chisme_author(uuid) is 'Whether the caller blocked the author of this chisme (select policy of chismes; answers only about the caller''s own blocks).';
revoke all on function private.caller_blocked_chisme_author(uuid) from public, anon, authenticated, service_role;
grant execute on function private.caller_blocked_chisme_author(uuid) to authenticated;

create or replace function private.caller_blocked_comment_author(p_comment_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.comment_authors a
    join private.blocks b on b.blocker_id = (select auth.uid()) and b.blocked_id = a.user_id
    where a.comment_id = p_comment_id
  );
$$;
comment on function private.caller_blocked_comment_author(uuid) is 'Whether the caller blocked the author of this comment (select policy of comments; answers only about the caller''s own blocks).';
revoke all on function private.caller_blocked_comment_author(uuid) from public, anon, authenticated, service_role;
grant execute on function private.caller_blocked_comment_author(uuid) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- A block holds for writes too: the blocker writes nothing in a blocked author's thread
-- ---------------------------------------------------------------------------------------------
-- The read RPCs and the select policies keep a blocked author's content out of the blocker's
-- sight; this step keeps the blocker from writing into it, by every path (the comments and
-- likes pipelines run for every writer): no comment or like on a chisme whose author they
-- blocked (chisme_author_blocked), no reply to a comment whose author they blocked (the
-- placeholder "Comentario oculto": comment_parent_not_found, as a parent they cannot see).
--
-- What the blocker keeps in such a thread (docs/decisions/0033-blocks-hold-every-path.md):
-- their own earlier comments, which get_comments still returns to them (and only them) and
-- delete_my_comment removes; their own like, which unlike_chisme removes. Nothing else.
--
-- Security definer: reads private.blocks and the author tables; answers only about the
-- caller's own blocks. Callers without blocks pay one primary-key probe of private.blocks.
create or replace function private.guard_blocked_author(p_chisme_id uuid, p_parent_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := (select auth.uid());
begin
  if v_user_id is null or not exists (select 1 from private.blocks b where b.blocker_id = v_user_id) then
    return;
  end if;
  if exists (
    select 1 from public.chisme_authors a
    join private.blocks b on b.blocker_id = v_user_id and b.blocked_id = a.user_id
    where a.chisme_id = p_chisme_id
  ) then
    raise exception 'chisme_author_blocked' using errcode = 'P0001';
  end if;
  if p_parent_id is not null and exists (
    select 1 from public.comment_authors a
    join private.blocks b on b.blocker_id = v_user_id and b.blocked_id = a.user_id
    where a.comment_id = p_parent_id
  ) then
    raise exception 'comment_parent_not_found' using errcode = 'P0001';
  end if;
end;
$$;
revoke all on function private.guard_blocked_author(uuid, uuid) from public, anon, authenticated, service_role;
comment on function private.guard_blocked_author(uuid, uuid) is 'Write step (comments, likes): the caller writes nothing on a chisme whose author they blocked (chisme_author_blocked) nor replies to a comment whose author they blocked (comment_parent_not_found).';
