// `npm test`: every suite, stopping at none: each suite runs and the run fails if any failed.
// Two lanes run at the same time, because they share nothing:
//   - the local stack's lane: test:stack, test:functions, test:e2e, one after another (each
//     starts the stack on its fixed ports, and stops it, or uses and changes it);
//   - the side lane: test:db (its own throwaway cluster on a free port) and test:web (jsdom).
// The stack lane streams its output; each side-lane suite prints its output in one block when
// it ends, so the two never interleave line by line.
import { spawn } from 'node:child_process';

type Outcome = { suite: string; ok: boolean; seconds: number };

const stackLane = ['test:stack', 'test:functions', 'test:e2e'];
const sideLane = ['test:db', 'test:web'];

function runSuite(suite: string, streamed: boolean): Promise<Outcome> {
  const started = Date.now();
  if (streamed) console.log(`\n━━━ npm run ${suite}`);
  const child = spawn('npm', ['run', '--silent', suite], { stdio: streamed ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const outcome = { suite, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) };
      if (!streamed) {
        console.log(`\n━━━ npm run ${suite} (ran beside the stack lane; its whole output)`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(`\n━━━ ${suite}: ${outcome.ok ? 'passed' : 'FAILED'} in ${outcome.seconds} s`);
      resolve(outcome);
    });
  });
}

async function runLane(suites: string[], streamed: boolean): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const suite of suites) outcomes.push(await runSuite(suite, streamed));
  return outcomes;
}

const started = Date.now();
const outcomes = (await Promise.all([runLane(stackLane, true), runLane(sideLane, false)])).flat();
const failed = outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.suite);
console.log(`\n${outcomes.map((o) => `${o.suite} ${o.ok ? 'passed' : 'FAILED'} (${o.seconds} s)`).join(', ')}`);
console.log(`${outcomes.length - failed.length} passed, ${failed.length} failed in ${Math.round((Date.now() - started) / 1000)} s`);
if (failed.length) {
  console.error(`failed suites: ${failed.join(', ')}`);
  process.exit(1);
}
