// Which screen states this run has already scanned with axe, shared by every journey file and
// worker: the same login dialog or feed seen by forty people is one state, scanned once.
// Global set-up makes a run-scoped folder (E2E_AXE_RUN_DIR); a state is claimed by creating a
// file named after its signature, atomically ('wx'), so two workers never both scan it.
import { createHash } from 'node:crypto';
import { mkdtempSync, openSync, closeSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RUN_DIR_VARIABLE = 'E2E_AXE_RUN_DIR';

/** Called once by global set-up: a fresh folder for this run, inherited by the workers. */
export function startAxeRegistry(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'chismes-axe-'));
  process.env[RUN_DIR_VARIABLE] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}

// Without global set-up (a journey run on its own) the claims live in this process only.
const claimedHere = new Set<string>();

const fileOf = (dir: string, signature: string) => join(dir, createHash('sha256').update(signature).digest('hex').slice(0, 32));

/** True for the first caller of the run with this signature: that caller scans the state. */
export function claimState(signature: string): boolean {
  const dir = process.env[RUN_DIR_VARIABLE];
  if (!dir) {
    if (claimedHere.has(signature)) return false;
    claimedHere.add(signature);
    return true;
  }
  try {
    closeSync(openSync(fileOf(dir, signature), 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** The scan of a claimed state could not run to the end: the next person to see it scans it. */
export function releaseState(signature: string): void {
  const dir = process.env[RUN_DIR_VARIABLE];
  if (!dir) claimedHere.delete(signature);
  else rmSync(fileOf(dir, signature), { force: true });
}
