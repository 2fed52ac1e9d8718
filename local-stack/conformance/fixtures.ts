// The data the official suites expect from their own `supabase start --workdir test` project
// (its seed and migrations), applied to the running stack for the run and removed after it,
// so the project's own database is left as it was. Read from the suites' files, not copied.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { DB_PORT } from '../paths.ts';

const dbUrl = `postgresql://postgres:postgres@127.0.0.1:${DB_PORT}/postgres`;

// storage-js: test/supabase/seed.sql (users, buckets bucket2…bucket-move, objects, policies).
// supabase-js: the realtime.messages policies of its migrations (private "…channel…" topics).
const fixtureFiles: Record<string, string[]> = {
  'storage-js': ['test/supabase/seed.sql'],
  'supabase-js': ['supabase/migrations/20250423000000_realtime_rls_setup.sql'],
};

async function cleanup(db: pg.Client, sql: string): Promise<void> {
  for (const match of sql.matchAll(/create policy\s+("[^"]+"|\w+)\s+on\s+("?\w+"?\."?\w+"?)/gi)) {
    await db.query(`drop policy if exists ${match[1]} on ${match[2]}`);
  }
  const buckets = [...sql.matchAll(/\('(bucket[\w-]*)', '\1'/g)].map((match) => match[1]);
  if (buckets.length) {
    await db.query('delete from storage.objects where bucket_id = any($1)', [buckets]);
    await db.query('delete from storage.buckets where id = any($1)', [buckets]);
  }
  const users = [...sql.matchAll(/'([0-9a-f-]{36})',\s*'authenticated'/g)].map((match) => match[1]);
  if (users.length) await db.query('delete from auth.users where id = any($1::uuid[])', [users]);
}

/** Applies the suite's fixtures (after removing leftovers of an interrupted run); returns the undo. */
export async function applyFixtures(packageDir: string, suite: string): Promise<() => Promise<void>> {
  const sql = (fixtureFiles[suite] ?? []).map((file) => readFileSync(join(packageDir, file), 'utf8')).join('\n');
  if (!sql) return async () => undefined;
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await cleanup(db, sql);
    await db.query(sql);
  } finally {
    await db.end();
  }
  return async () => {
    const undo = new pg.Client({ connectionString: dbUrl });
    await undo.connect();
    try {
      await cleanup(undo, sql);
    } finally {
      await undo.end();
    }
  };
}
