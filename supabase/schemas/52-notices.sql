-- Function bodies refer to objects of later files (the ledger, the statements): their check
-- waits for the first call, as in pg_dump's output. plpgsql_check and pgTAP cover them.
set check_function_bodies = off;

-- Notices from people who are not signed in (docs/decisions/0035-notice-and-action.md,
-- "Signed-out notices"): someone who reached a chisme or a comment through a shared link, often
-- the person it is about, reports it with a reason, an explanation and an e-mail address for the
-- answer. The form never shows the content (anonymity and the adults-only rule stand), and its
-- answers are the same whether the id names a visible, hidden, cotilleo or deleted target or
-- nothing at all: the form is no oracle.
--
--   submit_notice (anon) ──► pending_notices (private; no moderator, no counter sees it)
--                         └► notice_mails: one confirmation mail with a link (#token)
--   confirm_notice (anon, the token) ──► notices (the moderation queue; the ledger's signed_out)
--   close_reports (74-statements.sql) ──► notice_mails: the decision, with its ground;
--                                         the notice, and with it the address, is deleted
--
-- The mails go out through the project's mail path: the send-email function's /notices route
-- claims them (claim_notice_mails), sends them over its SMTP server and reports them sent
-- (finish_notice_mails); pg_cron calls it every 5 s when a mail waits.
--
-- Limits, all on the one windowed counter (private.count_in_window) and the project's mail
-- budget (public.claim_auth_mail, docs/decisions/0027-auth-abuse-limits.md), in this order:
--   notice_client  per network (private.client_address: cf-connecting-ip on hosted Supabase)
--   notice_target  per chisme or comment id, whether or not it exists
--   notice_address per inbox (private.inbox_of): each accepted notice sends its one
--                  confirmation mail, so this is also the confirmation mails an unconfirmed
--                  address can receive
--   the mail budget: 20 mails a client, 5 an inbox, 3 an inbox and client, 1000 the project,
--                  an hour, shared with Auth's mails.
-- A refusal raises rate_limited {"action","retry_after"} and stores nothing. A request with no
-- client address (SQL; the local stack's gateway sends none) counts as one network, "unknown":
-- unlike the sign-in lookup, a notice mails someone, so it is never unlimited.

create table private.pending_notices (
  id uuid primary key default gen_random_uuid(),
  -- sha256 of the link's token: the token itself leaves only in the mail
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  email text not null check (char_length(email) between 3 and 254),
  -- not checked against the tables: an unknown id is stored alike (no oracle), and dropped at
  -- confirmation
  chisme_id uuid,
  comment_id uuid,
  reason text not null check (reason ~ '^[a-z_]{1,40}$'),
  explanation text not null check (char_length(explanation) between 1 and 2000),
  created_at timestamptz not null default now(),
  check (num_nonnulls(chisme_id, comment_id) = 1)
);
revoke all on table private.pending_notices from public, anon, authenticated, service_role;
comment on table private.pending_notices is 'Signed-out notices waiting for their e-mail''s confirmation, kept an hour (private.delete_expired_notices). Seen by no moderator and no counter. No API access.';

-- No index on created_at: the limits bound the table to an hour of notices (at most 5 per
-- network), which the purge reads whole.

create table private.notices (
  id uuid primary key default gen_random_uuid(),
  chisme_id uuid references public.chismes (id) on delete cascade,
  comment_id uuid references public.comments (id) on delete cascade,
  reason text not null check (reason ~ '^[a-z_]{1,40}$'),
  explanation text not null check (char_length(explanation) between 1 and 2000),
  -- kept while the notice is open, for the decision's mail; the notice is deleted when closed
  email text not null check (char_length(email) between 3 and 254),
  created_at timestamptz not null,
  confirmed_at timestamptz not null default now(),
  check (num_nonnulls(chisme_id, comment_id) = 1)
);
revoke all on table private.notices from public, anon, authenticated, service_role;
comment on table private.notices is 'Open, confirmed signed-out notices: in the moderation queue (never the e-mail); deleted when a decision closes them, which forgets the address. No API access.';

create index notices_chisme_id_idx on private.notices (chisme_id);

create index notices_comment_id_idx on private.notices (comment_id);

-- The outbox of notice mails. A row holds the address only until the mail is sent.
create table private.notice_mails (
  id uuid primary key default gen_random_uuid(),
  email text not null check (char_length(email) between 3 and 254),
  kind text not null check (kind in ('confirmation', 'removed', 'dismissed')),
  -- the confirmation link's token (confirmation only)
  token text check (token ~ '^[0-9a-f]{64}$'),
  target_kind text not null check (target_kind in ('chisme', 'comment')),
  target_id uuid not null,
  reason text not null check (reason ~ '^[a-z_]{1,40}$'),
  created_at timestamptz not null default now(),
  -- set while the sender holds it; a sender that died leaves it to the next after the lease
  leased_until timestamptz,
  check ((kind = 'confirmation') = (token is not null))
);
revoke all on table private.notice_mails from public, anon, authenticated, service_role;
comment on table private.notice_mails is 'Notice mails waiting to be sent (a confirmation link, or a decision); deleted once sent. No API access.';

-- ---------------------------------------------------------------------------------------------
-- Submitting and confirming
-- ---------------------------------------------------------------------------------------------

-- Security definer: the notices, the counters and the mail budget are private. Called by
-- people who are not signed in (anon); a signed-in person reports from the report dialog.
-- Returns nothing: the same answer for every well-formed target id.
create or replace function public.submit_notice(p_kind text, p_id text, p_reason text, p_explanation text, p_email text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_kind text := private.capped_arg(p_kind);
  v_id uuid := private.uuid_arg(p_id, 'report_target_not_found');
  v_reason text := lower(btrim(coalesce(private.capped_arg(p_reason), '')));
  v_explanation text;
  v_email text := lower(btrim(coalesce(left(p_email, 300), '')));
  v_client text := private.client_address();
  v_claim jsonb;
  v_token text;
begin
  if v_kind is null or v_kind not in ('chisme', 'comment') then
    raise exception 'report_target_invalid' using errcode = 'P0001';
  end if;
  if v_id is null then
    raise exception 'report_target_not_found' using errcode = 'P0001';
  end if;
  if not exists (select 1 from public.report_reasons rr where rr.code = v_reason and rr.active) then
    raise exception 'report_reason_invalid' using errcode = 'P0001',
      detail = jsonb_build_object('allowed', (select jsonb_agg(rr.code order by rr.position, rr.code) from public.report_reasons rr where rr.active))::text;
  end if;
  -- normalised first: the size cap refuses a huge one before any other work
  v_explanation := nullif(private.strip_markup(private.normalize_text(p_explanation)), '');
  if v_explanation is null or char_length(v_explanation) > 2000 then
    raise exception 'notice_explanation_invalid' using errcode = 'P0001',
      detail = jsonb_build_object('min', 1, 'max', 2000)::text;
  end if;
  if char_length(v_email) > 254 or v_email !~ '^[^@\s<>(),;:"\[\]]+@[^@\s<>(),;:"\[\]]+\.[^@\s<>(),;:"\[\]]+$' then
    raise exception 'notice_email_invalid' using errcode = 'P0001';
  end if;
  -- the limits, network first (the cheapest refusal of a flood from one place)
  perform private.count_limited_subject('notice_client', coalesce(v_client, 'unknown'), null, 'notice');
  perform private.count_limited_subject('notice_target', v_id::text, null, 'notice');
  perform private.count_limited_subject('notice_address', private.inbox_of(v_email), null, 'notice');
  -- the project's mail budget, shared with Auth's mails
  v_claim := public.claim_auth_mail('notice_confirmation', array[v_email], coalesce(v_client, 'unknown'));
  if not (v_claim ->> 'allowed')::boolean then
    raise exception 'rate_limited' using errcode = 'P0001',
      detail = jsonb_build_object('action', 'notice', 'retry_after', (v_claim ->> 'retry_after')::int)::text;
  end if;
  v_token := encode(extensions.gen_random_bytes(32), 'hex');
  insert into private.pending_notices (token_hash, email, chisme_id, comment_id, reason, explanation)
  values (encode(extensions.digest(v_token, 'sha256'), 'hex'), v_email,
    case when v_kind = 'chisme' then v_id end, case when v_kind = 'comment' then v_id end, v_reason, v_explanation);
  insert into private.notice_mails (email, kind, token, target_kind, target_id, reason)
  values (v_email, 'confirmation', v_token, v_kind, v_id, v_reason);
end;
$$;
revoke all on function public.submit_notice(text,text,text,text,text) from public, anon, authenticated, service_role;
grant execute on function public.submit_notice(text,text,text,text,text) to anon;
grant execute on function public.submit_notice(text,text,text,text,text) to service_role;
comment on function public.submit_notice(text, text, text, text, text) is 'Signed out: a notice of a chisme or comment (p_kind chisme|comment, its id) with a reason code, an explanation and an e-mail address; stored pending and confirmed by the link mailed to the address. Limited per network, target and address (rate_limited). The same answer for every well-formed id.';

-- Security definer: the notices and the ledger are private. The link's token confirms its
-- notice within the hour: a notice of a chisme or comment that exists (in any state) joins the
-- moderation queue (whose open screens are pinged) and the ledger's signed_out reports; one of a
-- target that does not exist is dropped. Either way the answer is the same.
create or replace function public.confirm_notice(p_token text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_token text := lower(btrim(coalesce(left(p_token, 100), '')));
  v_pending private.pending_notices;
begin
  -- a deleted account's token is not_authenticated here too (private.require_user)
  if auth.uid() is not null then
    perform private.require_user();
  end if;
  delete from private.pending_notices p
  where p.token_hash = encode(extensions.digest(v_token, 'sha256'), 'hex')
    and p.created_at > now() - interval '1 hour'
  returning * into v_pending;
  if v_pending.id is null then
    raise exception 'notice_link_invalid' using errcode = 'P0001';
  end if;
  if exists (select 1 from public.chismes c where c.id = v_pending.chisme_id)
     or exists (select 1 from public.comments c where c.id = v_pending.comment_id) then
    insert into private.notices (id, chisme_id, comment_id, reason, explanation, email, created_at)
    values (v_pending.id, v_pending.chisme_id, v_pending.comment_id, v_pending.reason, v_pending.explanation,
      v_pending.email, v_pending.created_at);
    perform private.log_moderation_event('report', v_pending.reason, 'signed_out', null, null);
    -- the moderators' open queue reloads, as on a report (50-reports.sql)
    perform realtime.send(jsonb_build_object(
        'kind', case when v_pending.chisme_id is not null then 'chisme' else 'comment' end,
        'id', coalesce(v_pending.chisme_id, v_pending.comment_id)),
      'report_created', 'moderation', true);
  end if;
end;
$$;
revoke all on function public.confirm_notice(text) from public, anon, authenticated, service_role;
grant execute on function public.confirm_notice(text) to anon;
grant execute on function public.confirm_notice(text) to authenticated;
grant execute on function public.confirm_notice(text) to service_role;
comment on function public.confirm_notice(text) is 'Confirms a signed-out notice by the token of its mailed link (within the hour; notice_link_invalid otherwise): it joins the moderation queue and the transparency report. The same answer whether or not its target exists.';

-- ---------------------------------------------------------------------------------------------
-- Closing: the decision's mail, then the address goes
-- ---------------------------------------------------------------------------------------------

-- Called by private.close_reports (74-statements.sql) with the moderator's decision on a
-- target. Each open notice becomes its decision mail (counted in the project's mail budget,
-- never refused: it answers a confirmed address once) and is deleted. Returns how many.
create or replace function private.close_notices(p_chisme_id uuid, p_comment_id uuid, p_decision text)
returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_closed int;
begin
  with closed as (
    delete from private.notices n
    where n.chisme_id = p_chisme_id or n.comment_id = p_comment_id
    returning n.email, n.chisme_id, n.comment_id, n.reason
  ), queued as (
    insert into private.notice_mails (email, kind, target_kind, target_id, reason)
    select c.email, p_decision, case when c.chisme_id is not null then 'chisme' else 'comment' end,
      coalesce(c.chisme_id, c.comment_id), c.reason
    from closed c
    returning email
  )
  insert into private.auth_mail_log (inbox, client, kind)
  select private.inbox_of(q.email), 'notice', 'notice_decision' from queued q;
  get diagnostics v_closed = row_count;
  return v_closed;
end;
$$;
revoke all on function private.close_notices(uuid,uuid,text) from public, anon, authenticated, service_role;
comment on function private.close_notices(uuid, uuid, text) is 'Closes a target''s signed-out notices with the decision: queues each notifier''s decision mail and deletes the notice with its address.';

-- ---------------------------------------------------------------------------------------------
-- The sender's side (send-email's /notices route, service role)
-- ---------------------------------------------------------------------------------------------

-- Whether a notice mail waits (the pg_cron job calls the sender only then).
create or replace function private.notice_mail_pending()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from private.notice_mails m where m.leased_until is null or m.leased_until < now());
$$;
revoke all on function private.notice_mail_pending() from public, anon, authenticated, service_role;
comment on function private.notice_mail_pending() is 'Whether a notice mail waits to be sent (the send-notice-mails job''s condition).';

-- Security definer: the outbox is private; service role only. Leases up to p_limit mails for two
-- minutes and returns what each says: the address, the kind, the link's token, what was
-- reported (chisme or comment), the reason's label, and for a removal the ground of the
-- statement of reasons written for it (its rule and legal ground; the reason's own when the
-- statement is gone).
create or replace function public.claim_notice_mails(p_limit int)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_mails jsonb;
begin
    with leased as (
      update private.notice_mails m set leased_until = now() + interval '2 minutes'
      where m.id in (
        select x.id from private.notice_mails x
        where x.leased_until is null or x.leased_until < now()
        order by x.created_at
        limit least(greatest(coalesce(p_limit, 20), 1), 100)
        for update skip locked
      )
      returning m.*
    )
    select coalesce(jsonb_agg(jsonb_build_object(
      'id', l.id, 'to', l.email, 'kind', l.kind, 'token', l.token, 'target', l.target_kind,
      'reason', rr.label,
      'rule', coalesce(st.rule, rr.rule),
      'legal_ground', case when st.id is not null then st.legal_ground else rr.legal_ground end
    ) order by l.created_at), '[]'::jsonb)
    from leased l
    join public.report_reasons rr on rr.code = l.reason
    left join lateral (
      select s.id, s.rule, s.legal_ground from public.moderation_statements s
      where l.kind = 'removed' and s.decision = 'deleted'
        and ((l.target_kind = 'chisme' and s.target_kind = 'chisme' and s.chisme_id = l.target_id)
          or (l.target_kind = 'comment' and s.comment_id = l.target_id))
      order by s.created_at desc limit 1
    ) st on true
    into v_mails;
  return v_mails;
end;
$$;
revoke all on function public.claim_notice_mails(int) from public, anon, authenticated, service_role;
grant execute on function public.claim_notice_mails(int) to service_role;
comment on function public.claim_notice_mails(int) is 'Service role only (send-email''s /notices route): leases up to p_limit notice mails for two minutes and returns what each says.';

create or replace function public.finish_notice_mails(p_ids uuid[])
returns int
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_count int;
begin
  delete from private.notice_mails m where m.id = any (coalesce(p_ids, '{}'));
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
revoke all on function public.finish_notice_mails(uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.finish_notice_mails(uuid[]) to service_role;
comment on function public.finish_notice_mails(uuid[]) is 'Service role only (send-email''s /notices route): forgets the notice mails sent, and with them their addresses.';

-- The purge of unconfirmed notices past their hour (a pg_cron job every 10 minutes,
-- supabase/migrations/20261127200100_insert_reference_data.sql); confirm_notice refuses them
-- meanwhile. Returns how many.
create or replace function private.delete_expired_notices()
returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count int;
begin
  delete from private.pending_notices p where p.created_at <= now() - interval '1 hour';
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
revoke all on function private.delete_expired_notices() from public, anon, authenticated, service_role;
comment on function private.delete_expired_notices() is 'Job: deletes signed-out notices not confirmed within the hour.';
