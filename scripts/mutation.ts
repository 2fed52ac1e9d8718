// `npm run mutation`: mutation testing as a habit (docs/mutation-testing.md), not part of
// `npm test`. StrykerJS over the web app's pure modules (web/stryker.config.mjs, Vitest runner)
// and over the edge functions' pure modules (supabase/functions/stryker.config.mjs, command
// runner around `deno test`), one after the other; `--sql` also runs scripts/mutation-sql.ts
// (the database rules on a throwaway cluster). The scores go to mutation/results.json; the run
// fails when a score is below its committed threshold (each config's `thresholds.break`).
//   --only=web|functions   one of the two Stryker runs
//   --force                ignore Stryker's incremental files (mutation/.stryker-incremental-*)
//   --sql                  the SQL mutations too (about half a minute after the cluster is up)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './db-cluster.ts';

interface Target {
  name: 'web' | 'functions';
  dir: string;
  report: string;
}

const targets: Target[] = [
  { name: 'web', dir: join(root, 'web'), report: join(root, 'mutation', '.report-web.json') },
  { name: 'functions', dir: join(root, 'supabase', 'functions'), report: join(root, 'mutation', '.report-functions.json') },
];
const resultsFile = join(root, 'mutation', 'results.json');

const args = process.argv.slice(2);
const only = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
if (only !== undefined && !targets.some((t) => t.name === only)) {
  console.error(`mutation: --only must be web or functions, not ${only}`);
  process.exit(2);
}
const force = args.includes('--force');
const withSql = args.includes('--sql');

type Status = 'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';
interface Report {
  files: Record<string, { mutants: { mutatorName: string; replacement?: string; status: Status; location: { start: { line: number; column: number } } }[] }>;
}

/** The score as Stryker computes it: detected (killed, timed out) over valid mutants. */
function summarise(report: Report) {
  const perFile: Record<string, { score: number; killed: number; survived: number; noCoverage: number }> = {};
  let detected = 0;
  let valid = 0;
  let survived = 0;
  let noCoverage = 0;
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const count = (...statuses: Status[]) => mutants.filter((m) => statuses.includes(m.status)).length;
    const fileDetected = count('Killed', 'Timeout');
    const fileValid = count('Killed', 'Timeout', 'Survived', 'NoCoverage');
    detected += fileDetected;
    valid += fileValid;
    survived += count('Survived');
    noCoverage += count('NoCoverage');
    perFile[file] = {
      score: fileValid ? Math.round((1000 * fileDetected) / fileValid) / 10 : 100,
      killed: fileDetected,
      survived: count('Survived'),
      noCoverage: count('NoCoverage'),
    };
  }
  return { score: valid ? Math.round((1000 * detected) / valid) / 10 : 100, killed: detected, survived, noCoverage, total: valid, perFile };
}

async function main(): Promise<number> {
  const saved = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {};
  let failed = false;
  for (const target of targets.filter((t) => !only || t.name === only)) {
    const config = (await import(pathToFileURL(join(target.dir, 'stryker.config.mjs')).href)).default;
    if (force) rmSync(join(target.dir, config.incrementalFile), { force: true });
    rmSync(target.report, { force: true });
    console.log(`\n▶ stryker: ${target.name} (${target.dir})`);
    const started = Date.now();
    const result = spawnSync('npx', ['stryker', 'run'], { cwd: target.dir, stdio: 'inherit' });
    const minutes = Math.round((Date.now() - started) / 6000) / 10;
    if (!existsSync(target.report)) {
      console.error(`mutation: stryker wrote no report for ${target.name} (exit ${result.status ?? result.signal})`);
      failed = true;
      continue;
    }
    const summary = summarise(JSON.parse(readFileSync(target.report, 'utf8')) as Report);
    const threshold: number = config.thresholds.break;
    saved[target.name] = { date: new Date().toISOString().slice(0, 10), ...summary, minutes, thresholds: { break: threshold } };
    console.log(`━━━ ${target.name}: score ${summary.score}% (${summary.killed}/${summary.total}), break below ${threshold}%, ${minutes} min`);
    if (result.status !== 0 || summary.score < threshold) failed = true;
  }
  writeFileSync(resultsFile, `${JSON.stringify(saved, null, 2)}\n`);
  console.log('\nscores written to mutation/results.json');
  if (withSql) {
    const sql = spawnSync('npx', ['tsx', join(root, 'scripts', 'mutation-sql.ts')], { cwd: root, stdio: 'inherit' });
    if (sql.status !== 0) failed = true;
  }
  return failed ? 1 : 0;
}

process.exitCode = await main();
