// `npx tsx bench/like-path.ts [--base <git ref>] [--rounds 20] [--calls 250]`: the cost of one
// like inside the database, the schema of `--base` (default main) against the working tree's,
// as docs/database.md ("The like path") reports it. Two throwaway clusters (the platform
// bootstrap, the migrations, the seed) run side by side; rounds alternate between them, so both
// variants see the same machine load. A round is one transaction, rolled back: one established
// liker (the seed's accounts are 8 days old) likes and unlikes 50 chismes of others `--calls`
// times, as `authenticated` with PostgREST's request settings and the rate limits lifted; each
// call is timed inside the database (clock_timestamp), the first 10 of a round dropped. Prints
// the median and 10th percentile µs per like_chisme and unlike_chisme of each variant, and how
// many rounds each variant's like median won.
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

// One round: `calls` like + unlike pairs over 50 chismes of others, each call timed in the database.
const roundSql = `
do $round$
declare
  v_liker uuid := (select id from auth.users where email = 'lucia@chismes.test');
  v_chismes uuid[] := array(
    select c.id from public.chismes c join public.chisme_authors a on a.chisme_id = c.id
    where a.user_id <> v_liker and not exists (select 1 from public.likes l where l.chisme_id = c.id and l.user_id = v_liker)
      and c.hidden_at is null
    order by c.id limit 50);
  v_at timestamptz;
  v_id text;
begin
  update private.rate_limit_settings set max_events = 1000000;
  perform set_config('request.method', 'POST', true);
  perform set_config('request.jwt.claims', jsonb_build_object('sub', v_liker, 'role', 'authenticated')::text, true);
  for i in 1..$1 loop
    v_id := v_chismes[1 + i % 50]::text;
    perform set_config('role', 'authenticated', true);
    v_at := clock_timestamp();
    perform public.like_chisme(v_id);
    perform set_config('bench.like', (extract(epoch from clock_timestamp() - v_at) * 1e6)::text, true);
    v_at := clock_timestamp();
    perform public.unlike_chisme(v_id);
    perform set_config('bench.unlike', (extract(epoch from clock_timestamp() - v_at) * 1e6)::text, true);
    perform set_config('role', 'none', true);
    insert into pg_temp.timings values (i, current_setting('bench.like')::float8, current_setting('bench.unlike')::float8);
  end loop;
end;
$round$`;

async function round(client: pg.Client, calls: number): Promise<{ like: number[]; unlike: number[] }> {
  await client.query('begin');
  try {
    await client.query('create temporary table timings (i int, like_us float8, unlike_us float8) on commit drop');
    await client.query(roundSql.replace('$1', String(calls)));
    const { rows } = await client.query<{ like_us: number; unlike_us: number }>('select like_us, unlike_us from pg_temp.timings where i > 10 order by i');
    return { like: rows.map((row) => row.like_us), unlike: rows.map((row) => row.unlike_us) };
  } finally {
    await client.query('rollback');
  }
}

async function main(): Promise<void> {
  const base = option('--base', 'main');
  const rounds = Number(option('--rounds', '20'));
  const calls = Number(option('--calls', '250'));
  const workDir = mkdtempSync(join(tmpdir(), 'chismes-like-path-'));
  const clusters: Cluster[] = [];
  const clients: pg.Client[] = [];
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
      console.log(`${variant.name}: cluster on port ${cluster.port}`);
    }
    // one warm-up round each: plans cached, caches filled
    for (const client of clients) await round(client, calls);
    const samples = variants.map(() => ({ like: [] as number[], unlike: [] as number[], roundMedians: [] as number[] }));
    for (let r = 0; r < rounds; r += 1) {
      // alternate which variant goes first, so neither always follows the other
      const order = r % 2 === 0 ? [0, 1] : [1, 0];
      for (const index of order) {
        const result = await round(clients[index]!, calls);
        samples[index]!.like.push(...result.like);
        samples[index]!.unlike.push(...result.unlike);
        samples[index]!.roundMedians.push(percentile(result.like, 50));
      }
    }
    const wins = samples[1]!.roundMedians.filter((median, r) => median < samples[0]!.roundMedians[r]!).length;
    console.log(`\n${rounds} rounds × ${calls - 10} timed calls per variant (µs per call, measured in the database)`);
    for (const [index, variant] of variants.entries()) {
      const s = samples[index]!;
      console.log(
        `${variant.name.padEnd(14)} like_chisme median ${percentile(s.like, 50).toFixed(1)}  p10 ${percentile(s.like, 10).toFixed(1)}` +
          `   unlike_chisme median ${percentile(s.unlike, 50).toFixed(1)}  p10 ${percentile(s.unlike, 10).toFixed(1)}`,
      );
    }
    const change = (percentile(samples[1]!.like, 50) / percentile(samples[0]!.like, 50) - 1) * 100;
    console.log(`like_chisme: ${change >= 0 ? '+' : ''}${change.toFixed(1)} % (working tree faster in ${wins} of ${rounds} rounds)`);
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
