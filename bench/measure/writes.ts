// Writes through supabase-js with all their triggers (rules, counters, notifications with the
// cap, broadcasts): operations per second at 8 concurrent writers. Then the cost of the
// notification cap, timed inside the database, with 10 / 100 / 10,000 historic notifications.
import type { SupabaseClient } from '@supabase/supabase-js';
import { benchUserId, FREE_USER_BASE } from '../lib/db.ts';
import { benchChismeId, clientFor } from '../lib/clients.ts';
import { nowMs, round, summarize } from '../lib/stats.ts';
import type { SectionContext } from '../sections.ts';

const WRITERS = 8;

async function rpc(client: SupabaseClient, name: string, args: Record<string, unknown>): Promise<unknown> {
  const { data, error } = await client.rpc(name, args);
  if (error) throw new Error(`${name}: ${error.message}`);
  return data;
}

export async function measureWrites(context: SectionContext): Promise<void> {
  const { report, quick, config } = context;
  const perWriter = quick ? 40 : 300;
  const total = perWriter * WRITERS;
  const writers = await Promise.all(Array.from({ length: WRITERS }, (_, w) => clientFor(FREE_USER_BASE + 11 + w)));
  // Writer w works on chismes w+1, w+1+8, …, spread over the whole data set.
  const stride = Math.floor(config.large / total / WRITERS) * WRITERS || WRITERS;
  const target = (index: number, worker: number) => benchChismeId(1 + worker + ((index * stride) % (config.large - WRITERS)));
  const comments: string[][] = Array.from({ length: WRITERS }, () => []);
  const details: Record<string, unknown> = {};

  const ops: [string, (index: number, worker: number) => Promise<unknown>, { op: '>='; limit: number } | undefined][] = [
    ['like', (i, w) => rpc(writers[w]!, 'like_chisme', { p_chisme_id: target(i, w) }), { op: '>=', limit: 300 }],
    ['unlike', (i, w) => rpc(writers[w]!, 'unlike_chisme', { p_chisme_id: target(i, w) }), undefined],
    [
      'comment',
      async (i, w) => {
        const row = (await rpc(writers[w]!, 'add_comment', {
          p_chisme_id: target(i, w),
          p_parent_id: null,
          p_content: 'Esto ya lo sabía medio barrio, qué fuerte.',
          p_gender: 'Mujer',
          p_years: 30,
          p_country: 'España',
        })) as { id: string };
        comments[w]!.push(row.id);
      },
      undefined,
    ],
    [
      'reply',
      (i, w) => {
        const other = comments[(w + 1) % WRITERS]!;
        return rpc(writers[w]!, 'add_comment', {
          p_chisme_id: target(i, (w + 1) % WRITERS),
          p_parent_id: other[i % other.length],
          p_content: 'No me lo puedo creer, de verdad.',
          p_gender: 'Hombre',
          p_years: 40,
          p_country: 'México',
        });
      },
      undefined,
    ],
    ['report', (i, w) => rpc(writers[w]!, 'report_chisme', { p_chisme_id: target(i, w), p_reason: 'spam' }), undefined],
    [
      'new chisme (with broadcast)',
      (i, w) =>
        rpc(writers[w]!, 'create_chisme', {
          p_gender: 'Mujer',
          p_years: 25 + (i % 40),
          p_content: `Me han contado en el mercado una historia increíble número ${i}.`,
          p_tags: ['#barrio'],
          p_country: 'España',
          p_cotilleo: i % 3 === 0,
        }),
      undefined,
    ],
  ];
  for (const [name, op, budget] of ops) {
    // Each writer does exactly its own share, so unlike, reply find what like and comment made.
    const samples: number[] = [];
    const start = nowMs();
    await Promise.all(
      writers.map(async (_, worker) => {
        for (let index = 0; index < perWriter; index++) {
          const t0 = nowMs();
          await op(index, worker);
          samples.push(nowMs() - t0);
        }
      }),
    );
    const wallMs = nowMs() - start;
    const s = summarize(samples);
    report.add('Writes', `${name}, 8 writers`, total / (wallMs / 1000), 'ops/s', budget);
    details[name] = { ops: total, wallMs: round(wallMs), p50: round(s.p50, 3), p95: round(s.p95, 3) };
  }
  report.detail('writes', details);
  await measureNotificationCap(context);
}

/** Inserts through private.notify (the path every trigger uses) for users with a history. */
async function measureNotificationCap(context: SectionContext): Promise<void> {
  const { client, report, quick } = context;
  const histories = [10, 100, 10_000];
  const runs = quick ? 50 : 400;
  const result: Record<string, unknown> = {};
  const p50s: number[] = [];
  for (const [n, history] of histories.entries()) {
    const user = benchUserId(FREE_USER_BASE + 60 + n);
    // One transaction per notification, as in real use: inside a single transaction the rows
    // the cap deletes stay visible to its index scans until commit, and the cost would grow.
    for (let done = 0; done < history; done += 100) {
      await client.query(`select bench.notify_history($1, $2, $3)`, [user, done + 1, Math.min(history, done + 100)]);
    }
    // Steady state: over the days such a history takes, autovacuum clears the trimmed rows.
    await client.query('vacuum public.notifications');
    const times: number[] = [];
    for (let k = 0; k < runs; k++) {
      const { rows } = await client.query<{ ms: number }>(`select bench.time_notify($1, $2) as ms`, [user, k]);
      times.push(rows[0]!.ms);
    }
    const { rows } = await client.query<{ kept: number }>(`select count(*)::int as kept from public.notifications where user_id = $1`, [user]);
    const s = summarize(times);
    p50s.push(s.p50);
    result[String(history)] = { p50: round(s.p50, 3), p95: round(s.p95, 3), keptAfter: rows[0]!.kept };
    report.add('Notification cap', `insert with ${history} historic notifications, p50`, s.p50, 'ms');
  }
  report.add(
    'Notification cap',
    'cost growth 10 → 10,000 history (p50 ratio)',
    p50s[2]! / p50s[0]!,
    'x',
    { op: '<=', limit: 1.5 },
    'flat = the ratio stays near 1',
  );
  report.detail('notificationCap', result);
}
