// supabase-js's Deno tests (test/deno/*.test.ts) against the stack, with real Deno. Their own
// deno.json maps `@supabase/*` to esm.sh builds of a pull request and they import deno.land's
// std; neither host is reachable here. So the workspace's packages are built with their own
// build scripts (tsc, tsdown) and linked into its node_modules as pnpm's workspace links them,
// and an import map of ours replaces only the deno.land URLs (stand-ins/). The functions they
// call (the suite's supabase/functions: hello, echo, status, cors-*) are served by the stack
// itself: copied into the project's supabase/functions/ for the run, with the suite's
// `verify_jwt = false`, and removed after it (functions-js's stack run serves its own the same way).
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readToml } from '../shared/config.ts';
import { functionsDir, supabaseDir } from '../shared/paths.ts';
import type { JestResults } from './report.ts';
import { standInsDir } from './suites.ts';

// Their package.json `build:main` and `build:module` scripts.
const tsc = [
  ['tsc', '-p', 'tsconfig.json'],
  ['tsc', '-p', 'tsconfig.module.json'],
];

/** Each package's own `build` script, in build order: each after the packages it imports (supabase-js last). */
const builds: { dir: string; commands: string[][] }[] = [
  { dir: 'shared/tracing', commands: tsc },
  { dir: 'core/auth-js', commands: tsc },
  { dir: 'core/functions-js', commands: tsc },
  { dir: 'core/realtime-js', commands: tsc },
  { dir: 'core/postgrest-js', commands: [['tsdown']] },
  { dir: 'core/storage-js', commands: [['tsdown']] },
  { dir: 'core/supabase-js', commands: [['tsdown']] },
];

const stdUrls = {
  'https://deno.land/std@0.220.1/assert/mod.ts': 'std-assert.ts',
  'https://deno.land/std@0.168.0/http/server.ts': 'std-http-server.ts',
  'https://deno.land/std/http/server.ts': 'std-http-server.ts', // functions-js's test functions
};
const standIn = (file: string): string => pathToFileURL(join(standInsDir, file)).href;

/** Import-map entries: each deno.land std URL the suites use → its stand-in. */
export const stdImports = (): Record<string, string> => Object.fromEntries(Object.entries(stdUrls).map(([url, file]) => [url, standIn(file)]));

/** Builds every package of the workspace copy and links it as `@supabase/<name>` (no network needed). */
export function buildPackages(workDir: string): void {
  const bin = join(workDir, 'node_modules/.bin');
  for (const { dir, commands } of builds) {
    const packageDir = join(workDir, 'packages', dir);
    const link = join(workDir, 'node_modules/@supabase', dir.split('/')[1]!);
    rmSync(link, { force: true, recursive: true });
    symlinkSync(relative(join(link, '..'), packageDir), link);
    for (const [command, ...args] of commands) {
      try {
        execFileSync(join(bin, command!), args, { cwd: packageDir, stdio: 'pipe' });
      } catch (error) {
        const output = (error as { stdout?: Buffer }).stdout?.toString() ?? '';
        throw new Error(`building ${dir} (${command} ${args.join(' ')}) failed:\n${output.slice(-2000)}`);
      }
    }
  }
}

/** Marks a function folder this runner copied, so that only those are ever removed. */
const MARK_FILE = '.conformance-fixture';
const CONFIG_BEGIN = '# >>> supabase-js conformance functions (local-stack/conformance/deno-tests.ts; removed after the run)';
const CONFIG_END = '# <<< supabase-js conformance functions';
const configPath = join(supabaseDir, 'config.toml');

/** config.toml without a block an interrupted run left. */
function withoutBlock(text: string): string {
  const begin = text.indexOf(CONFIG_BEGIN);
  const end = text.indexOf(CONFIG_END);
  return begin === -1 || end === -1 ? text : text.slice(0, begin).replace(/\n+$/, '\n') + text.slice(end + CONFIG_END.length).replace(/^\n/, '');
}

/** Removes the suite's functions and their config block (this run's, or an interrupted run's). */
export function removeSuiteFunctions(): void {
  if (existsSync(functionsDir)) {
    for (const entry of readdirSync(functionsDir)) {
      if (existsSync(join(functionsDir, entry, MARK_FILE))) rmSync(join(functionsDir, entry), { recursive: true, force: true });
    }
  }
  const text = readFileSync(configPath, 'utf8');
  if (withoutBlock(text) !== text) writeFileSync(configPath, withoutBlock(text));
}

/**
 * Copies the suite's functions into supabase/functions/ (a deno.json each: the std stand-ins and
 * the built `@supabase/supabase-js/cors`) and adds their `[functions.<name>]` settings (`verifyJwt`
 * if given, else the suite's config.toml's) to the project's. Call before the stack starts; undo
 * with removeSuiteFunctions().
 */
