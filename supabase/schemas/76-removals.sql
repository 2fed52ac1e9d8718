-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

-- A moderator's deletion is a removal (docs/decisions/0036-statements-and-complaints.md,
-- "Removal"): the content stays stored, out of everyone's sight, until its statement's
-- complaint window closes or a complaint about it is upheld, so that a reversal gives it back
-- exactly; then it is purged for good.
--
-- A removed chisme or comment is a hidden one whose author link is taken away: moderate_delete
-- sets hidden_at (every read path already leaves hidden rows out for everyone but their author
-- and moderators) and moves the row of chisme_authors / comment_authors here, so the author is
-- no longer its author to any read path either: not in their profile, never is_mine, no
-- "Oculto por denuncias", no signed image URL, no like, comment, report or delete of theirs.
-- Nothing else moves: its text, its thread (others' comments stay hidden with it, as under a
-- hidden chisme; a removed comment's replies as under a hidden comment), its likes and counts
-- and the thread numbers stay in their tables, and moderators still read it (the complaints
-- list shows its content). No read path changed.
--
-- A reversal (decide_complaint, 74-statements.sql) puts the author link back and clears
-- hidden_at, so the pipelines run as for a moderator's restore (a root comment counts again,
-- the chisme's topic is told); the counts are exact because nothing was counted off but what a
-- hiding counts off. The reports closed as removed are reopened and closed as dismissed (each
-- reporter told by private.close_reports, erased from the report counter), as a hiding's
-- reversal does. No content row is written, so no write pipeline's rule, rate limit or
-- notification runs for the moderator: it restores what was there, it does not post.
--
-- The purge (a complaint upheld, the window's end by the daily job, the author's account
-- deletion) puts the author link back and removes the content as its author would
-- (private.remove_chisme / private.remove_comment: docs/decisions/0034-deletion-keeps-others-words.md):
-- others' comments and replies stay, under a "Chisme eliminado" / "Comentario eliminado"
-- placeholder, which is no longer hidden: nothing of the removed text is left in it, and
-- others' words were never judged. One purge is one transaction: a process that dies in it
-- leaves the removal whole, and the next run purges it. The image object follows the image
-- rules: no URL is signed for it while removed (get_chisme does not show it, not even to its
-- author), and chisme-image-purge deletes it once its 20 minutes have passed or its chisme is
-- gone or a placeholder (85-storage.sql).

create table private.removed_content (
  statement_id uuid primary key references public.moderation_statements (id) on delete cascade,
  chisme_id uuid unique references public.chismes (id) on delete cascade,
  comment_id uuid unique references public.comments (id) on delete cascade,
  removed_at timestamptz not null default now(),
  check (num_nonnulls(chisme_id, comment_id) = 1)
);
revoke all on table private.removed_content from public, anon, authenticated, service_role;
comment on table private.removed_content is 'Chismes and comments a moderator removed, kept hidden and without their author link until the statement''s complaint window closes or a complaint is upheld; the author is the statement''s person. No API access.';

-- Security definer: writes the author tables and the private archive.
create or replace function private.remove_content(p_statement_id uuid, p_kind text, p_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_kind = 'chisme' then
    -- the chismes pipeline tells the chisme's own topic (chisme_hidden) and the trending copy
    update public.chismes set hidden_at = coalesce(hidden_at, now()) where id = p_id;
    delete from public.chisme_authors a where a.chisme_id = p_id;
    insert into private.removed_content (statement_id, chisme_id) values (p_statement_id, p_id);
  else
    -- the comments pipeline takes a root comment off its chisme's count
    update public.comments set hidden_at = coalesce(hidden_at, now()) where id = p_id;
    delete from public.comment_authors a where a.comment_id = p_id;
    insert into private.removed_content (statement_id, comment_id) values (p_statement_id, p_id);
  end if;
end;
$$;
revoke all on function private.remove_content(uuid,text,uuid) from public, anon, authenticated, service_role;
comment on function private.remove_content(uuid, text, uuid) is 'A moderator''s removal: hides the chisme or comment and moves its author link into private.removed_content, out of every read path but the moderators''.';

-- Whether a chisme or comment is removed (and restorable): its statement, else null.
create or replace function private.removal_of(p_kind text, p_id uuid)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select r.statement_id from private.removed_content r
  where (p_kind = 'chisme' and r.chisme_id = p_id) or (p_kind = 'comment' and r.comment_id = p_id);
$$;
revoke all on function private.removal_of(text,uuid) from public, anon, authenticated, service_role;
comment on function private.removal_of(text, uuid) is 'The statement of a removed chisme or comment, null when it is not removed.';

-- Security definer: writes the author tables, the reports and the statements. Called by a
-- reversal of the removal's statement (decide_complaint).
create or replace function private.restore_removed(p_statement_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_removal private.removed_content;
  v_user_id uuid;
  v_reopened int;
begin
  delete from private.removed_content r where r.statement_id = p_statement_id returning * into v_removal;
  if v_removal.statement_id is null then
    return; -- already purged: nothing left to give back
  end if;
  select s.user_id into v_user_id from public.moderation_statements s where s.id = p_statement_id;
  if v_removal.chisme_id is not null then
    insert into public.chisme_authors (chisme_id, user_id) values (v_removal.chisme_id, v_user_id);
    update public.reports r set handled_at = null, decision = null
    where r.chisme_id = v_removal.chisme_id and r.decision = 'removed';
    get diagnostics v_reopened = row_count;
    perform private.close_reports(v_removal.chisme_id, null, 'dismissed', false);
    -- visible again (the chismes pipeline tells its topic: chisme_restored), its reports erased
    update public.chismes set hidden_at = null, report = greatest(report - v_reopened, 0) where id = v_removal.chisme_id;
    update public.moderation_statements set reversed_at = now()
    where chisme_id = v_removal.chisme_id and target_kind = 'chisme' and decision = 'hidden' and reversed_at is null;
  else
    insert into public.comment_authors (comment_id, user_id) values (v_removal.comment_id, v_user_id);
    update public.reports r set handled_at = null, decision = null
    where r.comment_id = v_removal.comment_id and r.decision = 'removed';
    get diagnostics v_reopened = row_count;
    perform private.close_reports(null, v_removal.comment_id, 'dismissed', false);
    -- a root comment counts on its chisme again (the comments pipeline)
    update public.comments set hidden_at = null, report = greatest(report - v_reopened, 0) where id = v_removal.comment_id;
    update public.moderation_statements set reversed_at = now()
    where comment_id = v_removal.comment_id and decision = 'hidden' and reversed_at is null;
  end if;
end;
$$;
revoke all on function private.restore_removed(uuid) from public, anon, authenticated, service_role;
comment on function private.restore_removed(uuid) is 'A reversed removal: the author link back, visible again with exact counts, its reports dismissed (each reporter told) and erased from the counter, its hiding statements reversed.';

-- Security definer: writes the author tables and removes others' likes, reports and
-- notifications through remove_chisme / remove_comment.
create or replace function private.purge_removed(p_statement_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_removal private.removed_content;
  v_user_id uuid;
begin
  delete from private.removed_content r where r.statement_id = p_statement_id returning * into v_removal;
  if v_removal.statement_id is null then
    return;
  end if;
  select s.user_id into v_user_id from public.moderation_statements s where s.id = p_statement_id;
  if v_removal.chisme_id is not null then
    insert into public.chisme_authors (chisme_id, user_id) values (v_removal.chisme_id, v_user_id);
    perform private.remove_chisme(v_removal.chisme_id);
    -- others' comments are shown again under the "Chisme eliminado" placeholder
    update public.chismes set hidden_at = null where id = v_removal.chisme_id and deleted_at is not null;
  else
    insert into public.comment_authors (comment_id, user_id) values (v_removal.comment_id, v_user_id);
    perform private.remove_comment(v_removal.comment_id);
    update public.comments set hidden_at = null where id = v_removal.comment_id and deleted_at is not null;
  end if;
end;
$$;
revoke all on function private.purge_removed(uuid) from public, anon, authenticated, service_role;
comment on function private.purge_removed(uuid) is 'Purges a removal for good, as its author''s deletion would: others'' comments and replies stay under a visible placeholder.';

-- The removals whose time is over: the complaint window closed and no complaint is pending
-- (a pending complaint is decided first: upheld purges, reversed restores).
create or replace function private.purge_expired_removals()
returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_statement_id uuid;
  v_count int := 0;
begin
  for v_statement_id in
    select r.statement_id from private.removed_content r
    join public.moderation_statements s on s.id = r.statement_id
    where s.complaint_until < now()
      and not exists (select 1 from private.complaints c where c.statement_id = s.id and c.decided_at is null)
    order by s.complaint_until
  loop
    perform private.purge_removed(v_statement_id);
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$$;
revoke all on function private.purge_expired_removals() from public, anon, authenticated, service_role;
comment on function private.purge_expired_removals() is 'Purges every removal whose complaint window closed with no complaint pending; returns how many (private.delete_expired_rows).';

-- The name the daily pg_cron job calls (supabase/migrations/20261127200100_insert_reference_data.sql).
create or replace function private.delete_expired_removed_content()
returns int
language sql
security invoker
set search_path = ''
as $$
  select private.delete_expired_rows('private.removed_content');
$$;
revoke all on function private.delete_expired_removed_content() from public, anon, authenticated, service_role;
comment on function private.delete_expired_removed_content() is 'Daily job: purges removed content whose complaint window closed (private.delete_expired_rows).';

-- An account deleted by any path (delete_account, or Auth's admin API directly) first purges
-- what a moderator removed of it: the statement goes with the account (its foreign key), and
-- the removal's record with it, so the content would otherwise stay hidden and authorless for
-- good. Before the delete, while the author link can still be given back. Security definer:
-- the auth service deletes users, and the purge writes the app's tables.
create or replace function private.purge_removals_of_deleted_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_statement_id uuid;
begin
  for v_statement_id in
    select r.statement_id from private.removed_content r
    join public.moderation_statements s on s.id = r.statement_id
    where s.user_id = old.id
  loop
    perform private.purge_removed(v_statement_id);
  end loop;
  return old;
end;
$$;
revoke all on function private.purge_removals_of_deleted_user() from public, anon, authenticated, service_role;
comment on function private.purge_removals_of_deleted_user() is 'Trigger on auth.users: a deleted account''s removed content is purged first, as the rest of theirs goes.';

create trigger users_before_delete_purge_removals
  before delete on auth.users
  for each row execute function private.purge_removals_of_deleted_user();
