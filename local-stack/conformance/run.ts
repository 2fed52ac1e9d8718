// Dev-only conformance runner (not part of `npm test`: CI cannot reach GitHub): runs the
// official supabase-js monorepo's own tests against the local stack, with only connection
// settings and keys adapted (suites.ts), and prints pass counts per package, in scope and
// out of scope (out-of-scope.ts). Usage, see README.md:
//   npx tsx local-stack/conformance/run.ts --source ~/src/supabase-js [--only storage-js] [--prepare-only] [--verbose]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readToml } from '../shared/config.ts';
import { API_URL } from '../shared/keys.ts';
import { ensureStack, isStackRunning } from '../index.ts';
import { applyFixtures } from './fixtures.ts';
import { installSuiteFunctions, removeSuiteFunctions, runDenoTests } from './deno-tests.ts';
import { functionsRelayEnv } from './functions-js.ts';
import { checkAgainstInit } from './init-config.ts';
import { outOfScope } from './out-of-scope.ts';
import { startPostgrestTarget, suiteSchemas, type PostgrestTarget } from './postgrest-targets.ts';
import { report, table, type Counts, type JestResults } from './report.ts';
import { suites, type Suite } from './suites.ts';
import { prepareWorkspace, writeJestConfig } from './workspace.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const workDir = join(repoRoot, '.local-stack/conformance');

const verbose = process.argv.includes('--verbose');

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

async function main(): Promise<number> {
  const source = option('source') ?? process.env.SUPABASE_JS_DIR;
  if (!source) throw new Error('give the supabase-js checkout: --source <dir> or SUPABASE_JS_DIR (see local-stack/conformance/README.md)');
  const only = option('only');
  const chosen = suites.filter((suite) => !only || (suite.label ?? suite.name) === only);
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
      const label = suite.label ?? suite.name;
      const config = suite.runner === 'deno' ? '' : writeJestConfig(workDir, suite);
      const packageDir = join(workDir, 'packages/core', suite.name);
      if (suite.name === 'postgrest-js') {
        // No stack needed: its own throwaway clusters and PostgREST servers (postgrest-targets.ts).
        rows.push(...(await runPostgrest(suite, config, packageDir)));
        continue;
      }
      if (suite.name === 'functions-js') {
        // First against the relay stand-in's own Deno, as the suite runs on its container; then
        // with the stack's gateway and functions behind the relay (below).
        Object.assign(process.env, functionsRelayEnv(repoRoot, workDir));
        const run = runJest(suite, config, 'functions-js-relay');
        rows.push({ ...report(suite.name, run.results, run.seconds), suite: 'functions-js (relay stand-in, its own Deno)', passwords: '— (no Auth)' });
      }
      const suiteConfig = suite.config ? readToml(join(packageDir, suite.config)) : undefined;
      const auth = suiteConfig?.get('auth');
      const length = String(auth?.get('minimum_password_length') ?? 6);
      const requirements = String(auth?.get('password_requirements') ?? '');
      // Its e-mail confirmations too (the suites turn them off; the project turns them on, so a
      // sign-up would wait for its mail): the CLI's default, false, when the suite says nothing.
      const confirmations = String(suiteConfig?.get('auth.email')?.get('enable_confirmations') ?? false);
      // The suite's own functions are served only by a stack started after they are in place.
      if (suite.functions && alreadyRunning) {
        console.log(`\n${label}: not run on the stack: it needs its functions there, and a stack that already runs cannot take them; stop it first`);
        continue;
      }
      if (!alreadyRunning && (`${length}:${requirements}:${confirmations}` !== rules || suite.functions)) {
        await stack?.stop();
        if (suite.functions)
          console.log(`\n${label}: the stack serves the suite's functions: ${installSuiteFunctions(packageDir, suite.functions, workDir).join(', ')}`);
        process.env.SUPABASE_AUTH_MINIMUM_PASSWORD_LENGTH = length;
        process.env.SUPABASE_AUTH_PASSWORD_REQUIREMENTS = requirements;
        process.env.SUPABASE_AUTH_EMAIL_ENABLE_CONFIRMATIONS = confirmations;
        rules = `${length}:${requirements}:${confirmations}`;
        stack = await ensureStack();
      }
      stack ??= await ensureStack();
      const passwords = !suite.config
        ? '— (no Auth)'
        : alreadyRunning
          ? "project's (the stack already ran)"
          : `suite's (${length} characters${requirements ? `, ${requirements}` : ''}; confirmations ${confirmations === 'true' ? 'on' : 'off'})`;
      const undoFixtures = await applyFixtures(packageDir, suite.name);
      let run: { results: JestResults; seconds: number };
      try {
        if (suite.runner === 'deno') run = runDenoTests(repoRoot, workDir, packageDir, suite.files, verbose);
        else if (suite.name === 'functions-js') run = runFunctionsOnStack(suite, config);
        else run = runJest(suite, config, suite.name);
      } finally {
        await undoFixtures();
      }
      const name = suite.name === 'functions-js' ? "functions-js (relay stand-in → the stack's gateway and functions)" : label;
      rows.push({ ...report(suite.name === 'functions-js' ? 'functions-js-stack' : label, run.results, run.seconds), suite: name, passwords });
      if (suite.functions) {
        // The next suite gets the project's functions only.
        await stack?.stop();
        stack = undefined;
        rules = '';
        removeSuiteFunctions();
      }
    }
  } finally {
    await stack?.stop();
    removeSuiteFunctions();
  }
  console.log(`\n${table(rows)}`);
  return rows.every((row) => row.inScopePassed === row.inScope) ? 0 : 1;
}

