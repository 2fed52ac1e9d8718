// The stack's PostgreSQL is a project created today: every owner, membership and privilege of
// the platform's roles and schemas (postgres/catalogue.ts) is what the services' own scripts leave
// on Supabase, as postgres/reference/catalogue.txt lists it with the file each fact comes from.
// Run against the running stack, after the project's migrations and seed: a migration that changed
// the platform (a grant on auth.users, a membership) shows here too.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import pg from 'pg';
import { differencesFromReference, platformCatalogue, referenceCatalogue } from '../postgres/catalogue.ts';
import { clusterUrl } from '../postgres/cluster.ts';
import { DB_URL } from '../keys.ts';
import { DB_PORT } from '../shared/paths.ts';

test("the platform's owners, memberships and privileges are a project's created today, fact by fact", async () => {
  const reference = referenceCatalogue();
  assert.ok(reference.length > 250, `the reference lists ${reference.length} facts`);
  assert.deepEqual(
    reference.filter((line) => !line.source).map((line) => line.fact),
    [],
    'every fact of the reference names its source',
  );
  const differences = differencesFromReference(await platformCatalogue(DB_URL), reference);
  assert.deepEqual(differences, [], `the stack's platform differs from postgres/reference/catalogue.txt:\n${differences.join('\n')}`);
});

test("each difference is named: the stack as it was, postgres a member of Realtime's role", async () => {
  const admin = new pg.Client({ connectionString: clusterUrl(DB_PORT, 'supabase_admin') });
  await admin.connect();
  try {
    await admin.query('begin');
    await admin.query('grant supabase_realtime_admin to postgres');
    await admin.query('revoke select on auth.users from postgres');
    const differences = differencesFromReference(await platformCatalogue(admin));
    assert.deepEqual(differences, [
      'missing on the stack: table auth.users grant postgres ar*wdDxt   (supabase/postgres migrations/db/migrations/20211115181400_update-auth-permissions.sql (default privileges); supabase/auth migrations/20240612123726_enable_rls_update_grants.up.sql)',
      'not on a project: member postgres of supabase_realtime_admin',
      'not on a project: table auth.users grant postgres awdDxt',
    ]);
  } finally {
    await admin.query('rollback');
    await admin.end();
  }
});
