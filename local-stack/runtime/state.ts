// The daemon's state file (.local-stack/stack.json): how the commands and ensureStack()
// learn whether the stack runs, which processes belong to it, and why a start failed.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { stateFile } from '../shared/paths.ts';
import type { ServiceHealth } from './supervisor.ts';

export interface StackState {
  /** degraded: serving, but a service is down and being restarted (see `services`) */
  status: 'starting' | 'ready' | 'degraded' | 'failed';
  /** the daemon (gateway, auth, storage, realtime run inside it) */
  pid: number;
  /** PostgREST and Deno processes, so a crashed daemon's children can still be stopped */
  children: { name: string; pid: number }[];
  functions: string[];
  /** each function's Unix socket (functions/functions.ts), for the tests that reach one directly */
  functionSockets?: Record<string, string>;
  reason?: string;
  startedAt: string;
  /** supervised services (postgrest, function-*, realtime): running or restarting, and why */
  services?: Record<string, ServiceHealth>;
}

/**
 * The state file, corrected: a daemon that died without saying so (SIGKILL, OOM) left
 * "ready" behind; that is rewritten as failed, keeping `children` so they can still be stopped.
 */
export function readState(): StackState | undefined {
  if (!existsSync(stateFile)) return undefined;
  let state: StackState;
  try {
    state = JSON.parse(readFileSync(stateFile, 'utf8')) as StackState;
  } catch {
    return undefined;
  }
  if (state.status !== 'failed' && !isAlive(state.pid)) {
    state = { ...state, status: 'failed', reason: `the stack daemon (pid ${state.pid}) is not running any more (killed?)` };
    try {
      writeState(state);
    } catch {
      // read-only checkout: the corrected answer is still returned
    }
  }
  return state;
}

export function writeState(state: StackState): void {
  writeFileSync(stateFile, JSON.stringify(state, null, 2));
}

export function clearState(): void {
  rmSync(stateFile, { force: true });
}

/**
 * Whether the process runs. A zombie (exited, not yet reaped: a daemon started by a process
 * that is blocked, as test:stack's runner is in spawnSync) counts as dead.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return !existsSync('/proc/self/stat'); // gone meanwhile; or no /proc (not Linux): kill(pid, 0) answered
  }
}
