// `npm run mutation:sql`: mutation testing of the database rules. On the throwaway cluster
// `test:db` builds (scripts/db-cluster.ts: withMigratedCluster, migrations and seed), each
// mutation of mutation/sql-mutations.json is applied alone — a text of the function's current
// definition (pg_get_functiondef) replaced by another, e.g. a 20-minute window by 21 — then the
// pgTAP files it names run with pg_prove, then the original definition is restored. A mutation
// that leaves every file passing SURVIVED: no test notices that bug. The files run per mutation
// are the ones listed with it (000-setup always first), which keeps each near a second; one that
// survives them is run against every file (~1 min) before it counts as a survivor. A baseline
// run of the listed files without mutation must pass first. The scores go to
// mutation/results.json (key "sql"); the run fails when the share of killed mutations is below
// `thresholds.break` of mutation/sql-mutations.json. `--only=<id>[,<id>]` runs some mutations
// (and writes nothing), `--verbose` prints pg_prove's output.
//
// A mutation either rewrites a function (`function`, `find`, `replace`) or, for a rule that is
// not a function body (a privilege, a policy, a constraint), runs `apply` and afterwards
// `restore` (then `file` names its schema file). Every schema file of supabase/schemas must
// have at least one mutation: `--check` (run by test:db, no cluster) fails when one has none,
// when a mutated function is defined in no schema file, or when a named test file is missing.
// The scores are kept per schema file as well.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { root, withMigratedCluster } from './db-cluster.ts';
import { pgProveArgs, pgProveEnv, pgTapFiles } from './pg-prove.ts';

interface Mutation {
  id: string;
  area: string;
  /** A function rewrite: `schema.name`, a text of its definition and its replacement. */
  function?: string;
  find?: string;
  replace?: string;
  /** Or SQL that makes the bug and SQL that undoes it, with the schema file it belongs to. */
  apply?: string;
  restore?: string;
  file?: string;
  then?: string;
  tests: string[];
}

interface Result {
  id: string;
  area: string;
  /** The schema file of supabase/schemas the mutation belongs to. */
  file: string;
  function: string | null;
  status: 'killed' | 'survived';
  killedBy: string[];
  seconds: number;
}

const resultsFile = join(root, 'mutation', 'results.json');
const data = JSON.parse(readFileSync(join(root, 'mutation', 'sql-mutations.json'), 'utf8'));
const mutations: Mutation[] = data.mutations;
const threshold: number = data.thresholds.break;

const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const selected = only ? mutations.filter((m) => only.includes(m.id)) : mutations;
const verbose = process.argv.includes('--verbose');
const allFiles = pgTapFiles();
const schemasDir = join(root, 'supabase', 'schemas');
const schemaTexts = new Map(
  readdirSync(schemasDir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => [name, readFileSync(join(schemasDir, name), 'utf8')] as const),
);

/** The schema file a mutation belongs to: the one that defines its function, or its `file`. */
function schemaFileOf(mutation: Mutation): string {
  if (!mutation.function) {
    if (!mutation.apply || !mutation.restore || !mutation.file) throw new Error(`${mutation.id}: needs function/find/replace or apply/restore/file`);
    if (!schemaTexts.has(mutation.file)) throw new Error(`${mutation.id}: no schema file ${mutation.file}`);
    return mutation.file;
  }
  if (mutation.find === undefined || mutation.replace === undefined) throw new Error(`${mutation.id}: a function mutation needs find and replace`);
  const [schema, name] = mutation.function.split('.');
  const definition = new RegExp(`create (?:or replace )?function ${schema}\\.${name}\\s*\\(`, 'i');
  const files = [...schemaTexts].filter(([, text]) => definition.test(text)).map(([file]) => file);
  if (files.length !== 1) throw new Error(`${mutation.id}: ${mutation.function} is defined in ${files.length} schema files`);
  return files[0]!;
}

/** `--check`: every schema file has mutations, every mutation a file and existing tests. */
function check(): number {
  const perFile = new Map([...schemaTexts.keys()].map((file) => [file, 0]));
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const mutation of mutations) {
    if (ids.has(mutation.id)) problems.push(`${mutation.id}: the id is used twice`);
    ids.add(mutation.id);
    try {
      const file = schemaFileOf(mutation);
      perFile.set(file, (perFile.get(file) ?? 0) + 1);
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
    for (const name of mutation.tests) if (!allFiles.includes(name)) problems.push(`${mutation.id}: no pgTAP file ${name}`);
  }
  for (const [file, count] of perFile) if (count === 0) problems.push(`${file} has no mutation in mutation/sql-mutations.json`);
  console.log([...perFile].map(([file, count]) => `${file}: ${count}`).join('\n'));
  if (problems.length) {
    console.error(`\nmutation:sql --check:\n  ${problems.join('\n  ')}`);
    return 1;
  }
  console.log(`\nevery schema file has mutations (${mutations.length} in all)`);
  return 0;
}

function filesFor(names: string[]): string[] {
  for (const name of names) {
    if (!allFiles.includes(name)) throw new Error(`no pgTAP file ${name} in supabase/tests/database`);
  }
  return allFiles.filter((name) => name.startsWith('000-') || names.includes(name));
}

