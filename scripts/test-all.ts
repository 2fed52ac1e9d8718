// `npm test`: every suite, stopping at none: each suite runs and the run fails if any failed.
// First the form checks (`npm run form`: formatting, lint, unused code; seconds), so a
// formatting slip is reported before the long suites start. Then two lanes run at the same
// time, because they share nothing:
//   - the local stack's lane (fixed ports): the stack is started once for test:stack, the
//     edge functions' integration tests, the product-rule integration suite and the deploy's
//     smoke test with both kinds of keys (each uses a running stack as it is, and would
//     otherwise start and stop its own), stopped, then test:e2e on a fresh stack of its own;
//   - the side lane: the TypeScript check of every folder (root tsconfig: scripts, local-stack,
//     e2e, bench; then web), test:db (its own throwaway cluster on a free port), test:deploy
//     (the deploy's dry run, its CLI commands against a local Management API stand-in and its
//     database steps rehearsed on a throwaway cluster), test:web (jsdom) and the edge
//     functions' unit tests (Deno, no network).
// The stack lane streams its output; each side-lane suite prints its output in one block when
// it ends, so the two never interleave line by line. A failed suite's failing lines are
// printed again just above the summary: CI keeps only the end of a long log.
import { spawn } from 'node:child_process';
import { ensureStack } from '../local-stack/index.ts';
import { failureDigest } from './test-all/failure-digest.ts';

type Outcome = { suite: string; ok: boolean; seconds: number; output: string };
type Suite = { name: string; args: string[] };

const npmRun = (script: string, ...extra: string[]): Suite => ({
  name: [script, ...extra].join(' '),
  args: ['run', '--silent', script, ...(extra.length ? ['--', ...extra] : [])],
});

const sharedStackSuites = [npmRun('test:stack'), npmRun('test:functions', '--only=integration'), npmRun('test:integration'), npmRun('test:smoke')];
const freshStackSuites = [npmRun('test:e2e')];
const sideLane = [npmRun('typecheck'), npmRun('test:db'), npmRun('test:deploy'), npmRun('test:web'), npmRun('test:functions', '--only=unit')];

function runSuite(suite: Suite, streamed: boolean): Promise<Outcome> {
  const started = Date.now();
  if (streamed) console.log(`\n━━━ npm run ${suite.name}`);
  const child = spawn('npm', suite.args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: Buffer[] = [];
  const keep = (sink: NodeJS.WriteStream) => (chunk: Buffer) => {
    output.push(chunk);
    if (streamed) sink.write(chunk);
  };
  child.stdout.on('data', keep(process.stdout));
  child.stderr.on('data', keep(process.stderr));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const outcome = { suite: suite.name, ok: code === 0, seconds, output: Buffer.concat(output).toString('utf8') };
      if (!streamed) {
        console.log(`\n━━━ npm run ${suite.name} (ran beside the stack lane; its whole output)`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(`\n━━━ ${suite.name}: ${outcome.ok ? 'passed' : 'FAILED'} in ${outcome.seconds} s`);
      resolve(outcome);
    });
  });
}

async function runLane(suites: Suite[], streamed: boolean): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const suite of suites) outcomes.push(await runSuite(suite, streamed));
  return outcomes;
}

async function runStackLane(): Promise<Outcome[]> {
  const started = Date.now();
  let stack: Awaited<ReturnType<typeof ensureStack>>;
  try {
    stack = await ensureStack();
  } catch (error) {
    console.error(`test: the local stack did not start: ${(error as Error).message}`);
    const seconds = Math.round((Date.now() - started) / 1000);
    return [{ suite: 'local stack start', ok: false, seconds, output: (error as Error).message }];
  }
  console.log(`\n━━━ local stack ${stack.startedHere ? `started in ${Math.round((Date.now() - started) / 1000)} s` : 'already running: used as it is'}`);
  let outcomes: Outcome[];
  try {
    outcomes = await runLane(sharedStackSuites, true);
  } finally {
    await stack.stop();
  }
  return [...outcomes, ...(await runLane(freshStackSuites, true))];
}

const started = Date.now();
const form = await runSuite(npmRun('form'), true);
const outcomes = [form, ...(await Promise.all([runStackLane(), runLane(sideLane, false)])).flat()];
const failed = outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.suite);
for (const outcome of outcomes.filter((o) => !o.ok)) console.log(`\n━━━ ${outcome.suite}: what failed\n${failureDigest(outcome.output)}`);
console.log(`\n${outcomes.map((o) => `${o.suite} ${o.ok ? 'passed' : 'FAILED'} (${o.seconds} s)`).join(', ')}`);
console.log(`${outcomes.length - failed.length} passed, ${failed.length} failed in ${Math.round((Date.now() - started) / 1000)} s`);
if (failed.length) {
  console.error(`failed suites: ${failed.join(', ')}`);
  process.exit(1);
}
