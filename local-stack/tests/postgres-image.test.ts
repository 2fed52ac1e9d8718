// PostgreSQL as Supabase's image ships it (local-stack/README.md "What still differs" lists the
// rest): `postgres` — what migrations, seed and clients use — is not a superuser, supabase_admin
// is; what supautils lets postgres do on Supabase is stood in for (postgres/bootstrap/13-*.sql,
// tests/supautils-stand-in.test.ts), and what needs a superuser there fails here too. The preloaded
// libraries give `explain (verbose)` — postgrest-js's explain() — a Query Identifier.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import pg from 'pg';
import { DB_URL } from '../keys.ts';
import { sql } from './helpers.ts';

/** Runs statements as `postgres` in a transaction that is always rolled back; the error code, if any. */
async function attempt(...statements: string[]): Promise<string | undefined> {
  const db = new pg.Client({ connectionString: DB_URL });
  await db.connect();
  try {
    await db.query('begin');
    for (const statement of statements) await db.query(statement);
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  } finally {
    await db.query('rollback').catch(() => undefined);
    await db.end();
  }
}

describe('postgres as the image ships it', () => {
  test('postgres is NOSUPERUSER CREATEDB CREATEROLE REPLICATION BYPASSRLS; supabase_admin is the superuser', async () => {
    const roles = await sql<Record<string, unknown>>(
      `select rolname, rolsuper, rolcreatedb, rolcreaterole, rolreplication, rolbypassrls, rolcanlogin
       from pg_roles where rolname in ('postgres', 'supabase_admin') order by rolname`,
    );
    assert.deepEqual(roles, [
      { rolname: 'postgres', rolsuper: false, rolcreatedb: true, rolcreaterole: true, rolreplication: true, rolbypassrls: true, rolcanlogin: true },
      { rolname: 'supabase_admin', rolsuper: true, rolcreatedb: true, rolcreaterole: true, rolreplication: true, rolbypassrls: true, rolcanlogin: true },
    ]);
  });

  test('what supautils and the image allow postgres works: policies, triggers, pgrst settings, replica mode, cron', async () => {
    assert.equal(await attempt(`create policy local_stack_probe on realtime.messages for select to authenticated using (true)`), undefined);
    assert.equal(await attempt(`create policy local_stack_probe on storage.objects for select to authenticated using (true)`), undefined);
    assert.equal(
      await attempt(
        `create function public.local_stack_probe() returns trigger language plpgsql as 'begin return new; end'`,
        `create trigger local_stack_probe after insert on auth.users for each row execute function public.local_stack_probe()`,
      ),
      undefined,
    );
    assert.equal(await attempt(`alter role authenticator set pgrst.db_max_rows = '1000'`), undefined);
    assert.equal(await attempt(`set local session_replication_role = replica`), undefined);
    assert.equal(
      await attempt(`create extension if not exists pg_cron with schema pg_catalog`, `select cron.schedule('local-stack-probe', '1 1 1 1 *', 'select 1')`),
      undefined,
    );
  });

  test('what needs a superuser on Supabase fails here too', async () => {
    assert.equal(await attempt(`select pg_read_file('/etc/hostname')`), '42501');
    assert.equal(await attempt(`alter role postgres superuser`), '42501');
    assert.equal(await attempt(`create extension file_fdw`), '42501');
    // superuser-only and not in supautils.privileged_role_allowed_configs
    assert.equal(await attempt(`set local log_error_verbosity = 'verbose'`), '42501');
  });

  test('pg_stat_statements, plpgsql_check and pg_cron are preloaded; plans carry a Query Identifier', async () => {
    const [{ shared_preload_libraries: libraries }] = (await sql<{ shared_preload_libraries: string }>('show shared_preload_libraries')) as [
      { shared_preload_libraries: string },
    ];
    assert.deepEqual(libraries.split(', '), ['pg_stat_statements', 'plpgsql', 'plpgsql_check', 'pg_cron']);
    const plan = await sql<{ 'QUERY PLAN': string }>('explain (verbose) select 1');
    assert.ok(
      plan.some((row) => /^Query Identifier: -?\d+$/.test(row['QUERY PLAN'])),
      JSON.stringify(plan),
    );
  });

  test("effective_cache_size is the image's 128MB, so EXPLAIN's SETTINGS option reports it as on Supabase", async () => {
    const plan = await sql<{ 'QUERY PLAN': { Settings?: Record<string, string> }[] }>('explain (settings, format json) select 1');
    assert.equal(plan[0]?.['QUERY PLAN'][0]?.Settings?.effective_cache_size, '128MB', JSON.stringify(plan));
  });
});