function prove(port: number, files: string[]): { ok: boolean; failed: string[]; output: string } {
  const result = spawnSync('pg_prove', pgProveArgs(port, files), { cwd: root, encoding: 'utf8', env: { ...process.env, ...pgProveEnv } });
  const output = `${result.stdout}${result.stderr}`;
  // TAP::Harness's "Test Summary Report" names each failing file: `<path> (Wstat: … Failed: …)`.
  const failed = [...output.matchAll(/^(\S+\.sql)\s+\(Wstat:/gm)].map((m) => m[1]!.split('/').pop()!);
  return { ok: result.status === 0, failed, output };
}

/** The one function called `name` (schema-qualified) whose definition holds `find`. */
async function definitionOf(client: pg.Client, mutation: Mutation): Promise<string | undefined> {
  if (!mutation.function || mutation.find === undefined || mutation.replace === undefined) return undefined;
  const [schema, name] = mutation.function.split('.');
  const { rows } = await client.query<{ def: string }>(
    `select pg_get_functiondef(p.oid) as def from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = $1 and p.proname = $2`,
    [schema, name],
  );
  const holding = rows.filter((row) => row.def.includes(mutation.find!));
  if (holding.length !== 1) {
    throw new Error(`${mutation.id}: ${holding.length} definitions of ${mutation.function} (of ${rows.length}) hold ${JSON.stringify(mutation.find)}`);
  }
  return holding[0]!.def;
}

async function main(): Promise<number> {
  const started = Date.now();
  return withMigratedCluster({ seed: true }, async (cluster) => {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      // Every mutation must find its text before anything runs: a stale data file fails loudly.
      const originals = new Map<string, string | undefined>();
      for (const mutation of selected) {
        schemaFileOf(mutation);
        originals.set(mutation.id, await definitionOf(client, mutation));
      }

      const baselineFiles = filesFor([...new Set(selected.flatMap((m) => m.tests))]);
      console.log(`\n▶ baseline: ${baselineFiles.length} pgTAP files without mutation`);
      const baseline = prove(cluster.port, baselineFiles);
      if (!baseline.ok) {
        console.log(baseline.output);
        throw new Error('the pgTAP files fail without any mutation; fix them first');
      }

      const results: Result[] = [];
      for (const [index, mutation] of selected.entries()) {
        const original = originals.get(mutation.id);
        const file = schemaFileOf(mutation);
        const files = filesFor(mutation.tests);
        const t0 = Date.now();
        process.stdout.write(`[${index + 1}/${selected.length}] ${mutation.id} (${mutation.function ?? file}, ${files.length - 1} files) … `);
        await client.query(original === undefined ? mutation.apply! : original.split(mutation.find!).join(mutation.replace!));
        if (mutation.then) await client.query(mutation.then);
        let outcome: ReturnType<typeof prove>;
        try {
          outcome = prove(cluster.port, files);
          // Survived its own files: it must survive every file before it counts as a survivor.
          if (outcome.ok) outcome = prove(cluster.port, allFiles);
        } finally {
          await client.query(original ?? mutation.restore!);
          if (mutation.then) await client.query(mutation.then);
        }
        const seconds = Math.round((Date.now() - t0) / 1000);
        const status = outcome.ok ? 'survived' : 'killed';
        const killedBy = outcome.ok ? [] : outcome.failed.length ? outcome.failed : ['(pg_prove failed)'];
        console.log(`${status.toUpperCase()}${killedBy.length ? ` by ${killedBy.join(', ')}` : ''} (${seconds} s)`);
        if (verbose) console.log(outcome.output);
        results.push({ id: mutation.id, area: mutation.area, file, function: mutation.function ?? null, status, killedBy, seconds });
      }

      const perFile: Record<string, { killed: number; total: number }> = {};
      for (const result of results) {
        const tally = perFile[result.file] ?? { killed: 0, total: 0 };
        perFile[result.file] = tally;
        tally.total += 1;
        if (result.status === 'killed') tally.killed += 1;
      }
      const fileScores = Object.entries(perFile).sort(([a], [b]) => a.localeCompare(b));
      console.log(`\n${fileScores.map(([file, t]) => `${file}: ${t.killed}/${t.total}`).join('\n')}`);

      const killed = results.filter((r) => r.status === 'killed').length;
      const score = Math.round((1000 * killed) / results.length) / 10;
      const saved = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {};
      const survivors = results.filter((r) => r.status === 'survived').map((r) => r.id);
      const minutes = Math.round((Date.now() - started) / 6000) / 10;
      console.log(`\n━━━ mutation:sql: ${killed}/${results.length} killed, score ${score}% (break below ${threshold}%), ${minutes} min`);
      if (survivors.length) console.log(`survived: ${survivors.join(', ')}`);
      if (!only) {
        saved.sql = {
          date: new Date().toISOString().slice(0, 10),
          score,
          killed,
          total: results.length,
          survived: survivors,
          minutes,
          files: Object.fromEntries(fileScores),
          thresholds: { break: threshold },
          mutations: results,
        };
        writeFileSync(resultsFile, `${JSON.stringify(saved, null, 2)}\n`);
        console.log(`written to mutation/results.json`);
      }
      return score < threshold ? 1 : 0;
    } finally {
      await client.end();
    }
  });
}

(process.argv.includes('--check') ? Promise.resolve(check()) : main()).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`mutation:sql: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
