// `npm run bench -- --only=scale [--subscribers=N] [--likes=N]`: the scale section alone. It
// needs only the bench users (installed and removed here), not the large data set, so it takes
// minutes instead of the full bench's hour. Its figures replace the scale figures of
// bench/results.json (the other sections' figures are kept) with this run's date, commit and
// load average beside them. Earlier designs' figures are in bench/HISTORY.md.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { ensureStack } from '../local-stack/index.ts';
import { cleanup, connect, installScratchSchema } from './lib/db.ts';
import type { Report } from './lib/report.ts';
import { round } from './lib/stats.ts';
import { measureScale } from './measure/scale.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

export async function runOnlyScale(report: Report): Promise<void> {
  const design = 'heads';
  const subscribers = Number(arg('subscribers') ?? 500);
  const likesPerS = Number(arg('likes') ?? 300);
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).stdout.trim() !== '';
  const loadAtStart = loadavg().map((v) => round(v));
  const stack = await ensureStack();
  const client = await connect();
  try {
    await cleanup(client);
    await installScratchSchema(client);
    await measureScale({ client, report, quick: false, config: { small: 0, large: 0, sqlRuns: 0, label: 'scale' } }, { subscribers, likesPerS });
  } finally {
    await cleanup(client).catch((error: unknown) => console.error('cleanup failed:', error));
    await client.end();
    if (stack.startedHere) await stack.stop();
  }
  report.print();
  const run = {
    design,
    date: new Date().toISOString(),
    commit: head ? `${head}${dirty ? '+dirty' : ''}` : '',
    cores: cpus().length,
    // the machine is shared: the 1/5/15-minute load averages at start and end
    loadAverageAtStart: loadAtStart,
    loadAverageAtEnd: loadavg().map((v) => round(v)),
  };
  const path = new URL('results.json', import.meta.url).pathname;
  const results = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as { figures?: { section: string }[]; details?: Record<string, unknown> }) : {};
  const sections = new Set(report.figures.map((f) => f.section));
  const figures = [...(results.figures ?? []).filter((f) => !sections.has(f.section)), ...report.figures.map((f) => ({ ...f, run }))];
  writeFileSync(path, `${JSON.stringify({ ...results, figures, details: { ...results.details, ...report.details } }, null, 2)}\n`);
  console.log(`Scale figures merged into ${path}.`);
}
