-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

-- The row shape of a chisme as every chisme RPC of docs/api.md serves it, `feed_chisme`: no author id, no liker
-- ids; `is_mine` and `liked_by_me` are computed for the caller; `crisis` marks a chisme that
-- mentions self-harm (19-crisis.sql) so the web shows the support lines; `is_deleted` marks the
-- "Chisme eliminado" placeholder of a deleted chisme that keeps other people's comments (below).
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
  image_viewable boolean,
  crisis boolean,
  is_deleted boolean
);
comment on type public.feed_chisme is 'A chisme as served to a user: no author, computed is_mine / liked_by_me / image_viewable; is_deleted for the "Chisme eliminado" placeholder that keeps others'' comments.';

-- Chismes: the anonymous posts. The author link lives in `chisme_authors`, which RLS shows only
-- to the author, so no chisme served to anyone carries a user id (ARCHITECTURE: anonymity).
-- Clients insert only the fields they own; counters, file_exist and timestamps are kept by
-- triggers and the service role. Rules (spec §5 "New post") are enforced by the table's write pipeline (below),
-- so they hold for every writer.
create table public.chismes (
  id uuid primary key default gen_random_uuid(),
  gender text not null,
  years int not null,
  country text not null default 'unknow',
  tags text[] not null default '{}',
  -- a generous backstop on code points: the 10–400 limits count what a person sees
  -- (private.visible_length in the rule step), and one emoji can be ten code points
  content text not null,
  cotilleo boolean not null default false,
  likes int not null default 0 check (likes >= 0),
  comments int not null default 0 check (comments >= 0),
  report int not null default 0 check (report >= 0),
  file_exist boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  hidden_at timestamptz,
  crisis boolean not null default false,
  deleted_at timestamptz,
  -- a deleted chisme kept as a placeholder keeps nothing of its author (private.remove_chisme)
  constraint chismes_content_check check (char_length(content) between 1 and 4000 or (deleted_at is not null and content = '')),
  constraint chismes_country_check check (char_length(country) between 1 and 100 or (deleted_at is not null and country = '')),
  constraint chismes_deleted_empty_check check (deleted_at is null
    or (content = '' and country = '' and gender = '' and years = 0 and tags = '{}' and not crisis and report = 0 and not file_exist))
);
alter table public.chismes enable row level security;
comment on table public.chismes is 'Anonymous gossip posts. No author column: see chisme_authors. Counters are trigger-maintained.';
comment on column public.chismes.hidden_at is 'Set when reports reach the threshold; only the author and moderators see the chisme meanwhile.';
comment on column public.chismes.crisis is 'The text mentions suicide or self-harm (set on insert from the text; says nothing about the author).';
comment on column public.chismes.deleted_at is 'Set when its author (or their account) deleted a chisme that others commented on: the row stays as the "Chisme eliminado" placeholder above their comments, with no text, tags, author details, image, likes or author link, out of every feed.';
revoke all on table public.chismes from public, anon, authenticated, service_role;
grant all on table public.chismes to service_role;
grant select on table public.chismes to authenticated;

-- Feeds (get_feed): recent/old scan the first index forwards or backwards, top the second,
-- trending the first restricted to the last 24 hours.
create index chismes_cotilleo_created_at_id_idx on public.chismes (cotilleo, created_at desc, id desc);

create index chismes_cotilleo_likes_created_at_id_idx on public.chismes (cotilleo, likes desc, created_at desc, id desc);

create index chismes_tags_idx on public.chismes using gin (tags);

create policy chismes_insert_authenticated on public.chismes
  for insert to authenticated
  with check ((select auth.uid()) is not null);
comment on policy chismes_insert_authenticated on public.chismes is 'A signed-in user posts; the author link is always the caller (write pipeline).';

