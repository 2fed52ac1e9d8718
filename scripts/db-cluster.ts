// Throwaway PostgreSQL clusters for the database scripts (test:db, db:types, db:diff,
// mutation:sql): each has its own data folder and free port and the Supabase platform bootstrap
// (local-stack/postgres/bootstrap), and is built either from the migrations (pushed with the
// real Supabase CLI, as a deploy would) or from the schema files (supabase/schemas/, applied
// with psql in config.toml's `schema_paths` order). Stopped and deleted whatever happens.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyBootstrap, freePort, initCluster, runSqlFile, startCluster, stopCluster, type Cluster } from '../local-stack/postgres/cluster.ts';

export type { Cluster };
export const root = fileURLToPath(new URL('..', import.meta.url));
const supabaseDir = join(root, 'supabase');

/** Runs a command from the repository root with inherited output; throws when it fails. */
export function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${label} failed (exit ${result.status ?? result.signal})`);
}

/**
 * The schema files in the order the Supabase CLI applies them: `[db.migrations] schema_paths`
 * of supabase/config.toml (paths relative to supabase/). Every entry must name an existing file.
 */
export function schemaFiles(): string[] {
  const config = readFileSync(join(supabaseDir, 'config.toml'), 'utf8');
  const section = config.split(/^\[db\.migrations\]\s*$/m)[1]?.split(/^\[/m)[0] ?? '';
  const list = /^schema_paths\s*=\s*\[([^\]]*)\]/m.exec(section)?.[1] ?? '';
  const files = [...list.matchAll(/"([^"]+)"/g)].map((match) => resolve(supabaseDir, match[1]!));
  const missing = files.filter((file) => !existsSync(file));
  if (missing.length) throw new Error(`config.toml schema_paths names missing files: ${missing.join(', ')}`);
  return files;
}

export type Build = 'migrations' | 'migrations and seed' | 'schema files';

function build(cluster: Cluster, how: Build): void {
  if (how === 'schema files') {
    console.log(`\n▶ schema files (${schemaFiles().length}, config.toml schema_paths order)`);
    for (const file of schemaFiles()) runSqlFile(cluster.url, file);
    return;
  }
  const seed = how === 'migrations and seed';
  run(`supabase db push (migrations${seed ? ' and seed' : ''})`, 'npx', [
    'supabase',
    'db',
    'push',
    '--include-all',
    ...(seed ? ['--include-seed'] : []),
    `--remote=${cluster.url}`,
    '--yes',
  ]);
}

/** A fresh cluster with the platform bootstrap and `how`, handed to `use`, then removed. */
export async function withCluster<T>(how: Build, use: (cluster: Cluster) => Promise<T> | T): Promise<T> {
  const workDir = mkdtempSync(join(tmpdir(), 'chismes-db-'));
  let cluster: Cluster | undefined;
  const cleanUp = () => {
    try {
      if (cluster) stopCluster(cluster);
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  };
  const onSignal = () => {
    cleanUp();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const port = await freePort();
    cluster = initCluster(join(workDir, 'data'), port);
    startCluster(cluster, join(workDir, 'postgres.log'));
    console.log(`throwaway cluster (${how}) on 127.0.0.1:${port} in ${workDir}`);
    applyBootstrap(cluster);
    build(cluster, how);
    return await use(cluster);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    cleanUp();
  }
}

/** The migrations (and the seed when asked): what test:db, db:types and mutation:sql run on. */
export function withMigratedCluster<T>(options: { seed: boolean }, use: (cluster: Cluster) => Promise<T> | T): Promise<T> {
  return withCluster(options.seed ? 'migrations and seed' : 'migrations', use);
}
