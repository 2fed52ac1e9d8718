// PostgreSQL as Supabase's image ships it (local-stack/README.md "What still differs" lists the
// rest): the preloaded libraries, so `explain (verbose)` — postgrest-js's explain() — carries a
// Query Identifier as on `supabase start` and a hosted project.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sql } from './helpers.ts';

describe('postgres as the image ships it', () => {
  test('pg_stat_statements, plpgsql_check and pg_cron are preloaded; plans carry a Query Identifier', async () => {
    const [{ shared_preload_libraries: libraries }] = await sql<{ shared_preload_libraries: string }>('show shared_preload_libraries') as [{ shared_preload_libraries: string }];
    assert.deepEqual(libraries.split(', '), ['pg_stat_statements', 'plpgsql', 'plpgsql_check', 'pg_cron']);
    const plan = await sql<{ 'QUERY PLAN': string }>('explain (verbose) select 1');
    assert.ok(plan.some((row) => /^Query Identifier: -?\d+$/.test(row['QUERY PLAN'])), JSON.stringify(plan));
  });
});