-- ---------------------------------------------------------------------------------------------
-- The write pipeline: what a chisme goes through, in the order it runs
-- ---------------------------------------------------------------------------------------------
-- One trigger per timing and operation; its function calls the steps in the order listed here
-- (docs/database.md, "Write pipelines"). A step that refuses raises its key and undoes the write.
--
-- Before insert (private.check_chisme_write):
--   1. a suspended account posts nothing (private.guard_suspended_user, 16-suspensions.sql);
--   2. the chisme's own rules, which normalise the row and reset what a client may not choose
--      (private.check_chisme_rules, below, with the rules comments share:
--      private.check_post_rules, 07-text-rules.sql);
--   3. the rate limit, after the rules: a write they refuse is counted once, by the RPC's
--      answer (private.enforce_rate_limit, 12-rate-limits.sql; docs/decisions/0024-refused-writes-count.md);
--   4. the crisis flag, from the normalised text (private.flag_crisis_content, 19-crisis.sql).
-- After insert (private.apply_chisme_write):
--   1. the author link (private.record_chisme_author, below);
--   2. the trending copy (private.add_trending_chisme, 25-feed.sql);
--   3. the realtime outbox, for the new-chismes pill (private.mark_chisme_created, 80-realtime.sql).
-- Before update: updated_at (private.set_updated_at, 05-helpers.sql).
-- After update of a counter, the image or the moderation state (private.apply_chisme_write):
--   1. the trending copy of likes, reports and hiding, for a chisme of the last 24 hours
--      (private.update_trending_chisme, 25-feed.sql);
--   2. realtime (80-realtime.sql): changed like and comment counts marked for the next flush
--      (private.mark_chisme_counts_changed); the image state and the hiding or restoring sent
--      to the chisme's own topic at once and marked for the flush (private.broadcast_chisme_image,
--      private.broadcast_chisme_moderation).
-- After update of deleted_at (the chisme became the "Chisme eliminado" placeholder): it leaves
--   the trending table (private.remove_trending_chisme, below) and nothing else runs; the feeds
--   and the new-chismes pill leave it out by deleted_at (25-feed.sql, 80-realtime.sql), and
--   every write to it is refused by the first step of the likes, comments and reports
--   pipelines (private.guard_hidden_chisme, below; private.guard_hidden_report_target).
-- Deletes cascade (authors, comments, likes, reports, the trending row); their tables'
-- pipelines keep the counters of what remains.
--
-- Security definer: the steps are private functions no API role may execute, whoever writes.
create or replace function private.check_chisme_write()
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
  v_step := private.guard_suspended_user();
  new := private.check_chisme_rules(new);
  v_step := private.enforce_rate_limit('chisme');
  new.crisis := private.flag_crisis_content(new.content);
  return new;
end;
$$;
revoke all on function private.check_chisme_write() from public, anon, authenticated, service_role;
comment on function private.check_chisme_write() is 'Trigger: the checks of a new chisme in order (suspension, rules, rate limit, crisis flag).';

create or replace function private.apply_chisme_write()
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
    v_step := private.record_chisme_author(new.id);
    v_step := private.add_trending_chisme(new);
    v_step := private.mark_chisme_created(new.id, new.cotilleo, new.created_at);
    return null;
  end if;
  if old.deleted_at is null and new.deleted_at is not null then
    v_step := private.remove_trending_chisme(new.id);
    return null;
  end if;
  if new.created_at > now() - interval '24 hours'
     and (old.likes, old.report, old.hidden_at) is distinct from (new.likes, new.report, new.hidden_at) then
    v_step := private.update_trending_chisme(new);
  end if;
  if new.hidden_at is null and (old.likes, old.comments) is distinct from (new.likes, new.comments) then
    v_step := private.mark_chisme_counts_changed(new.id);
  end if;
  if new.hidden_at is null and old.file_exist is distinct from new.file_exist then
    v_step := private.broadcast_chisme_image(new);
  end if;
  if (old.hidden_at is null) <> (new.hidden_at is null) then
    v_step := private.broadcast_chisme_moderation(new);
  end if;
  return null;
end;
$$;
revoke all on function private.apply_chisme_write() from public, anon, authenticated, service_role;
comment on function private.apply_chisme_write() is 'Trigger: the effects of a new or changed chisme in order (author link, trending copy, realtime); a chisme turned placeholder leaves the trending table.';

create trigger chismes_before_insert_check_rules
  before insert on public.chismes
  for each row execute function private.check_chisme_write();

create trigger chismes_before_update_set_updated_at
  before update on public.chismes
  for each row execute function private.set_updated_at();

create trigger chismes_after_insert_apply_effects
  after insert on public.chismes
  for each row execute function private.apply_chisme_write();

-- Only updates that change what an effect follows call the function.
create trigger chismes_after_update_apply_effects
  after update on public.chismes
  for each row
  when ((old.likes, old.comments, old.report, old.hidden_at, old.file_exist, old.deleted_at)
    is distinct from (new.likes, new.comments, new.report, new.hidden_at, new.file_exist, new.deleted_at))
  execute function private.apply_chisme_write();

