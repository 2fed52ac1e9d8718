// `npx tsx bench/like-path.ts [--base <git ref>] [--rounds 20] [--phases 5]`: the cost of one
// like inside the database, the schema of `--base` (default main) against the working tree's,
// as docs/database.md ("The like path") reports it. Two throwaway clusters (the platform
// bootstrap, the migrations, the seed) run side by side. A round is one transaction in each,
// rolled back: one established liker (the seed's accounts are 8 days old) likes 50 chismes of
// others and unlikes them, `--phases` times, as `authenticated` with PostgREST's request
// settings and the rate limits lifted, the two variants taking turns phase by phase so that a
// busy machine weighs on both alike. Each call is timed inside the database (clock_timestamp;
// the first 10 of each kind in a round dropped), and each phase's CPU time is read from the
// backend's /proc/<pid>/schedstat, which other processes do not inflate as they do wall time.
// Prints, per variant, the median and 10th percentile wall µs per like_chisme and
// unlike_chisme and the median CPU µs per call, then the working tree's CPU per like over the
// base's, compared phase by phase.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { root } from '../scripts/db-cluster.ts';
import { applyBootstrap, type Cluster, freePort, initCluster, runSqlFile, startCluster, stopCluster } from '../local-stack/postgres/cluster.ts';
import { percentile } from './lib/stats.ts';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

function git(args: string[]): string {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout;
}

/** The migrations and seed of a git ref (or of the working tree when ref is null), as files in dir, in order. */
function sqlFiles(ref: string | null, dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  const names = ref
    ? git(['ls-tree', '--name-only', ref, 'supabase/migrations/'])
        .split('\n')
        .filter((name) => name.endsWith('.sql'))
    : git(['ls-files', 'supabase/migrations/'])
        .split('\n')
        .filter((name) => name.endsWith('.sql'));
  return [...names.sort(), 'supabase/seed.sql'].map((name, index) => {
    const file = join(dir, `${String(index).padStart(3, '0')}.sql`);
    writeFileSync(file, ref ? git(['show', `${ref}:${name}`]) : readFileSync(join(root, name), 'utf8'));
    return file;
  });
}

// A round's setting: the liker (an established seed account) and 50 visible chismes of others
// it has not liked, PostgREST's request settings, the rate limits lifted; all rolled back.
const setupSql = `
update private.rate_limit_settings set max_events = 1000000;
create temporary table timings (op text, us float8) on commit drop;
create temporary table targets on commit drop as
  select c.id::text as id from public.chismes c join public.chisme_authors a on a.chisme_id = c.id
  where a.user_id <> (select id from auth.users where email = 'lucia@chismes.test')
    and not exists (select 1 from public.likes l join auth.users u on u.id = l.user_id
                    where l.chisme_id = c.id and u.email = 'lucia@chismes.test')
    and c.hidden_at is null
  order by c.id limit 50;
select set_config('request.method', 'POST', true),
       set_config('request.jwt.claims', jsonb_build_object('sub', (select id from auth.users where email = 'lucia@chismes.test'),
         'role', 'authenticated')::text, true);`;

// One phase: a like (or an unlike) of each of the 50 chismes, each call timed in the database.
const phaseSql = (op: 'like' | 'unlike') => `
do $phase$
declare
  v_at timestamptz;
  v_id text;
begin
  for v_id in select t.id from pg_temp.targets t order by t.id loop
    perform set_config('role', 'authenticated', true);
    v_at := clock_timestamp();
    perform public.${op}_chisme(v_id);
    perform set_config('bench.us', (extract(epoch from clock_timestamp() - v_at) * 1e6)::text, true);
    perform set_config('role', 'none', true);
    insert into pg_temp.timings values ('${op}', current_setting('bench.us')::float8);
  end loop;
end;
$phase$`;

/** Nanoseconds the backend `pid` has run on a CPU (/proc/<pid>/schedstat): unlike wall time, not inflated by other processes. */
function cpuNs(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
}

interface Sample {
  like: number[];
  unlike: number[];
  likeCpu: number[];
  unlikeCpu: number[];
}

