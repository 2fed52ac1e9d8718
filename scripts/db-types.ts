// `npm run db:types`: regenerates web/src/lib/database.ts from the migrations. A throwaway
// PostgreSQL cluster gets the Supabase platform bootstrap and the migrations (pushed with the
// real Supabase CLI), then `supabase gen types typescript` reads it; the cluster is removed
// afterwards. test-db.ts reuses these helpers to fail when the committed file is stale.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  applyBootstrap,
  freePort,
  initCluster,
  startCluster,
  stopCluster,
  type Cluster,
} from '../local-stack/postgres/cluster.ts';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const typesFile = join(root, 'web', 'src', 'lib', 'database.ts');

/** Runs a command from the repository root with inherited output; throws when it fails. */
export function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${label} failed (exit ${result.status ?? result.signal})`);
}

/**
 * A fresh cluster with the platform bootstrap and the migrations (and the seed when asked),
 * handed to `use`, then stopped and deleted whatever happens.
 */
export async function withMigratedCluster<T>(
  options: { seed: boolean },
  use: (cluster: Cluster) => Promise<T> | T,
): Promise<T> {
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
    console.log(`throwaway cluster on 127.0.0.1:${port} in ${workDir}`);
    applyBootstrap(cluster);
    run(`supabase db push (migrations${options.seed ? ' and seed' : ''})`, 'npx', [
      'supabase', 'db', 'push', '--include-all', ...(options.seed ? ['--include-seed'] : []),
      `--remote=${cluster.url}`, '--yes',
    ]);
    return await use(cluster);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    cleanUp();
  }
}

/** The TypeScript types of the database at `url`, exactly as the Supabase CLI prints them. */
export function generateTypes(url: string): string {
  const result = spawnSync('npx', ['supabase', 'gen', 'types', 'typescript', `--remote=${url}`], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0 || !result.stdout.includes('export type Database')) {
    throw new Error(`supabase gen types failed: ${result.stderr.trim().split('\n').slice(-3).join(' ')}`);
  }
  return result.stdout;
}

async function main(): Promise<void> {
  const types = await withMigratedCluster({ seed: false }, (cluster) => generateTypes(cluster.url));
  mkdirSync(dirname(typesFile), { recursive: true });
  writeFileSync(typesFile, types);
  console.log(`\nwrote ${typesFile}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(`db:types: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
