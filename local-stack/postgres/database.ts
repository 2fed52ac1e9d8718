// The stack's PostgreSQL on 127.0.0.1:54322 with its data in .local-stack/db. The first start
// creates the cluster, applies the Supabase platform bootstrap and pushes the project's
// migrations and seed with the real Supabase CLI; later starts keep the data and only push
// migrations that are new since (and refuse to start on one that changed after it was applied).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { bootstrapDir, describeCluster, initCluster, runSqlFile, startCluster, stopCluster } from './cluster.ts';
import { API_URL, SECRET_KEY } from '../shared/keys.ts';
import { DB_PORT, dbDataDir, logDir, repoRoot, stackDir, supabaseDir } from '../shared/paths.ts';

export const cluster = describeCluster(dbDataDir, DB_PORT);
const appliedBootstrapFile = join(stackDir, 'bootstrap-applied.json');
const appliedMigrationsFile = join(stackDir, 'migrations-applied.json');
const migrationsDir = join(supabaseDir, 'migrations');

function bootstrapFiles(): string[] {
  return readdirSync(bootstrapDir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
}

const fileHash = (file: string, dir = bootstrapDir): string =>
  createHash('sha256')
    .update(readFileSync(join(dir, file)))
    .digest('hex');

/**
 * Platform SQL files not applied to this cluster yet (all of them on a fresh cluster). Each applied
 * file is recorded with its hash: one changed since (or a record from before hashes were kept)
 * means the platform changed under the data, which no file can replay, so the start is refused.
 */
function applyPendingBootstrap(): void {
  const recorded: unknown = existsSync(appliedBootstrapFile) ? JSON.parse(readFileSync(appliedBootstrapFile, 'utf8')) : {};
  const changed = Array.isArray(recorded)
    ? ['(a record without hashes)']
    : Object.entries(recorded as Record<string, string>)
        .filter(([file, hash]) => !existsSync(join(bootstrapDir, file)) || fileHash(file) !== hash)
        .map(([file]) => file);
  if (changed.length > 0) {
    throw new Error(
      `local stack: the platform bootstrap changed since .local-stack/db was made (${changed.join(', ')}): ` +
        'run `npm run stack:reset` (it recreates the database from the migrations and seed)',
    );
  }
  const applied = recorded as Record<string, string>;
  for (const file of bootstrapFiles().filter((name) => !(name in applied))) {
    runSqlFile(cluster.adminUrl, join(bootstrapDir, file));
    applied[file] = fileHash(file);
    writeFileSync(appliedBootstrapFile, JSON.stringify(applied, null, 2));
  }
}

const migrationFiles = (): string[] => (existsSync(migrationsDir) ? readdirSync(migrationsDir).filter((name) => /^\d+_.*\.sql$/.test(name)) : []);

/**
 * A migration this database has applied whose file changed since (a baseline regenerated while
 * no project had applied it, docs/database.md "Generated files"): the CLI pushes a version once,
 * so the stack would serve the old schema without a word. The start is refused instead.
 */
function refuseChangedMigrations(): void {
  if (!existsSync(appliedMigrationsFile)) return;
  const recorded = JSON.parse(readFileSync(appliedMigrationsFile, 'utf8')) as Record<string, string>;
  const changed = Object.entries(recorded)
    .filter(([file, hash]) => existsSync(join(migrationsDir, file)) && fileHash(file, migrationsDir) !== hash)
    .map(([file]) => file);
  if (changed.length > 0) {
    throw new Error(
      `local stack: ${changed.join(', ')} changed since .local-stack/db applied it: run \`npm run stack:reset\` ` +
        'to rebuild the local database from the current migrations and seed (its data is lost)',
    );
  }
}

/** Records the migrations this database has now applied, with their hashes. */
function recordAppliedMigrations(): void {
  const recorded = existsSync(appliedMigrationsFile) ? (JSON.parse(readFileSync(appliedMigrationsFile, 'utf8')) as Record<string, string>) : {};
  for (const file of migrationFiles()) recorded[file] ??= fileHash(file, migrationsDir);
  writeFileSync(appliedMigrationsFile, JSON.stringify(recorded, null, 2));
}

async function pendingMigrations(): Promise<string[]> {
  const local = migrationFiles();
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    const exists = await client.query(`select to_regclass('supabase_migrations.schema_migrations') is not null as ok`);
    if (!exists.rows[0]?.ok) return local;
    const { rows } = await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
    const done = new Set(rows.map((row) => row.version));
    const localVersions = new Set(local.map((name) => name.split('_')[0]!));
    const unknown = rows
      .map((row) => row.version)
      .filter((version) => !localVersions.has(version))
      .sort();
    if (unknown.length > 0) {
      // Data made from a migration history this checkout no longer has (the migrations were
      // squashed into a baseline, docs/database.md): pushing on top would fail obscurely.
      throw new Error(
        `.local-stack/db was built from ${unknown.length} migration(s) this checkout does not have ` +
          `(${unknown[0]}${unknown.length > 1 ? ` … ${unknown.at(-1)}` : ''}): run \`npm run stack:reset\` ` +
          'to rebuild the local database from the current migrations and seed (its data is lost)',
      );
    }
    return local.filter((name) => !done.has(name.split('_')[0]!));
  } finally {
    await client.end();
  }
}

/** The CLI push runs asynchronously so the daemon still answers signals meanwhile. */
async function dbPush(includeSeed: boolean): Promise<void> {
  const args = ['supabase', 'db', 'push', '--include-all', `--remote=${cluster.url}`, '--yes'];
  if (includeSeed) args.push('--include-seed');
  const child = spawn('npx', args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  writeFileSync(join(logDir, 'db-push.log'), output, { flag: 'a' });
  if (code !== 0) {
    const reason = output
      .trim()
      .split('\n')
      .filter((line) => line && !line.startsWith('npm warn'))
      .slice(-3)
      .join(' | ');
    throw new Error(`supabase db push failed: ${reason}`);
  }
}

async function reloadPostgrestSchema(): Promise<void> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  await client.query(`notify pgrst, 'reload schema'`);
  await client.end();
}

/**
 * The two Vault secrets the purge job reads (supabase/migrations/20261127200100_insert_reference_data.sql),
 * stored as an operator stores them on a project (docs/deploy.md), unless they already are: the
 * stack's URL, as the pg_net worker reaches it, and its sb_secret_ key.
 */
async function storeJobSecrets(): Promise<void> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    for (const [name, value] of [
      ['project_url', API_URL],
      ['service_role_key', SECRET_KEY],
    ]) {
      await client.query(`select vault.create_secret($1, $2) where not exists (select 1 from vault.secrets where name = $2)`, [value, name]);
    }
  } finally {
    await client.end();
  }
}

export function isInitialized(): boolean {
  return existsSync(join(dbDataDir, 'PG_VERSION'));
}

/** Starts PostgreSQL; creates, bootstraps, migrates and seeds it on the first start. */
export async function startDatabase(): Promise<void> {
  const fresh = !isInitialized();
  if (fresh) initCluster(dbDataDir, DB_PORT);
  startCluster(cluster, join(logDir, 'postgres.log'));
  applyPendingBootstrap();
  refuseChangedMigrations();
  const pending = await pendingMigrations();
  const seedPending = fresh && existsSync(join(supabaseDir, 'seed.sql'));
  if (pending.length > 0 || seedPending) await dbPush(seedPending);
  recordAppliedMigrations();
  await storeJobSecrets();
  await reloadPostgrestSchema();
}

export function stopDatabase(): void {
  stopCluster(cluster);
}
