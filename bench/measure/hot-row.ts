// A viral chisme: 32 supabase-js writers (real users through the gateway and PostgREST, every
// trigger of the like path) liking and unliking ONE chisme for a fixed time. Figures: likes/s
// and changes/s (likes + unlikes), p50/p99 latency per call, errors that reached a writer
// (a deadlock or serialization failure would be one), and the counts afterwards: the
// chisme's `likes`, the trending copy and count(*) of its likes must equal what the writers'
// last calls leave. The load average is recorded with the figures (the machine is shared).
import { loadavg } from 'node:os';
import type { SupabaseClient } from '@supabase/supabase-js';
import { benchUserId, connect, FREE_USER_BASE } from '../lib/db.ts';
import { clientFor } from '../lib/clients.ts';
import { nowMs, percentile, round, sleep, summarize } from '../lib/stats.ts';
import type { SectionContext } from '../sections.ts';

const WRITERS = 32;
/** Bench users FREE_USER_BASE + 21 … + 52 write; + 90 posts the chisme (writes uses + 11 … + 18). */
const FIRST_WRITER = FREE_USER_BASE + 21;
const AUTHOR = FREE_USER_BASE + 90;

export async function measureHotRow(context: SectionContext): Promise<void> {
  const { client, report, quick } = context;
  const durationMs = quick ? 8_000 : 30_000;
  const author = await clientFor(AUTHOR);
  const chismeId = await createChisme(author, 'de la verbena');
  const writers = await Promise.all(Array.from({ length: WRITERS }, (_, w) => clientFor(FIRST_WRITER + w)));

  const hot = await run(context, writers, () => chismeId, durationMs);
  // The same writers, each on a chisme of its own: what the machine does without a hot row.
  const own: string[] = [];
  for (let w = 0; w < WRITERS; w++) own.push(await createChisme(author, `número ${w}`));
  const spread = await run(context, writers, (w) => own[w]!, durationMs);
  const { likeMs, unlikeMs, errors, liked, wallS, loadBefore, loadAfter, lockWaiters } = hot;

  // Deltas left for commit (supabase/schemas/30-likes.sql)
  // are applied by their own commit: none may remain.
  const { rows } = await client.query<{ likes: number; rows: number; trending: number | null; deltas: number }>(
    `
    select c.likes, (select count(*)::int from public.likes l where l.chisme_id = c.id) as rows,
           (select t.likes from private.trending_chismes t where t.id = c.id) as trending,
           (select count(*)::int from private.like_count_deltas) as deltas
    from public.chismes c where c.id = $1`,
    [chismeId],
  );
  const counts = rows[0]!;
  const expected = liked.filter(Boolean).length;
  const calls = [...likeMs, ...unlikeMs];
  const all = summarize(calls);
  const p99 = percentile(calls, 99);
  const errorCount = Object.values(errors).reduce((a, b) => a + b, 0) + Object.values(spread.errors).reduce((a, b) => a + b, 0);
  const hotOps = calls.length / wallS;
  const spreadOps = (spread.likeMs.length + spread.unlikeMs.length) / spread.wallS;
  const load = `load ${loadBefore.map((v) => v.toFixed(2)).join('/')} → ${loadAfter.map((v) => v.toFixed(2)).join('/')}`;
  report.add('Hot row', `likes/s on one chisme, ${WRITERS} writers liking and unliking`, likeMs.length / wallS, 'likes/s', { op: '>=', limit: 300 }, load);
  report.add('Hot row', 'like + unlike calls/s on that chisme', (likeMs.length + unlikeMs.length) / wallS, 'ops/s', undefined, load);
  report.add('Hot row', 'latency per call, p50', all.p50, 'ms');
  report.add(
    'Hot row',
    'the same writers on 32 chismes, one each: like + unlike calls/s',
    spreadOps,
    'ops/s',
    undefined,
    `load ${spread.loadBefore.map((v) => v.toFixed(2)).join('/')} → ${spread.loadAfter.map((v) => v.toFixed(2)).join('/')}`,
  );
  report.add('Hot row', 'one chisme / 32 chismes, calls/s', hotOps / spreadOps, 'x', undefined, '1 = the hot row costs nothing');
  report.add(
    'Hot row',
    'backends waiting on a lock, mean (one chisme / 32 chismes)',
    lockWaiters,
    'backends',
    undefined,
    `32 chismes: ${spread.lockWaiters.toFixed(2)}`,
  );
  report.add('Hot row', 'latency per call, p99', p99, 'ms');
  report.add(
    'Hot row',
    'errors that reached a writer (deadlock, serialization, any)',
    errorCount,
    'errors',
    { op: '<=', limit: 0 },
    [...Object.keys(errors), ...Object.keys(spread.errors)].join('; '),
  );
  const mismatch =
    Number(counts.likes !== counts.rows) + Number(counts.likes !== expected) + Number(counts.trending !== counts.likes) + Number(counts.deltas > 0);
  report.add(
    'Hot row',
    `counts afterwards: likes ${counts.likes}, count(*) ${counts.rows}, trending ${counts.trending}, writers' last calls ${expected}, deltas left ${counts.deltas}`,
    mismatch,
    'mismatches',
    { op: '<=', limit: 0 },
  );
  report.detail('hotRow', {
    writers: WRITERS,
    seconds: round(wallS, 1),
    likes: likeMs.length,
    unlikes: unlikeMs.length,
    p50: round(all.p50, 2),
    p95: round(all.p95, 2),
    p99: round(p99, 2),
    errors,
    counts,
    expected,
    loadAverageBefore: loadBefore.map((v) => round(v)),
    loadAverageAfter: loadAfter.map((v) => round(v)),
    lockWaitersMean: round(lockWaiters),
    spread: {
      opsPerS: round(spreadOps),
      p50: round(percentile([...spread.likeMs, ...spread.unlikeMs], 50), 2),
      p99: round(percentile([...spread.likeMs, ...spread.unlikeMs], 99), 2),
      lockWaitersMean: round(spread.lockWaiters),
      errors: spread.errors,
    },
  });
}

