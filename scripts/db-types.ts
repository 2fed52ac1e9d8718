// `npm run db:types`: regenerates web/src/lib/database.ts from the migrations. A throwaway
// PostgreSQL cluster gets the Supabase platform bootstrap and the migrations (pushed with the
// real Supabase CLI, scripts/db-cluster.ts), then `supabase gen types typescript` reads it; the
// cluster is removed afterwards. test-db.ts reuses generateTypes to fail when the committed
// file is stale.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { root, withMigratedCluster } from './db-cluster.ts';

export const typesFile = join(root, 'web', 'src', 'lib', 'database.ts');

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
