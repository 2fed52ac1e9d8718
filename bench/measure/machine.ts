// Machine calibration: fixed workloads that do not depend on Chismes, so figures of runs on
// different days or machines can be compared. Our 2-core machines vary: on 2026-11-24 the
// commit that had measured 585 pages/s and 508 likes/s the day before measured 249 and 268
// (bench/HISTORY.md, "The committed run of 2026-11-24 (stop 20)"), and hashing and `select 1`
// did not show it; the two memory figures are there for that (the slow day's cost was in page
// faults and large-data reads).
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

/** Fresh memory: 256 MiB touched once per 4 KiB page (a page fault each), in pages per ms. */
function pageFaultSpeed(): number {
  const size = 256 << 20;
  const memory = new Uint8Array(new ArrayBuffer(size));
  const t0 = nowMs();
  for (let offset = 0; offset < size; offset += 4096) memory[offset] = 1;
  return size / 4096 / (nowMs() - t0);
}

/** Random one-byte reads over 256 MiB (cache and TLB misses), in nanoseconds per read. */
function randomReadCost(): number {
  const size = 256 << 20;
  const memory = new Uint8Array(new ArrayBuffer(size)).fill(1);
  const reads = 20_000_000;
  let state = 12345;
  let sum = 0;
  const t0 = nowMs();
  for (let i = 0; i < reads; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0; // a fixed pseudo-random walk
    sum += memory[state & (size - 1)]!;
  }
  const ns = ((nowMs() - t0) * 1e6) / reads;
  if (sum !== reads) throw new Error('calibration: random reads lost a read');
  return ns;
}

export async function measureMachine(client: pg.Client, report: Report): Promise<void> {
  report.add('Machine', 'calibration: SHA-256, one core', hashSpeed(), 'MB/s');
  report.add('Machine', 'calibration: PostgreSQL select 1 round trips, one connection', await roundTrips(client), '/s');
  report.add('Machine', 'calibration: fresh memory, 256 MiB, page faults', pageFaultSpeed(), 'pages/ms');
  report.add('Machine', 'calibration: random reads over 256 MiB', randomReadCost(), 'ns/read');
}
