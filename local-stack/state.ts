// The daemon's state file (.local-stack/stack.json): how the commands and ensureStack()
// learn whether the stack runs, which processes belong to it, and why a start failed.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { stateFile } from './paths.ts';

export interface StackState {
  status: 'starting' | 'ready' | 'failed';
  /** the daemon (gateway, auth, storage, realtime run inside it) */
  pid: number;
  /** PostgREST and Deno processes, so a crashed daemon's children can still be stopped */
  children: { name: string; pid: number }[];
  functions: string[];
  reason?: string;
  startedAt: string;
}

export function readState(): StackState | undefined {
  if (!existsSync(stateFile)) return undefined;
  try {
    return JSON.parse(readFileSync(stateFile, 'utf8')) as StackState;
  } catch {
    return undefined;
  }
}

export function writeState(state: StackState): void {
  writeFileSync(stateFile, JSON.stringify(state, null, 2));
}

export function clearState(): void {
  rmSync(stateFile, { force: true });
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
