// Machine calibration: two fixed workloads that do not depend on Chismes, so figures of runs
// on different days or machines can be compared. Our 2-core machines vary: on 2026-11-24 the
// commit that had measured 585 pages/s and 508 likes/s the day before measured 249 and 268
// (bench/README.md, "Reading results across machines").
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Report } from '../lib/report.ts';
import { nowMs } from '../lib/stats.ts';

/** One core's hashing speed: SHA-256 over 64 MiB, in MB/s. */
function hashSpeed(): number {
  const block = Buffer.alloc(1 << 20, 7);
  const t0 = nowMs();
  const hash = createHash('sha256');
  for (let i = 0; i < 64; i++) hash.update(block);
  hash.digest();
  return 64 / ((nowMs() - t0) / 1000);
}

/** Sequential `select 1` round trips on one connection for 2 s: loopback, context switches and
 * system calls, what every request of the stack pays several times. */
async function roundTrips(client: pg.Client): Promise<number> {
  for (let i = 0; i < 200; i++) await client.query('select 1');
  let count = 0;
  const t0 = nowMs();
  while (nowMs() - t0 < 2000) {
    await client.query('select 1');
    count++;
  }
  return count / ((nowMs() - t0) / 1000);
}

export async function measureMachine(client: pg.Client, report: Report): Promise<void> {
  report.add('Machine', 'calibration: SHA-256, one core', hashSpeed(), 'MB/s');
  report.add('Machine', 'calibration: PostgreSQL select 1 round trips, one connection', await roundTrips(client), '/s');
}
