// The local stack's programmatic API, used by `npm run stack:*`, `npm run dev` and the test
// suites (functions integration, e2e, bench): start it in the background and wait until it
// is healthy, find out whether it runs, stop it.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { cluster } from '../postgres/database.ts';
import { API_URL, ANON_KEY } from '../shared/keys.ts';
import { stopCluster } from '../postgres/cluster.ts';
import { DB_PORT, GATEWAY_PORT, HOST, logDir, MAIL_PORT, repoRoot, SMTP_PORT, stackDir } from '../shared/paths.ts';
import { refusal } from './unsupported.ts';
import { clearState, isAlive, readState, writeState } from './state.ts';

const daemonScript = join(repoRoot, 'local-stack', 'runtime', 'daemon.ts');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a local stack's gateway answers on :54321 (ours or another checkout's). */
export async function gatewayAnswers(): Promise<boolean> {
  try {
    const checks = await Promise.all([
      fetch(`${API_URL}/auth/v1/health`),
      fetch(`${API_URL}/rest/v1/`, { headers: { apikey: ANON_KEY } }),
      fetch(`${API_URL}/storage/v1/status`),
    ]);
    return checks.every((response) => response.ok);
  } catch {
    return false;
  }
}

export async function isStackRunning(): Promise<boolean> {
  const state = readState();
  return state?.status === 'ready' && isAlive(state.pid) && (await gatewayAnswers());
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: HOST, port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** A daemon that died without cleaning up (e.g. killed -9) may leave its children behind. */
function cleanUpAfterDeadDaemon(): void {
  const state = readState();
  if (!state || isAlive(state.pid)) return;
  for (const child of state.children) {
    if (child.pid > 0 && isAlive(child.pid)) process.kill(child.pid, 'SIGKILL');
  }
  try {
    stopCluster(cluster);
  } catch {
    // not running
  }
  clearState();
}

async function waitUntilReady(pid: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const state = readState();
    if (state?.status === 'failed') {
      if (!isAlive(pid)) cleanUpAfterDeadDaemon();
      clearState();
      throw new Error(state.reason ?? 'the stack failed to start');
    }
    if (!isAlive(pid)) {
      cleanUpAfterDeadDaemon();
      throw new Error(`the stack daemon exited unexpectedly; see ${join(logDir, 'stack.log')}`);
    }
    if (state?.status === 'ready' && (await gatewayAnswers())) return;
    await sleep(150);
  }
  process.kill(pid, 'SIGTERM');
  throw new Error(`the stack did not become healthy within ${timeoutMs / 1000} s; see ${join(logDir, 'stack.log')}`);
}

const startLock = join(stackDir, 'start.lock');

/** One start at a time per checkout: false when another live process is starting it. */
function acquireStartLock(): boolean {
  mkdirSync(stackDir, { recursive: true });
  try {
    writeFileSync(startLock, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    const holder = Number(readFileSync(startLock, 'utf8'));
    if (holder > 0 && holder !== process.pid && isAlive(holder)) return false;
    writeFileSync(startLock, String(process.pid));
    return true;
  }
}

async function waitForOtherStarter(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (existsSync(startLock) && Date.now() < deadline) await sleep(200);
  if (!(await isStackRunning())) throw new Error('another process was starting the local stack and it did not become healthy');
}

/**
 * Starts the stack in the background and waits until every service is healthy. Returns
 * false when it was already running or being started by another process (then it waits).
 */
export async function startStack(options: { fresh?: boolean } = {}): Promise<boolean> {
  if (!acquireStartLock()) {
    await waitForOtherStarter(180_000);
    return false;
  }
  try {
    cleanUpAfterDeadDaemon();
    const running = readState();
    if (running && isAlive(running.pid)) {
      await waitUntilReady(running.pid, 180_000);
      return false;
    }
    const unsupported = refusal();
    if (unsupported) throw new Error(unsupported);
    for (const port of [GATEWAY_PORT, DB_PORT, MAIL_PORT, SMTP_PORT]) {
      if (await portInUse(port)) {
        const otherStack = port === GATEWAY_PORT && (await gatewayAnswers());
        throw new Error(
          otherStack
            ? `port ${port} on ${HOST} is in use by a local stack started from another checkout; stop it there (npm run stack:stop) and try again`
            : `port ${port} on ${HOST} is already in use by another program; stop it (or run npm run stack:stop) and try again`,
        );
      }
    }
    if (options.fresh) {
      for (const entry of readdirSync(stackDir)) if (join(stackDir, entry) !== startLock) rmSync(join(stackDir, entry), { recursive: true, force: true });
    }
    if (!existsSync(join(repoRoot, 'node_modules', '.bin', 'tsx'))) throw new Error('missing node_modules: run npm run setup');
    mkdirSync(logDir, { recursive: true });
    const out = openSync(join(logDir, 'stack.log'), 'a');
    // --expose-gc: the memory report (daemon.ts, SIGUSR2) collects garbage before it measures.
    const daemon = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', daemonScript], {
      cwd: repoRoot,
      detached: true,
      stdio: ['ignore', out, out],
    });
    daemon.unref();
    // Recorded at once, so a stop (or Ctrl-C) finds the daemon before it writes its own state.
    writeState({ status: 'starting', pid: daemon.pid!, children: [], functions: [], startedAt: new Date().toISOString() });
    await waitUntilReady(daemon.pid!, 180_000);
    return true;
  } finally {
    rmSync(startLock, { force: true });
  }
}

/** Stops the stack if it runs; true when something was stopped. */
export async function stopStack(): Promise<boolean> {
  const state = readState();
  if (!state) return false;
  if (!isAlive(state.pid)) {
    cleanUpAfterDeadDaemon();
    return true;
  }
  process.kill(state.pid, 'SIGTERM');
  const deadline = Date.now() + 40_000;
  while (isAlive(state.pid) && Date.now() < deadline) await sleep(100);
  if (isAlive(state.pid)) process.kill(state.pid, 'SIGKILL');
  cleanUpAfterDeadDaemon();
  clearState();
  return true;
}

/**
 * Starts the stack unless it already runs (fresh: wipe its data first; a running stack is
 * used as it is) and waits until it is healthy. stop() stops it only if this call started it.
 */
export async function ensureStack(options: { fresh?: boolean } = {}): Promise<{ startedHere: boolean; stop(): Promise<void> }> {
  if (await isStackRunning()) return { startedHere: false, stop: async () => undefined };
  if (!(await startStack(options))) return { startedHere: false, stop: async () => undefined };
  return {
    startedHere: true,
    stop: async () => {
      await stopStack();
    },
  };
}