// One round, both variants in step: each opens its transaction, then phase by phase (50 likes,
// then 50 unlikes) the two take turns, which goes first alternating, so a burst of load on the
// machine falls on both. A like's first call per chisme in a round notifies its author, the
// later ones do not (notified once, ever). Samples: each call's wall µs (the first 10 of each
// kind dropped) and each phase's CPU µs per call.
async function round(clients: pg.Client[], pids: number[], phases: number, samples: Sample[], first: number): Promise<void> {
  for (const client of clients) {
    await client.query('begin');
    await client.query(setupSql);
  }
  try {
    for (let phase = 0; phase < phases; phase += 1) {
      const order = (phase + first) % 2 === 0 ? [0, 1] : [1, 0];
      for (const op of ['like', 'unlike'] as const) {
        for (const index of order) {
          const t0 = cpuNs(pids[index]!);
          await clients[index]!.query(phaseSql(op));
          samples[index]![op === 'like' ? 'likeCpu' : 'unlikeCpu'].push((cpuNs(pids[index]!) - t0) / 50 / 1000);
        }
      }
    }
    for (const [index, client] of clients.entries()) {
      const { rows } = await client.query<{ op: string; us: number }>('select op, us from pg_temp.timings');
      for (const op of ['like', 'unlike'] as const) {
        samples[index]![op].push(
          ...rows
            .filter((row) => row.op === op)
            .map((row) => row.us)
            .slice(10),
        );
      }
    }
  } finally {
    for (const client of clients) await client.query('rollback');
  }
}

async function main(): Promise<void> {
  const base = option('--base', 'main');
  const rounds = Number(option('--rounds', '20'));
  const phases = Number(option('--phases', '5'));
  const workDir = mkdtempSync(join(tmpdir(), 'chismes-like-path-'));
  const clusters: Cluster[] = [];
  const clients: pg.Client[] = [];
  const pids: number[] = [];
  try {
    const variants = [
      { name: base, ref: base as string | null },
      { name: 'working tree', ref: null },
    ];
    for (const [index, variant] of variants.entries()) {
      const cluster = initCluster(join(workDir, `data-${index}`), await freePort());
      clusters.push(cluster);
      startCluster(cluster, join(workDir, `postgres-${index}.log`));
      applyBootstrap(cluster);
      for (const file of sqlFiles(variant.ref, join(workDir, `sql-${index}`))) runSqlFile(cluster.url, file);
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      await client.query('vacuum analyze');
      clients.push(client);
      pids.push((await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid);
      console.log(`${variant.name}: cluster on port ${cluster.port}`);
    }
    const samples: Sample[] = variants.map(() => ({ like: [], unlike: [], likeCpu: [], unlikeCpu: [] }));
    // one warm-up round: plans cached, caches filled
    await round(
      clients,
      pids,
      phases,
      variants.map(() => ({ like: [], unlike: [], likeCpu: [], unlikeCpu: [] })),
      0,
    );
    for (let r = 0; r < rounds; r += 1) await round(clients, pids, phases, samples, r);
    // the working tree's CPU per like over the base's, phase by phase (adjacent in time)
    const ratios = samples[1]!.likeCpu.map((cpu, i) => cpu / samples[0]!.likeCpu[i]!);
    const wins = ratios.filter((ratio) => ratio < 1).length;
    const calls = phases * 50;
    console.log(`\n${rounds} rounds × ${calls} likes and unlikes per variant (µs per call, measured in the database;`);
    console.log("wall: median and 10th percentile of the calls; CPU: the backend's time on a CPU per call, median of the phases)");
    for (const [index, variant] of variants.entries()) {
      const s = samples[index]!;
      console.log(
        `${variant.name.padEnd(14)} like_chisme wall ${percentile(s.like, 50).toFixed(1)} (p10 ${percentile(s.like, 10).toFixed(1)}) CPU ${percentile(s.likeCpu, 50).toFixed(1)}` +
          `   unlike_chisme wall ${percentile(s.unlike, 50).toFixed(1)} (p10 ${percentile(s.unlike, 10).toFixed(1)}) CPU ${percentile(s.unlikeCpu, 50).toFixed(1)}`,
      );
    }
    const change = (a: number, b: number) => `${b >= a ? '+' : ''}${((b / a - 1) * 100).toFixed(1)} %`;
    console.log(
      `like_chisme: wall median ${change(percentile(samples[0]!.like, 50), percentile(samples[1]!.like, 50))}, ` +
        `CPU ${change(percentile(samples[0]!.likeCpu, 50), percentile(samples[1]!.likeCpu, 50))}, ` +
        `CPU phase by phase ${change(1, percentile(ratios, 50))} (working tree faster in ${wins} of ${ratios.length} phases)`,
    );
  } finally {
    for (const client of clients) await client.end().catch(() => undefined);
    for (const cluster of clusters) stopCluster(cluster);
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
