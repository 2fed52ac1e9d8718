// Supervision when the worst happens (docs/decisions/0023-local-stack-supervision.md): PostgreSQL dying stops the stack with
// one line (no stack trace) in stack.json, stack:status and the log, and leaves no process
// behind; a SIGKILLed daemon leaves processes the next start cleans up. Both end by starting
// the stack again, so the tests after these find it serving. The back-off is checked on the
// supervisor itself.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { isStackRunning, startStack, stopStack } from '../index.ts';
import { dbDataDir, logDir, repoRoot } from '../shared/paths.ts';
import { isAlive, readState } from '../runtime/state.ts';
import { backoffMs, createSupervisor } from '../runtime/supervisor.ts';
import { sleep } from './helpers.ts';

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
}

const postmasterPid = (): number => Number(readFileSync(join(dbDataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

/** Every pid the running stack owns: the daemon, its children and the postmaster. */
function stackPids(): number[] {
  const state = readState();
  assert.ok(state, 'stack.json exists');
  return [state.pid, ...state.children.map((child) => child.pid), postmasterPid()].filter((pid) => pid > 0);
}

function stackStatus(): { code: number | null; output: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'local-stack', 'runtime', 'cli.ts'), 'status'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('supervision: failures', () => {
  // Whatever happened above, the files after this one get a serving stack.
  after(async () => {
    if (await isStackRunning()) return;
    await stopStack();
    await startStack();
  });

  test('back-off: 0.5 s doubling to 30 s; a service that dies again at once waits twice as long', async () => {
    assert.deepEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map(backoffMs), [500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    const lines: string[] = [];
    const supervisor = createSupervisor({ stopping: () => false, log: (line) => lines.push(line), update: () => undefined });
    const onLost = supervisor.superviseConnection('probe');
    const reconnects: number[] = [];
    const started = Date.now();
    let failNext = true;
    const reconnect = async () => {
      reconnects.push(Date.now() - started);
      if (failNext) {
        failNext = false;
        throw new Error('still down\nsecond line');
      }
    };
    onLost('lost the connection', reconnect);
    await until('the second attempt succeeding', () => reconnects.length === 2 && supervisor.health.get('probe')?.state === 'running', 15_000);
    // Timers never fire early, but a loaded machine fires them late: only the lower bounds hold.
    assert.ok(reconnects[0]! >= 450, `first retry after ${reconnects[0]} ms`);
    assert.ok(reconnects[1]! - reconnects[0]! >= 950, `second retry ${reconnects[1]! - reconnects[0]!} ms after the first`);
    assert.deepEqual(lines, [
      'probe: lost the connection; restarting in 0.5 s (restart 1)',
      'probe: restart failed: still down; restarting in 1.0 s (restart 2)',
      'probe: back up after restart 2',
    ]);
  });

  test('PostgreSQL killed: the stack stops with one line, leaves no process, and starts again', async () => {
    assert.ok(await isStackRunning(), 'the stack runs before');
    const pids = stackPids();
    const logStart = statSync(join(logDir, 'stack.log')).size;
    process.kill(postmasterPid(), 'SIGKILL');
    await until('stack.json saying failed', () => readState()?.status === 'failed', 15_000);
    const reason = readState()?.reason ?? '';
    assert.match(reason, /^postgres died; see .*postgres\.log$/);
    await until('every stack process gone', () => pids.every((pid) => !isAlive(pid)), 30_000).catch((error: Error) =>
      assert.fail(
        `${error.message}; alive: ${pids
          .filter((pid) => isAlive(pid))
          .map((pid) => `${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').slice(0, 80)}`)
          .join(', ')}`,
      ),
    );
    const status = stackStatus();
    assert.equal(status.code, 1);
    assert.ok(status.output.includes(reason), status.output);
    const log = readFileSync(join(logDir, 'stack.log'), 'utf8').slice(logStart);
    assert.match(log, /FAILED: postgres died; see /);
    assert.doesNotMatch(log, /^\s+at /m, `no stack trace in the log:\n${log}`);
    const started = Date.now();
    await startStack();
    assert.ok(await isStackRunning());
    console.log(`after postgres died: every process gone, restarted in ${Date.now() - started} ms`);
  });

  test('a SIGKILLed daemon: stack.json says failed, never ready; the next start stops what it left and serves', async () => {
    assert.ok(await isStackRunning(), 'the stack runs before');
    const pids = stackPids();
    const [daemon, ...left] = pids;
    process.kill(daemon!, 'SIGKILL');
    await until('the daemon gone', () => !isAlive(daemon!), 5000);
    assert.equal(readState()?.status, 'failed');
    assert.ok(!(await isStackRunning()));
    assert.ok(
      left.some((pid) => isAlive(pid)),
      'its children outlive it (what the next start must clean)',
    );
    await startStack();
    assert.ok(await isStackRunning());
    assert.deepEqual(
      left.filter((pid) => isAlive(pid)),
      [],
      'nothing of the killed stack is left',
    );
    assert.equal(readState()?.status, 'ready');
  });
});
