// What the realtime outbox costs the hot like path (docs/scaling.md): 32 writers like and
// unlike one chisme as fast as they can, through public.like_chisme / unlike_chisme with every
// trigger, with the outbox trigger (chismes_after_update_mark_realtime_counts) on and off,
// alternately (on, off, on, off: the machine is shared). Prints like/unlike per second and
// p50/p99 latency per round, and checks the count is exact afterwards.
// `npx tsx bench/hot-outbox.ts` against a running stack (it installs and removes the bench users).
import pg from 'pg';
import { DB_URL } from '../local-stack/keys.ts';
import { actAs, benchUserId, cleanup, connect, FREE_USER_BASE, installScratchSchema } from './lib/db.ts';
import { nowMs, percentile, round } from './lib/stats.ts';

const WRITERS = 32;
const ROUND_MS = 15_000;

async function main(): Promise<void> {
  const admin = await connect();
  const writers: pg.Client[] = [];
  try {
    await cleanup(admin);
    await installScratchSchema(admin);
    const author = new pg.Client({ connectionString: DB_URL });
    await author.connect();
    await actAs(author, benchUserId(FREE_USER_BASE + 40));
    const { rows } = await author.query<{ id: string }>(
      `select public.create_chisme('Mujer', '30', 'El chisme viral de la prueba del outbox.', '[]', 'España', 'false') ->> 'id' as id`,
    );
    await author.end();
    const chismeId = rows[0]!.id;
    for (let w = 0; w < WRITERS; w++) {
      const client = new pg.Client({ connectionString: DB_URL });
      await client.connect();
      await actAs(client, benchUserId(FREE_USER_BASE + 1 + w));
      writers.push(client);
    }
    const liked = writers.map(() => false);
    const results: Record<string, unknown>[] = [];
    for (const outbox of [true, false, true, false]) {
      await admin.query(`alter table public.chismes ${outbox ? 'enable' : 'disable'} trigger chismes_after_update_mark_realtime_counts`);
      const latencies: number[] = [];
      let errors = 0;
      const end = nowMs() + ROUND_MS;
      const start = nowMs();
      await Promise.all(
        writers.map(async (client, w) => {
          while (nowMs() < end) {
            const t0 = nowMs();
            try {
              await client.query(liked[w] ? 'select public.unlike_chisme($1)' : 'select public.like_chisme($1)', [chismeId]);
              liked[w] = !liked[w];
              latencies.push(nowMs() - t0);
            } catch {
              errors++;
            }
          }
        }),
      );
      const seconds = (nowMs() - start) / 1000;
      const row = {
        outbox,
        opsPerS: round(latencies.length / seconds),
        p50Ms: round(percentile(latencies, 50)),
        p99Ms: round(percentile(latencies, 99)),
        errors,
      };
      results.push(row);
      console.log(JSON.stringify(row));
    }
    const { rows: check } = await admin.query<{ likes: number; actual: number }>(
      `select c.likes, (select count(*)::int from public.likes l where l.chisme_id = c.id) as actual from public.chismes c where c.id = $1`,
      [chismeId],
    );
    console.log(JSON.stringify({ exact: check[0]!.likes === check[0]!.actual && check[0]!.actual === liked.filter(Boolean).length, ...check[0] }));
  } finally {
    await admin.query('alter table public.chismes enable trigger chismes_after_update_mark_realtime_counts').catch(() => undefined);
    await Promise.all(writers.map((client) => client.end().catch(() => undefined)));
    await cleanup(admin).catch(() => undefined);
    await admin.end();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => (console.error(error), process.exit(1)),
);
