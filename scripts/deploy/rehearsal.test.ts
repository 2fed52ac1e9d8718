// The deploy's database steps, rehearsed for real before they ever run on a project: a fresh
// PostgreSQL with the local stack's platform bootstrap (local-stack/postgres/bootstrap: the
// database a hosted project starts with, as far as the stack mirrors it), then the very
// functions `npm run deploy` runs (database.ts) with the pinned CLI as `postgres`: the Vault
// secrets, `supabase db push` (the CLI's own runner: one transaction per file, the history in
// supabase_migrations.schema_migrations, no seed), and the check after the push. Then what the
// rollback section of docs/deploy.md promises: a re-deploy changes nothing, and a failing
// migration leaves nothing of itself.
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyBootstrap, type Cluster, freePort, initCluster, startCluster, stopCluster } from '../../local-stack/postgres/cluster.ts';
import { SECRET_KEY } from '../../local-stack/keys.ts';
import { supabaseCli } from './cli.ts';
import { checkDatabase, pushArgs, pushMigrations, storeVaultSecrets } from './database.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const migrationsDir = join(root, 'supabase', 'migrations');
const migrations = readdirSync(migrationsDir)
  .filter((name) => /^\d+_.*\.sql$/.test(name))
  .sort();
const workDir = mkdtempSync(join(tmpdir(), 'chismes-rehearsal-'));
const cli = supabaseCli({ root, quiet: true });
const projectUrl = 'https://chismesproductionref.supabase.co';
let cluster: Cluster;

async function query<Row extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    return (await client.query<Row>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  cluster = initCluster(join(workDir, 'data'), await freePort());
  startCluster(cluster, join(workDir, 'postgres.log'));
  applyBootstrap(cluster);
});

afterAll(() => {
  try {
    if (cluster) stopCluster(cluster);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
});

describe('the database steps of a deploy, on a fresh database', () => {
  it('step 2: the two Vault secrets are stored (Vault exists on every hosted project)', async () => {
    await storeVaultSecrets(cli, cluster.url, { project_url: projectUrl, service_role_key: SECRET_KEY });
    const rows = await query<{ name: string; decrypted_secret: string }>(
      `select name, decrypted_secret from vault.decrypted_secrets where name in ('project_url', 'service_role_key') order by name`,
    );
    expect(rows).toEqual([
      { name: 'project_url', decrypted_secret: projectUrl },
      { name: 'service_role_key', decrypted_secret: SECRET_KEY },
    ]);
  });

  it('step 3: supabase db push applies every migration as postgres, records each, and seeds nothing', async () => {
    expect((await query<{ rolsuper: boolean }>('select rolsuper from pg_roles where rolname = current_user'))[0]!.rolsuper).toBe(false);
    const output = await pushMigrations(cli, cluster.url, { yes: true });
    for (const file of migrations) expect(output).toContain(`Applying migration ${file}`);
    const history = await query<{ version: string; name: string; statements: number }>(
      'select version, name, cardinality(statements) as statements from supabase_migrations.schema_migrations order by version',
    );
    expect(history.map((row) => `${row.version}_${row.name}.sql`)).toEqual(migrations);
    for (const row of history) expect(row.statements).toBeGreaterThan(0);
    // The seed (demo accounts, demo chismes) is for local development only.
    expect(await query('select 1 from auth.users')).toEqual([]);
    expect(await query('select 1 from public.chismes')).toEqual([]);
  });

  it('step 8: the check finds every cron job the migrations schedule and both Vault secrets', async () => {
    expect(await checkDatabase(cli, cluster.url, migrationsDir)).toEqual({ problems: [], warnings: [] });
  });

  it('the casual mode blocks offensive words on a project: the list is reference data, pushed without the seed', async () => {
    const [list] = await query<{ words: number; matched: number }>(
      'select count(*)::int as words, (select cardinality(words) from private.offensive_word_matcher)::int as matched from public.offensive_words',
    );
    expect(list!.words).toBeGreaterThanOrEqual(40);
    expect(list!.matched).toBe(list!.words);
    const [found] = await query<{ words: string[] }>("select public.find_offensive_words('Eres un IDIOTA, pendejo') as words");
    expect(found!.words).toEqual(['idiota', 'pendejo']);
  });
});

describe('what a second deploy and a failed one leave (docs/deploy.md "Rollback")', () => {
  it('a re-deploy pushes nothing and updates the Vault secrets in place', async () => {
    expect(await pushMigrations(cli, cluster.url, { yes: true })).toMatch(/database is up to date/i);
    await storeVaultSecrets(cli, cluster.url, { project_url: projectUrl, service_role_key: 'sb_secret_rotated' });
    const rows = await query<{ name: string; decrypted_secret: string }>(
      `select name, decrypted_secret from vault.decrypted_secrets where name in ('project_url', 'service_role_key') order by name`,
    );
    expect(rows.map((row) => row.name)).toEqual(['project_url', 'service_role_key']);
    expect(rows[1]!.decrypted_secret).toBe('sb_secret_rotated');
  });

  it('a migration that fails leaves nothing of itself and stops the push; the next push goes on from there', async () => {
    // The repository as it would be with two new migrations, the first of which fails halfway.
    const repo = mkdtempSync(join(workDir, 'repo-'));
    cpSync(join(root, 'supabase'), join(repo, 'supabase'), { recursive: true, filter: (path) => !/\/(functions|tests|\.temp|\.env[^/]*)$/.test(path) });
    writeFileSync(
      join(repo, 'supabase', 'migrations', '99991231000000_fails_halfway.sql'),
      'create table public.rehearsal_half_done (id int);\nselect 1 / 0;\n',
    );
    writeFileSync(join(repo, 'supabase', 'migrations', '99991231000001_after_the_failure.sql'), 'create table public.rehearsal_after (id int);\n');
    const failed = await cli.run([...pushArgs(cluster.url, true), '--workdir', repo]);
    expect(failed.code).not.toBe(0);
    expect(`${failed.stderr}${failed.stdout}`).toMatch(/division by zero/);
    expect(await query(`select to_regclass('public.rehearsal_half_done') as t union all select to_regclass('public.rehearsal_after')`)).toEqual([
      { t: null },
      { t: null },
    ]);
    const versions = (await query<{ version: string }>('select version from supabase_migrations.schema_migrations order by version')).map((row) => row.version);
    expect(versions).toEqual(migrations.map((name) => name.split('_')[0]));
    // Fixed (here: the failing file removed), the next push applies what is left.
    rmSync(join(repo, 'supabase', 'migrations', '99991231000000_fails_halfway.sql'));
    const fixed = await cli.run([...pushArgs(cluster.url, true), '--workdir', repo]);
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(await query(`select to_regclass('public.rehearsal_after')::text as t`)).toEqual([{ t: 'rehearsal_after' }]);
  });
});
