-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

-- The public transparency report (docs/decisions/0037-transparency-report.md): per month,
-- reports by reason and by source, decisions by kind and by automated or human means, the
-- median time from the first report to the decision, complaints received, decided and
-- reversed, suspensions and the word filter's refusals. Computed from the anonymous ledger
-- (private.moderation_ledger, 74-statements.sql), which holds no person's id. No figure may
-- single a person out: a count from 1 to 4 is published as null ("fewer than 5", the
-- threshold is in the answer), and a median over fewer than 5 decisions is null too.

-- A count as published: 0, or null below the threshold, or the count.
create or replace function private.published_count(p_count bigint)
returns int
language sql
immutable
security invoker
set search_path = ''
as $$
  select case when p_count = 0 then 0 when p_count < 5 then null else p_count::int end;
$$;
revoke all on function private.published_count(bigint) from public, anon, authenticated, service_role;
comment on function private.published_count(bigint) is 'A count of the transparency report: 0, null from 1 to 4 (no small count singles a person out), else the count.';

-- Security definer: the ledger has no API access; it answers only aggregates. Signed-out
-- visitors call it over GET; a signed-in caller must be a live account (require_user).
-- JIT off: the many small per-month aggregates add up to a plan cost past jit_above_cost, and
-- compiling it took about a second (measured on the local stack, 30 ledger rows; anon's
-- statement timeout is 3 s) for a query that runs in milliseconds.
create or replace function public.get_transparency_report(p_months text default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
set jit = off
as $$
declare
  v_months int := least(greatest(coalesce(private.int_arg(p_months, 'transparency_months_invalid'), 12), 1), 36);
  v_from timestamptz := date_trunc('month', now()) - make_interval(months => v_months - 1);
begin
  if (select auth.uid()) is not null then
    perform private.require_user();
  end if;
  return (
    -- the ledger's rows of the period, read once (happened_at index)
    with events as materialized (
      select date_trunc('month', l.happened_at) as month, l.event, l.key, l.source, l.automated, l.seconds
      from private.moderation_ledger l
      where l.happened_at >= v_from
    )
    select jsonb_build_object(
    'generated_at', now(),
    'small_count_threshold', 5,
    'reasons', (select coalesce(jsonb_agg(jsonb_build_object('code', r.code, 'label', r.label, 'illegal', r.illegal)
                  order by r.position, r.code), '[]'::jsonb) from public.report_reasons r),
    'months', coalesce((
      select jsonb_agg(m.figures order by m.month desc)
      from (
        select mm.month,
          jsonb_build_object(
            'month', to_char(mm.month, 'YYYY-MM'),
            'reports', jsonb_build_object(
              'total', private.published_count((select count(*) from events e where e.month = mm.month and e.event = 'report')),
              'by_reason', (select coalesce(jsonb_object_agg(r.code, private.published_count(
                  (select count(*) from events e where e.month = mm.month and e.event = 'report' and e.key = r.code))), '{}'::jsonb)
                from public.report_reasons r),
              'by_source', jsonb_build_object(
                'signed_in', private.published_count((select count(*) from events e where e.month = mm.month and e.event = 'report' and e.source = 'signed_in')),
                'signed_out', private.published_count((select count(*) from events e where e.month = mm.month and e.event = 'report' and e.source = 'signed_out')),
                'moderator', private.published_count((select count(*) from events e where e.month = mm.month and e.event = 'report' and e.source = 'moderator')))),
            'decisions', jsonb_build_object(
              'total', private.published_count((select count(*) from events e where e.month = mm.month and e.event = 'decision')),
              'by_kind', jsonb_build_object(
                'hidden', private.published_count((select count(*) from events e where e.month = mm.month and e.event = 'decision' and e.key = 'hidden')),
                'deleted', private.published_count((select count(*) from events e where e.month = mm.month and e.event = 'decision' and e.key = 'deleted')),
                'suspended', private.published_count((select count(*) from events e where e.month = mm.month and e.event = 'decision' and e.key = 'suspended')),
                'dismissed', private.published_count((select count(*) from events e where e.month = mm.month and e.event = 'decision' and e.key = 'dismissed'))),
              'automated', private.published_count((select count(*) from events e where e.month = mm.month and e.event = 'decision' and e.automated)),
              'human', private.published_count((select count(*) from events e where e.month = mm.month and e.event = 'decision' and not e.automated)),
              'median_hours_to_decision', (
                select case when count(*) >= 5 then round((percentile_cont(0.5) within group (order by e.seconds) / 3600.0)::numeric, 1) end
                from events e where e.month = mm.month and e.event = 'decision' and e.seconds is not null)),
            'complaints', jsonb_build_object(
              'received', private.published_count((select count(*) from events e where e.month = mm.month and e.event = 'complaint')),
              'decided', private.published_count((select count(*) from events e where e.month = mm.month and e.event = 'complaint_decided')),
              'reversed', private.published_count((select count(*) from events e where e.month = mm.month and e.event = 'complaint_decided' and e.key = 'reversed'))),
            'suspensions', private.published_count((select count(*) from events e where e.month = mm.month and e.event = 'suspension')),
            'word_filter_refusals', private.published_count((select count(*) from events e where e.month = mm.month and e.event = 'word_refusal'))
          ) as figures
        from (select generate_series(v_from, date_trunc('month', now()), interval '1 month') as month) mm
      ) m
    ), '[]'::jsonb)
  ));
end;
$$;
revoke all on function public.get_transparency_report(text) from public, anon, authenticated, service_role;
grant execute on function public.get_transparency_report(text) to anon;
grant execute on function public.get_transparency_report(text) to authenticated;
grant execute on function public.get_transparency_report(text) to service_role;
comment on function public.get_transparency_report(text) is 'Public: the transparency report of the last p_months months (default 12, at most 36), newest first, as JSON; counts from 1 to 4 are null (small_count_threshold). Anonymous, over GET.';
