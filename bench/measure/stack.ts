// The local stack itself: start times and memory at rest (PSS of the daemon, its services and
// the PostgreSQL cluster: shared memory counted once, unlike a plain RSS sum).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dbDataDir } from '../../local-stack/shared/paths.ts';
import { readState } from '../../local-stack/runtime/state.ts';

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

function descendants(roots: number[]): number[] {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
  const found = new Set(roots.filter((pid) => existsSync(`/proc/${pid}`)));
  let grew = true;
  while (grew) {
    grew = false;
    for (const pid of all) {
      const parent = parentOf(pid);
      if (!found.has(pid) && parent !== undefined && found.has(parent)) {
        found.add(pid);
        grew = true;
      }
    }
  }
  return [...found];
}

function memoryKb(pid: number, field: 'Pss' | 'Rss'): number {
  try {
    const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

export interface StackMemory {
  processes: number;
  pssMb: number;
  rssMb: number;
}

/** Memory of every process of the stack: daemon tree plus the postmaster tree. */
export function stackMemory(): StackMemory {
  const roots: number[] = [];
  const state = readState();
  if (state) roots.push(state.pid, ...state.children.map((child) => child.pid));
  const pidFile = join(dbDataDir, 'postmaster.pid');
  if (existsSync(pidFile)) roots.push(Number(readFileSync(pidFile, 'utf8').split('\n')[0]));
  const pids = descendants(roots.filter((pid) => pid > 0));
  const sum = (field: 'Pss' | 'Rss') => pids.reduce((total, pid) => total + memoryKb(pid, field), 0) / 1024;
  return { processes: pids.length, pssMb: sum('Pss'), rssMb: sum('Rss') };
}
