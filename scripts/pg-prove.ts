// How the pgTAP files run: pg_prove on a throwaway cluster (scripts/db-cluster.ts) as `postgres`,
// given the psql variables the text-rule files read. `test:db` runs every file, `mutation:sql`
// the ones a mutation names.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './db-cluster.ts';

export const testsDir = join(root, 'supabase', 'tests', 'database');
// Read by pgTAP 007-text-rules-corpus and 007-text-rules-spanish-words through psql (a
// client-side `cat`): `postgres` may not read server files.
const corpusFile = join(root, 'supabase', 'tests', 'corpus', 'text-rules.json');
// Debian's `wspanish` (scripts/setup.mjs installs it); pgTAP 007-text-rules-spanish-words skips when it is absent.
const dictionaryFile = '/usr/share/dict/spanish';

/** Every pgTAP file, in the order they run (000-setup first). */
export function pgTapFiles(): string[] {
  return readdirSync(testsDir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
}

/** pg_prove's arguments for these files (names in supabase/tests/database) on the cluster's port; `options` go before the files. */
export function pgProveArgs(port: number, files: string[], options: string[] = []): string[] {
  return [
    ...['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres'],
    ...options,
    ...['--set', `corpus=${corpusFile}`, '--set', `dictionary=${existsSync(dictionaryFile) ? dictionaryFile : ''}`],
    ...files.map((name) => join(testsDir, name)),
  ];
}

/** pg_prove's environment: the clusters' `postgres` password. */
export const pgProveEnv = { PGPASSWORD: 'postgres' };
