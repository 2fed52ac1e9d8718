// The supautils stand-in (postgres/bootstrap/13-supautils-stand-in.sql, 14-supautils-extensions.sql):
// `postgres` may do what supautils lets it do on Supabase with the image's settings, and nothing
// more. Each statement runs in a transaction that is rolled back.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import pg from 'pg';
import { DB_URL } from '../keys.ts';

interface Outcome {
  code?: string;
  message?: string;
  rows: Record<string, unknown>[];
}

/** Runs statements as `postgres` in a rolled-back transaction: the last one's rows, or the error. */
async function asPostgres(...statements: string[]): Promise<Outcome> {
  const db = new pg.Client({ connectionString: DB_URL });
  await db.connect();
  try {
    await db.query('begin');
    let rows: Record<string, unknown>[] = [];
    for (const statement of statements) rows = (await db.query(statement)).rows;
    return { rows };
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message, rows: [] };
  } finally {
    await db.query('rollback').catch(() => undefined);
    await db.end();
  }
}

const stillNoMember = `select pg_has_role('postgres', 'supabase_realtime_admin', 'member') or pg_has_role('postgres', 'supabase_auth_admin', 'member')
  or pg_has_role('postgres', 'supabase_storage_admin', 'member') or (select rolsuper from pg_roles where rolname = 'postgres') as elevated`;

describe('supautils.policy_grants and drop_trigger_grants', () => {
  test('postgres creates, alters and drops policies on realtime.messages and storage.objects, and drops triggers on auth.users', async () => {
    const outcome = await asPostgres(
      `create policy probe on realtime.messages for select to authenticated using (true)`,
      `alter policy probe on realtime.messages using (false)`,
      `drop policy probe on realtime.messages`,
      `create policy probe on storage.objects for select to authenticated using (bucket_id = 'x')`,
      `create function public.local_stack_probe() returns trigger language plpgsql as 'begin return new; end'`,
      `create trigger local_stack_probe after insert on auth.users for each row execute function public.local_stack_probe()`,
      `drop trigger local_stack_probe on auth.users`,
      stillNoMember,
    );
    assert.deepEqual(outcome, { rows: [{ elevated: false }] }, 'allowed, and no membership or superuser left after the statements');
  });

  test('nothing more: the tables themselves, COMMENT ON POLICY, and tables outside the list stay the owner’s', async () => {
    assert.equal((await asPostgres(`alter table realtime.messages add column probe int`)).code, '42501');
    assert.equal((await asPostgres(`alter table storage.objects disable row level security`)).code, '42501');
    assert.equal((await asPostgres(`comment on table auth.users is 'probe'`)).code, '42501');
    // supautils lets postgres comment on such a policy only from 3.3.0 (2026-07-23)
    const comment = await asPostgres(
      `create policy probe on realtime.messages for select to authenticated using (true)`,
      `comment on policy probe on realtime.messages is 'x'`,
    );
    assert.equal(comment.code, '42501', comment.message);
    // vault.secrets and cron.job are supabase_admin's and in neither list
    const outside = await asPostgres(`create policy probe on vault.secrets for select to postgres using (true)`);
    assert.deepEqual([outside.code, outside.message], ['42501', 'must be owner of table secrets']);
    assert.equal((await asPostgres(`drop policy cron_job_policy on cron.job`)).code, '42501');
  });

  test("the lists are the configuration file's: a session's own SET of them changes nothing", async () => {
    const shown = await asPostgres(`show supautils.policy_grants`);
    assert.match(String(shown.rows[0]?.['supautils.policy_grants']), /"realtime\.messages".*"storage\.objects"/);
    const outcome = await asPostgres(
      `set local supautils.policy_grants = '{"postgres": ["vault.secrets"]}'`,
      `create policy probe on vault.secrets for select to postgres using (true)`,
    );
    assert.equal(outcome.code, '42501');
  });
});

describe('supautils.privileged_extensions', () => {
  test("postgres creates a listed extension that needs a superuser; it is supabase_admin's, with its objects, as there", async () => {
    const outcome = await asPostgres(
      `create extension postgres_fdw with schema extensions`,
      `select e.extowner::regrole::text as extension_owner,
         (select count(*)::int from pg_depend d join pg_proc p on p.oid = d.objid
          where d.refobjid = e.oid and d.deptype = 'e' and p.proowner <> 'supabase_admin'::regrole) as functions_not_the_superusers,
         (select fdwowner::regrole::text from pg_foreign_data_wrapper where fdwname = 'postgres_fdw') as wrapper_owner
       from pg_extension e where e.extname = 'postgres_fdw'`,
    );
    // the image's after-create script gives postgres the foreign-data wrapper
    assert.deepEqual(outcome, { rows: [{ extension_owner: 'supabase_admin', functions_not_the_superusers: 0, wrapper_owner: 'postgres' }] });
    const after = await asPostgres(`create extension pg_stat_statements with schema extensions`, `drop extension pg_stat_statements`, stillNoMember);
    assert.deepEqual(after, { rows: [{ elevated: false }] }, 'created and dropped; postgres is no superuser afterwards');
  });

  test('an extension that is not listed needs a superuser, as without supautils', async () => {
    for (const name of ['file_fdw', 'pageinspect', 'adminpack']) {
      const outcome = await asPostgres(`create extension ${name}`);
      assert.deepEqual([outcome.code, outcome.message], ['42501', `permission denied to create extension "${name}"`], name);
    }
  });
});

describe('supautils.privileged_role_allowed_configs', () => {
  test('postgres sets the listed superuser-only settings, also on the reserved roles that allow it', async () => {
    const outcome = await asPostgres(
      `set local session_replication_role = replica`,
      `set local log_statement = 'all'`,
      `set local pg_stat_statements.track = 'all'`,
      `alter role authenticator set pgrst.db_max_rows = '1000'`,
      `select current_setting('log_statement') as log_statement`,
    );
    assert.deepEqual(outcome, { rows: [{ log_statement: 'all' }] });
    assert.equal((await asPostgres(`set local log_error_verbosity = 'verbose'`)).code, '42501', 'not listed');
  });
});

test('what the stand-in does not do (local-stack/README.md "What still differs"): event triggers need a superuser here', async () => {
  const outcome = await asPostgres(`create event trigger probe on ddl_command_end execute function extensions.pgrst_ddl_watch()`);
  assert.equal(outcome.code, '42501');
});