async function createChisme(author: SupabaseClient, which: string): Promise<string> {
  const created = await author.rpc('create_chisme', {
    p_gender: 'Mujer',
    p_years: 30,
    p_content: `Lo que pasó anoche ${which} ya lo sabe toda la ciudad.`,
    p_tags: ['#viral'],
    p_country: 'España',
    p_cotilleo: false,
  });
  if (created.error) throw new Error(`create_chisme: ${created.error.message}`);
  return (created.data as { id: string }).id;
}

interface Run {
  likeMs: number[];
  unlikeMs: number[];
  errors: Record<string, number>;
  liked: boolean[];
  wallS: number;
  loadBefore: number[];
  loadAfter: number[];
  /** Mean number of the database's backends waiting on a lock, sampled every 100 ms. */
  lockWaiters: number;
}

/** Each writer alternates like and unlike on target(w) until durationMs have passed. */
async function run(context: SectionContext, writers: SupabaseClient[], target: (w: number) => string, durationMs: number): Promise<Run> {
  const { client } = context;
  const loadBefore = loadavg();
  const likeMs: number[] = [];
  const unlikeMs: number[] = [];
  const errors: Record<string, number> = {};
  const liked = new Array<boolean>(WRITERS).fill(false);
  const sampler = await connect();
  const waiters: number[] = [];
  let sampling = true;
  const sampled = (async () => {
    while (sampling) {
      const { rows } = await sampler.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`);
      waiters.push(rows[0]!.n);
      await sleep(100);
    }
  })();
  const start = nowMs();
  await Promise.all(
    writers.map(async (writer: SupabaseClient, w) => {
      while (nowMs() - start < durationMs) {
        const like = !liked[w];
        const t0 = nowMs();
        const { error } = await writer.rpc(like ? 'like_chisme' : 'unlike_chisme', { p_chisme_id: target(w) });
        const ms = nowMs() - t0;
        if (error) {
          // What a person would see; the writer's state is read back from the database below.
          const key = `${error.code ?? ''} ${error.message}`.trim();
          errors[key] = (errors[key] ?? 0) + 1;
          const mine = await client.query('select 1 from public.likes where chisme_id = $1 and user_id = $2', [target(w), benchUserId(FIRST_WRITER + w)]);
          liked[w] = mine.rowCount === 1;
          continue;
        }
        (like ? likeMs : unlikeMs).push(ms);
        liked[w] = like;
      }
    }),
  );
  const wallS = (nowMs() - start) / 1000;
  const loadAfter = loadavg();
  sampling = false;
  await sampled;
  await sampler.end();
  return { likeMs, unlikeMs, errors, liked, wallS, loadBefore, loadAfter, lockWaiters: mean(waiters) };
}

const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);
