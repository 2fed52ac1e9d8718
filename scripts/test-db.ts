// `npm run test:db`: a throwaway PostgreSQL cluster (own data folder, own free port),
// the Supabase platform bootstrap, the project's migrations and seed pushed with the real
// Supabase CLI, then every pgTAP file with pg_prove. The cluster is removed afterwards,
// whether the tests pass or fail.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  applyBootstrap,
  freePort,
  initCluster,
  startCluster,
  stopCluster,
  type Cluster,
} from '../local-stack/postgres/cluster.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const testsDir = join(root, 'supabase', 'tests', 'database');

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${label} failed (exit ${result.status ?? result.signal})`);
}

async function main(): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), 'chismes-test-db-'));
  let cluster: Cluster | undefined;
  const cleanUp = () => {
    try {
      if (cluster) stopCluster(cluster);
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      cleanUp();
      process.exit(130);
    });
  }
  try {
    const port = await freePort();
    cluster = initCluster(join(workDir, 'data'), port);
    startCluster(cluster, join(workDir, 'postgres.log'));
    console.log(`throwaway cluster on 127.0.0.1:${port} in ${workDir}`);
    applyBootstrap(cluster);
    run('supabase db push (migrations and seed)', 'npx', [
      'supabase', 'db', 'push', '--include-all', '--include-seed', `--remote=${cluster.url}`, '--yes',
    ]);
    const testFiles = readdirSync(testsDir).filter((name) => name.endsWith('.sql')).sort();
    run('pgTAP (pg_prove)', 'pg_prove', [
      '-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '--failures',
      ...testFiles.map((name) => join(testsDir, name)),
    ], { PGPASSWORD: 'postgres' });
  } finally {
    cleanUp();
  }
}

main().catch((error: unknown) => {
  console.error(`test:db: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