/** functions-js with CONFORMANCE_FUNCTIONS_URL: the relay stand-in forwards to the stack's functions. */
function runFunctionsOnStack(suite: Suite, config: string): { results: JestResults; seconds: number } {
  process.env.CONFORMANCE_FUNCTIONS_URL = `${API_URL}/functions/v1`;
  try {
    return runJest(suite, config, 'functions-js-stack');
  } finally {
    delete process.env.CONFORMANCE_FUNCTIONS_URL;
  }
}

/** Runs one suite's files with jest (Node 20 needs its WebSocket flag for realtime-js); its JSON results. */
function runJest(suite: Suite, config: string, resultName: string): { results: JestResults; seconds: number } {
  const output = join(workDir, 'results', `${resultName}.json`);
  rmSync(output, { force: true });
  const args = ['--experimental-websocket', join(workDir, 'node_modules/jest/bin/jest.js'), '--config', config, '--runInBand', '--ci', '--json'];
  args.push(`--outputFile=${output}`, '--forceExit');
  if (suite.testNamePattern) args.push('-t', suite.testNamePattern);
  args.push(...suite.files.map((file) => join(workDir, 'packages/core', suite.name, file)));
  const started = Date.now();
  spawnSync(process.execPath, args, { cwd: workDir, stdio: ['ignore', 'ignore', verbose ? 'inherit' : 'ignore'] });
  const seconds = (Date.now() - started) / 1000;
  if (!existsSync(output)) throw new Error(`${resultName}: jest wrote no results; run again with --verbose`);
  return { results: JSON.parse(readFileSync(output, 'utf8')) as JestResults, seconds };
}

/**
 * postgrest-js on the stack's PostgreSQL and PostgREST configuration and on a bare PostgREST
 * 12.0.2: a test failing on both is the version's (`supabase start` runs v16.5), one failing
 * only on the stack is the stack's and makes the run fail.
 */
async function runPostgrest(suite: Suite, config: string, packageDir: string): Promise<Counts[]> {
  const failed: Record<PostgrestTarget, Set<string>> = { stack: new Set(), bare: new Set() };
  const runs: Partial<Record<PostgrestTarget, { results: JestResults; seconds: number }>> = {};
  for (const target of ['bare', 'stack'] as const) {
    const server = await startPostgrestTarget(target, packageDir, suiteSchemas(packageDir), workDir);
    try {
      process.env.CONFORMANCE_REST_URL = server.url;
      runs[target] = runJest(suite, config, `postgrest-js-${target}`);
    } finally {
      delete process.env.CONFORMANCE_REST_URL;
      await server.stop();
    }
    for (const file of runs[target]!.results.testResults) {
      for (const test of file.assertionResults) if (test.status === 'failed') failed[target].add(`${file.name.split('/').pop()} › ${test.fullName}`);
    }
  }
  console.log('\n| postgrest-js file | passed on the stack | passed on bare 12.0.2 |\n|---|---|---|');
  for (const file of suite.files) {
    const counts = (['stack', 'bare'] as const).map((target) => {
      const tests = runs[target]!.results.testResults.find((result) => result.name.endsWith(file))?.assertionResults ?? [];
      return `${tests.filter((test) => test.status === 'passed').length} / ${tests.length}`;
    });
    console.log(`| ${file.replace('test/', '')} | ${counts[0]} | ${counts[1]} |`);
  }
  const versions = [...failed.stack].filter((name) => failed.bare.has(name));
  const stackOnly = [...failed.stack].filter((name) => !failed.bare.has(name));
  const bareOnly = [...failed.bare].filter((name) => !failed.stack.has(name));
  console.log(`\npostgrest-js: ${versions.length} tests fail on both (PostgREST 12.0.2's, not the stack's):`);
  for (const name of versions) console.log(`  ${name}`);
  console.log(`postgrest-js: ${stackOnly.length} fail only on the stack${stackOnly.length ? ':' : ''}`);
  for (const name of stackOnly) console.log(`  STACK ${name}`);
  if (bareOnly.length) console.log(`postgrest-js: ${bareOnly.length} fail only on the bare PostgREST:`);
  for (const name of bareOnly) console.log(`  ${name}`);
  // Out of scope: what PostgREST 12.0.2 itself fails (the bare run), each test by its exact name.
  const measured = versions.map((name) => {
    const [file, test = ''] = name.split(' › ');
    return {
      suite: 'postgrest-js',
      file,
      test: new RegExp(`^${test.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
      reason: 'fails on a bare PostgREST 12.0.2 too',
    };
  });
  return (['stack', 'bare'] as const).map((target) => ({
    ...report('postgrest-js', runs[target]!.results, runs[target]!.seconds, measured),
    suite: `postgrest-js (${target === 'stack' ? "stack's PostgreSQL + PostgREST config" : 'bare PostgREST 12.0.2'})`,
    passwords: '— (no Auth)',
  }));
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`conformance: ${(error as Error).message}`);
    process.exit(1);
  },
);
