// Form checks: formatting, lint and unused code over the whole tree (docs/conventions.md,
// "Form checks"). Biome covers the TypeScript/JavaScript of web/, e2e/, bench/, scripts/,
// local-stack/ and tests/ (biome.jsonc); the edge functions are Deno code and get Deno's own
// `deno fmt` and `deno lint` (supabase/functions/form.deno.json), run with the Deno that
// `npm run test:functions` uses (the `deno` npm package); knip finds unused files, exports and
// dependencies (knip.jsonc); and README.md's "Edge functions" table must name every function
// folder (scripts/readme-functions.ts).
//   npm run form           check everything, change nothing (the first step of `npm test`)
//   npm run lint           lint and unused code only; `npm run lint -- --fix` applies the safe fixes
//   npm run format         rewrite every file in the house format
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const functionsDir = join(root, 'supabase', 'functions');
const denoConfig = 'form.deno.json';

interface Step {
  label: string;
  command: string;
  args: string[];
  cwd?: string;
}

const biome = (...args: string[]): Step => ({ label: `biome ${args[0]}`, command: bin('biome'), args: [...args, '--max-diagnostics=50'] });
// Each function folder is its own Deno project; the repository's package.json is not theirs
// (scripts/test-functions.ts says why DENO_NO_PACKAGE_JSON is set).
const deno = (...args: string[]): Step => ({
  label: `deno ${args.join(' ')}`,
  command: bin('deno'),
  args: [...args, '--config', denoConfig],
  cwd: functionsDir,
});
const knip: Step = { label: 'knip', command: bin('knip'), args: [] };
const readmeFunctions: Step = { label: 'README lists every edge function', command: bin('tsx'), args: [join(root, 'scripts', 'readme-functions.ts')] };

const modes: Record<string, Step[]> = {
  // Warnings and notes (safe fixes, mostly) are for `npm run lint`; the check fails on errors.
  check: [biome('ci', '--diagnostic-level=error', '.'), deno('fmt', '--check'), deno('lint'), knip, readmeFunctions],
  lint: [biome('lint', '.'), deno('lint'), knip],
  fix: [biome('lint', '--write', '.'), deno('lint', '--fix'), knip],
  format: [biome('format', '--write', '.'), deno('fmt')],
};

const mode = process.argv[2] === 'lint' && process.argv.includes('--fix') ? 'fix' : (process.argv[2] ?? 'check');
const steps = modes[mode];
if (!steps) {
  console.error(`form: unknown mode ${mode} (check, lint, format)`);
  process.exit(2);
}

const failed: string[] = [];
const started = Date.now();
for (const step of steps) {
  const stepStarted = Date.now();
  const result = spawnSync(step.command, step.args, {
    cwd: step.cwd ?? root,
    stdio: 'inherit',
    env: { ...process.env, DENO_NO_PACKAGE_JSON: '1' },
  });
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${step.label} (${((Date.now() - stepStarted) / 1000).toFixed(1)} s)`);
  if (!ok) failed.push(step.label);
}
console.log(`form ${mode}: ${failed.length ? `FAILED (${failed.join(', ')})` : 'passed'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exitCode = failed.length ? 1 : 0;
