// A PostgreSQL 15 cluster in a folder of our own (never the system cluster): initdb,
// start, stop and the Supabase platform bootstrap. Used by the local stack and by
// the throwaway clusters of `npm run test:db`.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareServerTree, serverBinDir } from './server-tree.ts';
import { supautilsSettings } from './supautils-settings.ts';

export const bootstrapDir = fileURLToPath(new URL('./bootstrap/', import.meta.url));

export interface Cluster {
  dataDir: string;
  port: number;
  /** the `postgres` role's URL (not a superuser, as in Supabase's image), e.g. postgresql://postgres:postgres@127.0.0.1:54322/postgres */
  url: string;
  /** the superuser's (`supabase_admin`): the platform bootstrap only */
  adminUrl: string;
}

const isRoot = process.getuid?.() === 0;

/** PostgreSQL refuses to run as root, so as root the server runs as the `postgres` user. */
function runAsOwner(binary: string, args: string[]): void {
  const command = isRoot ? 'runuser' : join(serverBinDir, binary);
  const fullArgs = isRoot ? ['-u', 'postgres', '--', join(serverBinDir, binary), ...args] : args;
  const result = spawnSync(command, fullArgs, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${binary} failed: ${(result.stderr || result.stdout || '').trim().split('\n').pop()}`);
  }
}

export function clusterUrl(port: number, user = 'postgres'): string {
  // The local cluster serves no TLS; saying so keeps clients (the Supabase CLI) from trying it.
  return `postgresql://${user}:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
}

export function describeCluster(dataDir: string, port: number): Cluster {
  return { dataDir, port, url: clusterUrl(port), adminUrl: clusterUrl(port, 'supabase_admin') };
}

/** A TCP port nobody listens on right now, picked by the kernel. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The libraries Supabase's image preloads (supabase/postgres ansible/files/postgresql_config/
 * postgresql.conf.j2: 'pg_stat_statements, pgaudit, plpgsql, plpgsql_check, pg_cron, pg_net,
 * pgsodium, timescaledb, auto_explain, pg_tle, plan_filter'), in its order, limited to those
 * Debian's packages install here (scripts/setup.mjs); the rest are listed in local-stack/README.md.
 */
export function preloadLibraries(): string[] {
  return ['pg_stat_statements', 'plpgsql', 'plpgsql_check', 'pg_cron'].filter((name) => existsSync(`/usr/lib/postgresql/15/lib/${name}.so`));
}

/** A single-quoted configuration-file value. */
const confValue = (value: string): string => `'${value.replace(/'/g, "''")}'`;

/** The settings of Supabase's image that our product depends on; written at every start, so an older cluster gets them too. */
function writeSettings(dataDir: string, port: number): void {
  const libraries = preloadLibraries();
  const settings = [
    `port = ${port}`,
    `listen_addresses = '127.0.0.1'`,
    `unix_socket_directories = ''`,
    'wal_level = logical',
    'max_connections = 200',
    // The default 128MB cannot hold the likes and authorship indexes of a large feed (the
    // benchmark's 1M chismes); memory is only committed as pages are touched.
    'shared_buffers = 512MB',
    // As Supabase's image (postgresql.conf.j2); EXPLAIN's SETTINGS option reports it (postgrest-js's
    // "explain with options" test, run by local-stack/conformance/).
    'effective_cache_size = 128MB',
    'max_replication_slots = 10',
    'max_wal_senders = 10',
    'fsync = off', // a local, disposable development database
    'synchronous_commit = off',
    `timezone = 'UTC'`,
    `shared_preload_libraries = '${libraries.join(', ')}'`,
    // pg_cron runs jobs in background workers: the image's libpq connections to localhost rely on
    // its pg_hba trusting 127.0.0.1, which a developer's machine should not.
    ...(libraries.includes('pg_cron') ? [`cron.database_name = 'postgres'`, 'cron.use_background_workers = on', 'max_worker_processes = 16'] : []),
    ...Object.entries(supautilsSettings).map(([name, value]) => `${name} = ${confValue(value)}`),
  ];
  writeFileSync(join(dataDir, 'postgresql.auto.conf'), settings.join('\n') + '\n');
  if (isRoot) execFileSync('chown', ['postgres:postgres', join(dataDir, 'postgresql.auto.conf')]);
}

/**
 * As root the server runs as `postgres`, which must be able to pass through every folder above
 * its files (a checkout under a `mktemp -d` folder is 0700 root). Adds only the search bit
 * (o+x, not listing) where it is missing.
 */
function letPostgresReach(path: string): void {
  if (!isRoot) return;
  for (let dir = path; ; dir = dirname(dir)) {
    const mode = statSync(dir).mode & 0o7777;
    if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o001);
    if (dirname(dir) === dir) return;
  }
}

export function initCluster(dataDir: string, port: number): Cluster {
  prepareServerTree();
  letPostgresReach(serverBinDir);
  if (!existsSync(dataDir)) execFileSync('mkdir', ['-p', dataDir]);
  letPostgresReach(dirname(dataDir));
  // The password file sits beside the data folder and is read by initdb as `postgres`.
  if (isRoot) chmodSync(dirname(dataDir), 0o755);
  if (isRoot) execFileSync('chown', ['-R', 'postgres:postgres', dataDir]);
  const pwFile = join(dataDir, '..', `.pwfile-${port}`);
  writeFileSync(pwFile, 'postgres\n', { mode: 0o644 });
  runAsOwner('initdb', [
    '-D',
    dataDir,
    '-U',
    'supabase_admin',
    '--pwfile',
    pwFile,
    '--auth-local=trust',
    '--auth-host=scram-sha-256',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
  ]);
  writeSettings(dataDir, port);
  if (isRoot) execFileSync('chown', ['-R', 'postgres:postgres', dataDir]);
  return describeCluster(dataDir, port);
}

export function startCluster(cluster: Cluster, logFile: string): void {
  letPostgresReach(dirname(logFile));
  letPostgresReach(dirname(cluster.dataDir));
  if (isRoot && !existsSync(logFile)) {
    writeFileSync(logFile, '');
    execFileSync('chown', ['postgres:postgres', logFile]);
  }
  prepareServerTree();
  letPostgresReach(serverBinDir);
  writeSettings(cluster.dataDir, cluster.port);
  runAsOwner('pg_ctl', ['-D', cluster.dataDir, '-l', logFile, '-w', '-t', '60', 'start']);
}

export function stopCluster(cluster: Cluster): void {
  if (!existsSync(join(cluster.dataDir, 'postmaster.pid'))) return;
  runAsOwner('pg_ctl', ['-D', cluster.dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
}

/** Run a SQL file with psql (the bootstrap: as supabase_admin); stops at the first error. */
export function runSqlFile(url: string, file: string): void {
  const result = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', '-X', '-f', file], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${file}: ${result.stderr.trim()}`);
}

/** The Supabase platform a plain PostgreSQL lacks: roles, schemas, auth, storage, realtime. */
export function applyBootstrap(cluster: Cluster): void {
  for (const file of readdirSync(bootstrapDir)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    runSqlFile(cluster.adminUrl, join(bootstrapDir, file));
  }
}
