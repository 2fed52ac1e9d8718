// The PostgreSQL server the stack's clusters run: Debian's PostgreSQL 15 binaries, seen through a
// tree of this checkout's own (.cache/postgresql-15) whose extension folder also holds the pg_net
// and Vault stand-ins (postgres/extensions/). PostgreSQL 15 looks for extensions only in its share
// folder, which it finds relative to its own binary (share/postgresql/15 beside lib/postgresql/15/bin),
// so the binaries are copied there (a symbolic link would be followed back to /usr), the share
// folder's entries and the library folder are links to Debian's, and nothing outside the checkout
// changes: other clusters on the machine never see the stand-ins.
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../shared/paths.ts';

const systemBinDir = '/usr/lib/postgresql/15/bin';
const systemLibDir = '/usr/lib/postgresql/15/lib';
const systemShareDir = '/usr/share/postgresql/15';
const standInExtensionsDir = fileURLToPath(new URL('./extensions/', import.meta.url));
const serverBinaries = ['postgres', 'initdb', 'pg_ctl'];

const treeDir = join(repoRoot, '.cache', 'postgresql-15');
/** Where initdb, pg_ctl and postgres run from. */
export const serverBinDir = join(treeDir, 'lib', 'postgresql', '15', 'bin');

/** What the tree is made of: Debian's binaries (by size and time) and the stand-ins (by content). */
function fingerprint(): string {
  const hash = createHash('sha256');
  for (const name of serverBinaries) {
    const { size, mtimeMs } = statSync(join(systemBinDir, name));
    hash.update(`${name} ${size} ${mtimeMs}\n`);
  }
  for (const name of readdirSync(standInExtensionsDir).sort()) hash.update(name).update(readFileSync(join(standInExtensionsDir, name)));
  return hash.digest('hex');
}

function build(dir: string): void {
  const bin = join(dir, 'lib', 'postgresql', '15', 'bin');
  const share = join(dir, 'share', 'postgresql', '15');
  mkdirSync(bin, { recursive: true });
  mkdirSync(join(share, 'extension'), { recursive: true });
  for (const name of serverBinaries) copyFileSync(join(systemBinDir, name), join(bin, name));
  for (const name of serverBinaries) chmodSync(join(bin, name), 0o755);
  symlinkSync(systemLibDir, join(dir, 'lib', 'postgresql', '15', 'lib'));
  for (const name of readdirSync(systemShareDir)) {
    if (name !== 'extension') symlinkSync(join(systemShareDir, name), join(share, name));
  }
  for (const name of readdirSync(join(systemShareDir, 'extension'))) symlinkSync(join(systemShareDir, 'extension', name), join(share, 'extension', name));
  for (const name of readdirSync(standInExtensionsDir)) copyFileSync(join(standInExtensionsDir, name), join(share, 'extension', name));
}

/**
 * Makes the tree unless it is there for these binaries and stand-ins. Built beside it and renamed
 * into place, so two processes preparing it at once (test:db beside the stack) each end with a whole one.
 */
export function prepareServerTree(): void {
  const stamp = join(treeDir, 'fingerprint');
  const wanted = fingerprint();
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  const building = `${treeDir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  build(building);
  writeFileSync(join(building, 'fingerprint'), wanted);
  const old = `${treeDir}.old-${process.pid}`;
  try {
    if (existsSync(treeDir)) renameSync(treeDir, old);
    renameSync(building, treeDir);
  } catch (error) {
    // another process put its tree in place first: use it if it is this one
    rmSync(building, { recursive: true, force: true });
    if (!(existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted)) throw error;
  } finally {
    rmSync(old, { recursive: true, force: true });
  }
}
