-- Reports (spec §5 "Report"): one per user per target (a repeat gets its own key, which the UI
-- treats as success), never on one's own chisme, silently ignored on one's own comment; each
-- report adds 1 to the target's `report` counter. Reporters are visible only to themselves.

create table public.reports (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  chisme_id uuid references public.chismes (id) on delete cascade,
  comment_id uuid references public.comments (id) on delete cascade,
  reason text not null default 'Sin especificar' check (char_length(reason) between 1 and 200),
  created_at timestamptz not null default now(),
  check (num_nonnulls(chisme_id, comment_id) = 1),
  constraint reports_user_id_chisme_id_key unique (user_id, chisme_id),
  constraint reports_user_id_comment_id_key unique (user_id, comment_id)
);
comment on table public.reports is 'Reports of chismes or comments; RLS shows a report only to its reporter.';
create index reports_chisme_id_idx on public.reports (chisme_id);
create index reports_comment_id_idx on public.reports (comment_id);

alter table public.reports enable row level security;

revoke all on table public.reports from anon, authenticated;
grant select on table public.reports to authenticated;
grant insert (chisme_id, comment_id, reason) on table public.reports to authenticated;
grant all on table public.reports to service_role;

create policy reports_select_authenticated on public.reports
  for select to authenticated
  using (user_id = (select auth.uid()));
comment on policy reports_select_authenticated on public.reports is 'A reporter sees only their own reports.';

create policy reports_insert_authenticated on public.reports
  for insert to authenticated
  with check (user_id = (select auth.uid()));
comment on policy reports_insert_authenticated on public.reports is 'A user reports only as themselves.';

-- Runs as the caller: the target, the caller's own authorship and own reports are visible.
create or replace function private.check_report_rules()
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
  new.reason := coalesce(nullif(btrim(new.reason), ''), 'Sin especificar');

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
  return new;
end;
$$;
comment on function private.check_report_rules() is 'Trigger: one report per user and target, not on one''s own chisme, own comment ignored.';

create trigger reports_before_insert_check_rules
  before insert on public.reports
  for each row execute function private.check_report_rules();

-- Security definer: counters are not writable by clients.
create or replace function private.count_report()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.chisme_id is not null then
    update public.chismes set report = report + 1 where id = new.chisme_id;
  else
    update public.comments set report = report + 1 where id = new.comment_id;
  end if;
  return null;
end;
$$;
comment on function private.count_report() is 'Trigger: adds 1 to the reported chisme''s or comment''s report counter (security definer).';

create trigger reports_after_insert_count
  after insert on public.reports
  for each row execute function private.count_report();

create or replace function public.report_chisme(p_chisme_id uuid, p_reason text default 'Sin especificar')
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform private.require_user();
  insert into public.reports (chisme_id, reason) values (p_chisme_id, p_reason);
end;
$$;
comment on function public.report_chisme(uuid, text) is 'Reports a chisme as the caller.';
revoke execute on function public.report_chisme(uuid, text) from public, anon;
grant execute on function public.report_chisme(uuid, text) to authenticated;

create or replace function public.report_comment(p_comment_id uuid, p_reason text default 'Sin especificar')
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform private.require_user();
  insert into public.reports (comment_id, reason) values (p_comment_id, p_reason);
end;
$$;
comment on function public.report_comment(uuid, text) is 'Reports a comment as the caller (one''s own comment: no effect).';
revoke execute on function public.report_comment(uuid, text) from public, anon;
grant execute on function public.report_comment(uuid, text) to authenticated;
