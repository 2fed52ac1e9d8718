-- Blocks hold for direct table reads: the select policies of public.chismes and public.comments
-- leave out what an author the caller blocked wrote (20261127140000_create_author_blocks.sql).
--
-- Until now only the read RPCs (get_feed, get_chisme, get_comments, which are security definer
-- and so bypass these policies as the tables' owner) applied blocks; a blocker selecting
-- `chismes` or `comments` over REST or GraphQL still got the blocked author's rows. The
-- policies now cover every path a client has to these tables.
--
-- Cost (docs/decisions/0014-feed-access-paths.md): callers with no blocks, nearly everyone,
-- pay one probe of private.blocks' primary key per query (an InitPlan, `(select …)`), and the
-- per-row check is skipped by the OR. A blocker pays, per candidate row, one probe of the
-- author table's primary key and one of private.blocks' primary key, so `order by … limit 20`
-- still stops after the page (no hashed set of every chisme of every blocked author: see
-- 20261127140800_update_get_feed_block_probe.sql for why that shape is slow). Measured with
-- EXPLAIN ANALYZE at 100k chismes by 500 authors, a direct `order by created_at desc limit 20`:
-- 0.03 → 0.09 ms without blocks, 0.02 → 0.34 ms with 10 blocks; a direct read of a
-- 5,000-comment thread 20 ms as before without blocks, 20 → 76 ms with 10 (two helper calls
-- per row: the comment's author and, through the chismes policy, the chisme's). A policy that
-- joins a definer view instead made every reader pay (that thread 20 → 37 ms without blocks).
--
-- The helpers are security definer (private.blocks and other people's authorship rows are not
-- readable by API roles) and take no user id: each answers only about the caller's own blocks,
-- which the caller already knows. Executable by authenticated because policies run as the
-- querying role; the private schema is not exposed by PostgREST.
--
-- The blocked person and everyone else see the rows as before; hidden-by-reports rules as in
-- 20261124100000_update_chismes_rls_hide_moderated.sql.

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

revoke execute on function private.caller_has_blocks() from public, anon, service_role;
revoke execute on function private.caller_blocked_chisme_author(uuid) from public, anon, service_role;
revoke execute on function private.caller_blocked_comment_author(uuid) from public, anon, service_role;
grant execute on function private.caller_has_blocks() to authenticated;
grant execute on function private.caller_blocked_chisme_author(uuid) to authenticated;
grant execute on function private.caller_blocked_comment_author(uuid) to authenticated;

drop policy chismes_select_authenticated on public.chismes;
create policy chismes_select_authenticated on public.chismes
  for select to authenticated
  using (
    (
      hidden_at is null
      or (select private.is_moderator())
      or exists (select 1 from public.chisme_authors a where a.chisme_id = chismes.id and a.user_id = (select auth.uid()))
    )
    and (not (select private.caller_has_blocks()) or not private.caller_blocked_chisme_author(id))
  );
comment on policy chismes_select_authenticated on public.chismes is 'Signed-in users read every chisme (rows carry no author) except those hidden by reports, which only their author and moderators see, and those of authors they blocked.';

-- The chisme test reads public.chismes as the caller, so the chismes policy above applies to
-- it: the comments of a blocked author's chisme are left out too, as get_chisme leaves the
-- chisme out.
drop policy comments_select_authenticated on public.comments;
create policy comments_select_authenticated on public.comments
  for select to authenticated
  using (
    (
      hidden_at is null
      or (select private.is_moderator())
      or exists (select 1 from public.comment_authors a where a.comment_id = comments.id and a.user_id = (select auth.uid()))
    )
    and exists (select 1 from public.chismes ch where ch.id = comments.chisme_id)
    and (not (select private.caller_has_blocks()) or not private.caller_blocked_comment_author(id))
  );
comment on policy comments_select_authenticated on public.comments is 'Signed-in users read the comments (rows carry no author) of the chismes they can see, except hidden comments, which only their author and moderators see, and those of authors they blocked.';