export function installSuiteFunctions(packageDir: string, functions: { dir: string; verifyJwt?: boolean }, workDir: string): string[] {
  removeSuiteFunctions();
  const source = join(packageDir, functions.dir);
  const names = readdirSync(source).filter((name) => existsSync(join(source, name, 'index.ts')));
  for (const name of names) {
    if (existsSync(join(functionsDir, name)))
      throw new Error(`supabase/functions/${name} exists; the suite's function of that name cannot be installed for the run`);
  }
  const imports = {
    ...stdImports(),
    '@supabase/supabase-js/cors': pathToFileURL(join(workDir, 'packages/core/supabase-js/dist/cors.mjs')).href,
  };
  const suiteConfig = functions.verifyJwt === undefined ? readToml(join(packageDir, 'supabase/config.toml')) : new Map();
  const block = [CONFIG_BEGIN];
  for (const name of names) {
    const target = join(functionsDir, name);
    mkdirSync(target, { recursive: true });
    cpSync(join(source, name), target, { recursive: true });
    writeFileSync(join(target, MARK_FILE), 'copied by local-stack/conformance for one run\n');
    writeFileSync(join(target, 'deno.json'), JSON.stringify({ imports }, null, 2));
    const settings = suiteConfig.get(`functions.${name}`);
    block.push(`[functions.${name}]`);
    if (functions.verifyJwt !== undefined) block.push(`verify_jwt = ${functions.verifyJwt}`);
    for (const key of ['enabled', 'verify_jwt']) if (settings?.has(key)) block.push(`${key} = ${String(settings.get(key))}`);
  }
  block.push(CONFIG_END);
  writeFileSync(configPath, `${readFileSync(configPath, 'utf8').replace(/\n*$/, '\n\n')}${block.join('\n')}\n`);
  return names;
}

interface JunitCase {
  name: string;
  classname: string;
  failure?: string;
}

/** Test cases of Deno's JUnit report (every step is one), without an XML library: the format is fixed. */
function junitCases(xml: string): JunitCase[] {
  const cases: JunitCase[] = [];
  for (const match of xml.matchAll(/<testcase name="([^"]*)" classname="([^"]*)"[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const body = match[4] ?? '';
    const failure = /<failure[^>]*>([\s\S]*?)<\/failure>/.exec(body)?.[1] ?? (/<failure[^>]*message="([^"]*)"/.exec(body)?.[1] || undefined);
    cases.push({ name: xmlText(match[1]!), classname: xmlText(match[2]!), failure: failure === undefined ? undefined : xmlText(failure) });
  }
  return cases;
}

const xmlText = (text: string): string =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * Runs each file with the suite's own flags (test/deno/run-deno-test.js) and our import map;
 * results in jest's shape for report(): one test per step (a test without steps counts itself).
 */
export function runDenoTests(
  repoRoot: string,
  workDir: string,
  packageDir: string,
  files: string[],
  verbose: boolean,
): { results: JestResults; seconds: number } {
  const testDir = join(packageDir, 'test/deno');
  // In place of the suite's deno.json imports (as its run-deno-test.js passes that file): the
  // std stand-ins only; `@supabase/*` resolve through node_modules to the built packages
  // (buildPackages), as from an npm install.
  const importMap = join(testDir, 'import-map.conformance.json');
  writeFileSync(importMap, JSON.stringify({ imports: stdImports() }, null, 2));
  const results: JestResults = { testResults: [] };
  const started = Date.now();
  for (const file of files) {
    const report = join(workDir, 'results', `deno-${file.split('/').pop()}.xml`);
    rmSync(report, { force: true });
    const flags = ['--allow-all', '--no-check', '--unstable-sloppy-imports', '--unstable-detect-cjs', `--import-map=${importMap}`];
    spawnSync(join(repoRoot, 'node_modules/.bin/deno'), ['test', ...flags, '--reporter=junit', `--junit-path=${report}`, join(packageDir, file)], {
      cwd: testDir,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', verbose ? 'inherit' : 'ignore', verbose ? 'inherit' : 'ignore'],
    });
    if (!existsSync(report)) throw new Error(`${file}: deno wrote no report; run again with --verbose`);
    const cases = junitCases(readFileSync(report, 'utf8'));
    // Every step is a case; a test (or step) with steps counts only if it failed by itself
    // (not just "N test steps failed"), e.g. in its own cleanup.
    const hasSteps = (test: JunitCase) => cases.some((other) => other.name.startsWith(`${test.name} > `));
    const steps = cases.filter((test) => !hasSteps(test) || (test.failure !== undefined && !/^\d+ test steps? failed/.test(test.failure)));
    results.testResults.push({
      name: join(packageDir, file),
      assertionResults: steps.map((test) => ({
        fullName: test.name,
        status: test.failure === undefined ? 'passed' : 'failed',
        failureMessages: test.failure === undefined ? [] : [test.failure],
      })),
    });
  }
  return { results, seconds: (Date.now() - started) / 1000 };
}
