// Dev-only conformance runner (not part of `npm test`: CI cannot reach GitHub): runs the
// official supabase-js monorepo's own tests against the local stack, with only connection
// settings and keys adapted (suites.ts), and prints pass counts per package, in scope and
// out of scope (out-of-scope.ts). Usage, see README.md:
//   npx tsx local-stack/conformance/run.ts --source ~/src/supabase-js [--only storage-js] [--prepare-only] [--verbose]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readToml } from '../shared/config.ts';
import { ensureStack, isStackRunning } from '../index.ts';
import { applyFixtures } from './fixtures.ts';
import { checkAgainstInit } from './init-config.ts';
import { outOfScope } from './out-of-scope.ts';
import { report, table, type Counts, type JestResults } from './report.ts';
import { suites } from './suites.ts';
import { prepareWorkspace, writeJestConfig } from './workspace.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const workDir = join(repoRoot, '.local-stack/conformance');

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

async function main(): Promise<number> {
  const source = option('source') ?? process.env.SUPABASE_JS_DIR;
  if (!source) throw new Error('give the supabase-js checkout: --source <dir> or SUPABASE_JS_DIR (see local-stack/conformance/README.md)');
  const only = option('only');
  const chosen = suites.filter((suite) => !only || suite.name === only);
  prepareWorkspace(resolve(source), workDir, chosen);
  // The install needs the npm registry; in a network namespace without it, prepare first.
  if (process.argv.includes('--prepare-only')) return 0;
  // Every "off by default" reason is checked against the CLI's own `supabase init` config.
  console.log('out-of-scope reasons checked against `supabase init`:');
  for (const line of checkAgainstInit(outOfScope)) console.log(`  ${line}`);
  // The suites' password rules (their own config.toml) where this run starts the stack; a stack
  // that already runs keeps the project's, and the table says so.
  const alreadyRunning = await isStackRunning();
  let stack: Awaited<ReturnType<typeof ensureStack>> | undefined;
  let rules = '';
  const rows: Counts[] = [];
  try {
    mkdirSync(join(workDir, 'results'), { recursive: true });
    for (const suite of chosen) {
      const config = writeJestConfig(workDir, suite);
      const output = join(workDir, 'results', `${suite.name}.json`);
      // Node 20 has WebSocket only behind this flag (Node 22 by default), which realtime-js needs.
      const args = [
        '--experimental-websocket',
        join(workDir, 'node_modules/jest/bin/jest.js'),
        '--config',
        config,
        '--runInBand',
        '--json',
        `--outputFile=${output}`,
        '--forceExit',
      ];
      if (suite.testNamePattern) args.push('-t', suite.testNamePattern);
      args.push(...suite.files.map((file) => join(workDir, 'packages/core', suite.name, file)));
      const auth = readToml(join(workDir, 'packages/core', suite.name, suite.config)).get('auth');
      const length = String(auth?.get('minimum_password_length') ?? 6);
      const requirements = String(auth?.get('password_requirements') ?? '');
      if (!alreadyRunning && `${length}:${requirements}` !== rules) {
        await stack?.stop();
        process.env.SUPABASE_AUTH_MINIMUM_PASSWORD_LENGTH = length;
        process.env.SUPABASE_AUTH_PASSWORD_REQUIREMENTS = requirements;
        rules = `${length}:${requirements}`;
        stack = await ensureStack();
      }
      stack ??= await ensureStack();
      const passwords = alreadyRunning ? "project's (the stack already ran)" : `suite's (${length} characters${requirements ? `, ${requirements}` : ''})`;
      const undoFixtures = await applyFixtures(join(workDir, 'packages/core', suite.name), suite.name);
      const started = Date.now();
      try {
        spawnSync(process.execPath, args, { cwd: workDir, stdio: ['ignore', 'ignore', process.argv.includes('--verbose') ? 'inherit' : 'ignore'] });
      } finally {
        await undoFixtures();
      }
      const seconds = (Date.now() - started) / 1000;
      if (!existsSync(output)) throw new Error(`${suite.name}: jest wrote no results; run again with --verbose`);
      rows.push({ ...report(suite.name, JSON.parse(readFileSync(output, 'utf8')) as JestResults, seconds), passwords });
    }
  } finally {
    await stack?.stop();
  }
  console.log(`\n${table(rows)}`);
  return rows.every((row) => row.inScopePassed === row.inScope) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`conformance: ${(error as Error).message}`);
    process.exit(1);
  },
);