create table public.chisme_authors (
  chisme_id uuid primary key references public.chismes (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade
);
alter table public.chisme_authors enable row level security;
revoke all on table public.chisme_authors from public, anon, authenticated, service_role;
grant all on table public.chisme_authors to service_role;
grant select on table public.chisme_authors to authenticated;
comment on table public.chisme_authors is 'Who wrote each chisme; RLS shows a row only to that author (anonymity).';

create index chisme_authors_user_id_idx on public.chisme_authors (user_id);

create policy chisme_authors_select_authenticated on public.chisme_authors
  for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy chisme_authors_select_authenticated on public.chisme_authors is 'An author sees only their own authorship rows (is_mine).';

-- Security definer: chisme_authors has no client insert grant, so a caller can never claim
-- someone else's chisme; the author is always auth.uid().
create or replace function private.record_chisme_author(p_chisme_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.chisme_authors (chisme_id, user_id) values (p_chisme_id, private.require_user());
end;
$$;
revoke all on function private.record_chisme_author(uuid) from public, anon, authenticated, service_role;
comment on function private.record_chisme_author(uuid) is 'Write step: links a new chisme to its author, the caller (security definer: clients cannot write chisme_authors).';

-- No new index: the hide condition is checked on rows the feed indexes already return
-- (hidden_at is null first), and the queue reads pending reports, a small set.

-- ---------------------------------------------------------------------------------------------
-- Visibility (RLS): hidden content only for its author and moderators
-- ---------------------------------------------------------------------------------------------

-- Whether the caller may see a chisme that moderation hid: its author or a moderator.
create or replace function private.can_see_hidden_chisme(p_chisme_id uuid)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select private.is_moderator()
    or exists (select 1 from public.chisme_authors a where a.chisme_id = p_chisme_id and a.user_id = (select auth.uid()));
$$;
revoke all on function private.can_see_hidden_chisme(uuid) from public, anon, authenticated, service_role;
grant execute on function private.can_see_hidden_chisme(uuid) to public;
grant execute on function private.can_see_hidden_chisme(uuid) to authenticated;
grant execute on function private.can_see_hidden_chisme(uuid) to service_role;
comment on function private.can_see_hidden_chisme(uuid) is 'Whether the caller is the chisme''s author or a moderator (RLS shows the caller only their own authorship).';

-- Security definer: reads hidden_at whatever the caller. A hidden chisme takes no new comments
-- or likes, and loses no likes, from anyone but its author and moderators (to them it is as if
-- it did not exist); a deleted chisme's "Chisme eliminado" placeholder takes none from anyone,
-- whoever writes (it has no author, and its thread only keeps what others wrote): the first
-- step of the likes pipeline (insert and delete) and of the comments pipeline. One probe of
-- the chisme's row either way.
create or replace function private.guard_hidden_chisme(p_chisme_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (
    select 1 from public.chismes c
    where c.id = p_chisme_id
      and (c.deleted_at is not null
        or (c.hidden_at is not null and (select auth.uid()) is not null and not private.can_see_hidden_chisme(c.id)))) then
    raise exception 'chisme_not_found' using errcode = 'P0001';
  end if;
  -- adults only (10-profiles.sql): another's cotilleo chisme is not found without the confirmation
  if (select auth.uid()) is not null
    and exists (select 1 from public.chismes c where c.id = p_chisme_id and c.cotilleo)
    and not private.caller_is_adult() and not private.is_moderator()
    and not exists (select 1 from public.chisme_authors a where a.chisme_id = p_chisme_id and a.user_id = (select auth.uid())) then
    raise exception 'chisme_not_found' using errcode = 'P0001';
  end if;
end;
$$;
revoke all on function private.guard_hidden_chisme(uuid) from public, anon, authenticated, service_role;
comment on function private.guard_hidden_chisme(uuid) is 'Write step: a chisme hidden by moderation, or another''s cotilleo chisme without the adult confirmation, is not found (chisme_not_found) for comments, likes and unlikes of other users; a deleted chisme''s placeholder for anyone.';

create index chismes_cotilleo_country_created_at_id_idx
  on public.chismes (cotilleo, country, created_at desc, id desc)
  include (likes, gender, years, tags, report, hidden_at);

create index chismes_cotilleo_country_likes_created_at_id_idx
  on public.chismes (cotilleo, country, likes desc, created_at desc, id desc)
  include (gender, years, tags, report, hidden_at);

create policy chismes_select_authenticated on public.chismes
  for select to authenticated
  using (
    (
      hidden_at is null
      or (select private.is_moderator())
      or exists (select 1 from public.chisme_authors a where a.chisme_id = chismes.id and a.user_id = (select auth.uid()))
    )
    and (not (select private.caller_has_blocks()) or not private.caller_blocked_chisme_author(id))
    -- adults only: a cotilleo chisme reaches only a person who confirmed being 18 or older
    -- (its author and moderators aside)
    and (not cotilleo or (select private.caller_is_adult()) or (select private.is_moderator())
      or exists (select 1 from public.chisme_authors a where a.chisme_id = chismes.id and a.user_id = (select auth.uid())))
  );
comment on policy chismes_select_authenticated on public.chismes is 'Signed-in users read every chisme (rows carry no author) except those hidden by reports, which only their author and moderators see, those of authors they blocked, and cotilleo chismes of others without the adult confirmation.';

create or replace function private.check_chisme_rules(p_chisme public.chismes)
returns public.chismes
language plpgsql
security invoker
set search_path = ''
as $$
begin
  -- A client's write, through a security definer RPC or not: the request's role says so.
  if private.is_client_write() then
    perform private.require_user();
    p_chisme.id := gen_random_uuid();
    p_chisme.likes := 0;
    p_chisme.comments := 0;
    p_chisme.report := 0;
    p_chisme.file_exist := false;
    p_chisme.created_at := now();
    p_chisme.updated_at := now();
  end if;
  p_chisme.cotilleo := coalesce(p_chisme.cotilleo, false);
  -- The rules a comment shares (07-text-rules.sql), with a chisme's keys and limits: 10–400
  -- visible characters, ages to 99, tags, an optional country.
  select r.o_content, r.o_country, r.o_tags into p_chisme.content, p_chisme.country, p_chisme.tags
  from private.check_post_rules(
    p_chisme.content, p_chisme.gender, p_chisme.years, p_chisme.country, coalesce(p_chisme.tags, '{}'::text[]), p_chisme.cotilleo,
    p_min_length => 10, p_max_years => 99,
    p_too_short_key => 'chisme_content_too_short', p_too_long_key => 'chisme_content_too_long',
    p_gender_key => 'chisme_gender_invalid', p_years_key => 'chisme_years_out_of_range',
    p_country_required_key => null) r;
  return p_chisme;
end;
$$;
comment on function private.check_chisme_rules(public.chismes) is 'Write step: validates and normalises a new chisme (spec §5: the rules shared with comments, with a chisme''s keys and limits), resets client-forged fields.';
revoke all on function private.check_chisme_rules(public.chismes) from public, anon, authenticated, service_role;

-- A client write: runs as its owner (security definer), because clients hold no write
-- privilege on the tables; every rule stays in the table's write pipeline, which reads the
-- request's role with private.is_client_write() (05-helpers.sql).
create function public.create_chisme(p_gender text, p_years text, p_content text, p_tags jsonb, p_country text, p_cotilleo text)
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
  return to_json(private.publish_chisme(p_gender, p_years, p_content, p_tags, p_country, p_cotilleo));
exception when sqlstate 'P0001' then
  get stacked diagnostics v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
  return private.answer_refused_write('chisme', v_message, v_detail, v_hint);
end;
$$;
comment on function public.create_chisme(text, text, text, jsonb, text, text) is 'Publishes a chisme as the caller (rules enforced by the chismes write pipeline) and returns it as a feed_chisme object; over-long and malformed arguments raise keys before any text work; over the API a refusal is answered (400, the key) and counts towards the chisme rate limit.';
revoke all on function public.create_chisme(text,text,text,jsonb,text,text) from public, anon, authenticated, service_role;
grant execute on function public.create_chisme(text,text,text,jsonb,text,text) to service_role;
grant execute on function public.create_chisme(text,text,text,jsonb,text,text) to authenticated;

-- Refused writes count towards the rate limit (docs/decisions/0024-refused-writes-count.md).
--
-- A raised refusal makes PostgREST roll the transaction back, and the rate-limit counter's
-- increment with it: a script could send refused chismes and comments (too long, offensive,
-- personal data, malformed) without end, each one paying normalisation and matching. So
-- create_chisme and add_comment, when PostgREST calls them (request.method is set: every
-- REST and GraphQL request), run the write in a block that catches the refusal (P0001, the
-- SQLSTATE of every key). The block's subtransaction undoes everything the write did; outside
-- it the refusal is counted as one write of the action (private.count_rate_limited_write, the
-- same upsert under the same row lock as a stored write, so it is exact under concurrency),
-- `response.status` is set to 400, and the function returns the body PostgREST sends for a
-- raised P0001 ({"code","details","hint","message"}), so supabase-js gives the web the same
-- error object. The transaction commits (PostgREST commits unless an error is raised or the
-- client may override the transaction end, which db-tx-end's default does not allow), and with
-- it the count and nothing else.
--
-- Called from SQL (pgTAP, the operator), the functions raise the refusal.
--
-- The return type is json (PostgreSQL fixes a function's type; a refusal's body must fit it).
-- On the wire a success is the row's object; the generated TypeScript types say Json, and the
-- web reads the row (web/src/features/chisme/api/create-chisme.ts,
-- web/src/features/comments/api/add-comment.ts). The writes themselves are
-- private.publish_chisme / private.publish_comment, which return the rows and raise the keys,
-- with the raw-size checks of the shared helpers of supabase/schemas/05-helpers.sql.

-- The write of create_chisme (rules in the chismes write pipeline), raising its keys.
create or replace function private.publish_chisme(p_gender text, p_years text, p_content text, p_tags jsonb, p_country text, p_cotilleo text)
returns public.feed_chisme
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_row public.chismes;
begin
  perform private.require_user();
  -- Raw sizes first, in constant time (05-helpers.sql).
  perform private.assert_raw_text_sizes(p_content, 'chisme_content_too_long', p_country);
  if pg_column_size(p_tags) > 16000 then
    raise exception 'chisme_tag_too_long' using errcode = 'P0001',
      detail = jsonb_build_object('max', 20)::text;
  end if;
  insert into public.chismes (gender, years, content, tags, country, cotilleo)
  values (
    private.capped_arg(p_gender),
    private.int_arg(private.capped_arg(p_years), 'chisme_years_out_of_range'),
    p_content,
    coalesce(private.text_array_arg(p_tags, 'chisme_tags_invalid'), '{}'::text[]),
    p_country,
    coalesce(private.boolean_arg(private.capped_arg(p_cotilleo), 'chisme_mode_invalid'), false)
  )
  returning * into v_row;
  return private.to_feed_chisme(v_row, true, false);
end;
$$;
comment on function private.publish_chisme(text, text, text, jsonb, text, text) is 'The write of create_chisme: publishes a chisme as the caller and returns it, raising the keys of every refusal.';
revoke all on function private.publish_chisme(text,text,text,jsonb,text,text) from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- "Eliminar" on one's own chisme (docs/decisions/0034-deletion-keeps-others-words.md)
-- ---------------------------------------------------------------------------------------------
-- A chisme its author deletes (delete_my_chisme), or one of a deleted account (delete_account,
-- 75-account.sql), goes with nothing of anyone else's, as a comment does (40-comments.sql):
--   1. the author's own comments in its thread go first (private.remove_comment: others'
--      replies under them stay under a "Comentario eliminado" placeholder), deepest first;
--   2. a chisme left with no comment is deleted; its likes, reports, mutes, thread
--      numbers and trending row cascade, and its author's notifications about it go;
--   3. a chisme others commented on stays as the "Chisme eliminado" placeholder: its likes
--      (the likes pipeline keeps the count exact), the likes already notified, its reports,
--      its author's notifications about it, mutes and thread number, and its author
--      link are deleted, and its text, tags, gender, age, country and crisis flag are cleared,
--      and file_exist too, at once: its object may wait a minute for the purge, and
--      chisme-image-url signs only for a chisme whose file_exist get_chisme answers
--      (chismes_deleted_empty_check holds it). It leaves every feed, the trending table and
--      the new-chismes pill, takes no like, comment or report (the chismes pipeline, above),
--      and its thread still opens (get_chisme answers is_deleted, get_comments the comments,
--      whose pseudonyms stay). Others' notifications about the thread stay and open it. When
--      its last comment goes, it goes too (private.drop_commentless_chisme, the comments
--      pipeline after delete).
-- Its image is removed from Storage by chisme-image-purge within a minute:
-- list_expired_chisme_images lists every object whose chisme is gone or a placeholder
-- (85-storage.sql), so a process that dies after the delete leaves nothing behind for long;
-- no signed URL is made for either (get_chisme: file_exist and image_viewable are false). Allowed to a
-- suspended account and for a chisme hidden by moderation (its author sees it; the moderation
-- record keeps no text of it; a hidden placeholder stays hidden).
--
-- Security definer: reads chisme_authors for the caller's own row, deletes others'
-- notifications. A chisme that is not the caller's, or not there, answers chisme_not_found.
create or replace function public.delete_my_chisme(p_chisme_id text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
  v_chisme_id uuid := private.uuid_arg(p_chisme_id, 'chisme_not_found');
begin
  if not exists (select 1 from public.chisme_authors a where a.chisme_id = v_chisme_id and a.user_id = v_user_id) then
    raise exception 'chisme_not_found' using errcode = 'P0001';
  end if;
  perform private.remove_chisme(v_chisme_id);
  return true;
end;
$$;
revoke all on function public.delete_my_chisme(text) from public, anon, authenticated, service_role;
grant execute on function public.delete_my_chisme(text) to authenticated;
grant execute on function public.delete_my_chisme(text) to service_role;
comment on function public.delete_my_chisme(text) is 'Deletes the caller''s own chisme (a "Chisme eliminado" placeholder keeps other people''s comments; nothing of the author stays; its image is purged from Storage within a minute); key chisme_not_found.';

-- Security definer: deletes other people's likes, reports and notification bookkeeping.
create or replace function private.remove_chisme(p_chisme_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_author_id uuid;
  v_comment_id uuid;
begin
  select a.user_id into v_author_id from public.chisme_authors a where a.chisme_id = p_chisme_id;
  if v_author_id is null then
    return;
  end if;
  -- the comments pipeline's lock order: the chisme's row before any notification row
  perform 1 from public.chismes c where c.id = p_chisme_id for update;
  for v_comment_id in
    select m.id from public.comments m join public.comment_authors a on a.comment_id = m.id
    where m.chisme_id = p_chisme_id and a.user_id = v_author_id
    order by m.depth desc, m.created_at desc
  loop
    perform private.remove_comment(v_comment_id);
  end loop;
  delete from public.notifications n where n.user_id = v_author_id and n.data ->> 'chismeId' = p_chisme_id::text;
  if not exists (select 1 from public.comments m where m.chisme_id = p_chisme_id) then
    delete from public.chismes c where c.id = p_chisme_id;
    return;
  end if;
  delete from public.likes l where l.chisme_id = p_chisme_id;
  delete from private.notified_likes k where k.chisme_id = p_chisme_id;
  delete from public.reports r where r.chisme_id = p_chisme_id;
  delete from private.thread_mutes m where m.chisme_id = p_chisme_id and m.user_id = v_author_id;
  delete from private.thread_participants t where t.chisme_id = p_chisme_id and t.user_id = v_author_id;
  delete from public.chisme_authors a where a.chisme_id = p_chisme_id;
  update public.chismes c
  set deleted_at = now(), content = '', country = '', gender = '', years = 0, tags = '{}', crisis = false, report = 0,
    file_exist = false
  where c.id = p_chisme_id;
end;
$$;
revoke all on function private.remove_chisme(uuid) from public, anon, authenticated, service_role;
comment on function private.remove_chisme(uuid) is 'Deletes a chisme with its author''s comments in it, or keeps it as an empty "Chisme eliminado" placeholder when others commented (no text, author link, likes, reports or author notifications left).';

-- Security definer: private.trending_chismes is not writable by clients. A step of the chismes
-- pipeline after update of deleted_at: a placeholder is not news.
create or replace function private.remove_trending_chisme(p_chisme_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.trending_chismes t where t.id = p_chisme_id;
end;
$$;
revoke all on function private.remove_trending_chisme(uuid) from public, anon, authenticated, service_role;
comment on function private.remove_trending_chisme(uuid) is 'Write step: a chisme turned "Chisme eliminado" placeholder leaves the trending table.';

-- Security definer: runs inside the comments pipeline after delete, whoever deleted.
create or replace function private.drop_commentless_chisme(p_chisme_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.chismes c
  where c.id = p_chisme_id
    and c.deleted_at is not null
    and not exists (select 1 from public.comments m where m.chisme_id = p_chisme_id);
end;
$$;
revoke all on function private.drop_commentless_chisme(uuid) from public, anon, authenticated, service_role;
comment on function private.drop_commentless_chisme(uuid) is 'Write step (comments, after delete): a "Chisme eliminado" placeholder whose last comment went is deleted too.';
