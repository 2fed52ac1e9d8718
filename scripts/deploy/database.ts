// The database part of a deploy, run against the project (`--remote=<ref>`, through the
// Management API) or a database URL (`--remote=<url>`: `--db-url`, and the rehearsal in
// scripts/deploy/rehearsal.test.ts): the scheduled jobs' two Vault secrets, the push of the
// migrations, and the check that the push left what production needs.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Cli, requireSuccess } from './cli.ts';
import { withPrivateFile } from './private-file.ts';

/** The Vault secrets the scheduled jobs read (the reference-data migration: `purge-chisme-images`, `send-push`). */
export interface VaultSecrets {
  project_url: string;
  service_role_key: string;
}

export const vaultSecretNames = ['project_url', 'service_role_key'] as const;

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * One statement (`supabase db query` runs a single prepared statement) that creates each secret
 * or updates it in place: a re-deploy after a key rotation replaces the old key, never adds a
 * second secret of the same name.
 */
export function vaultSecretsSql(secrets: VaultSecrets): string {
  const rows = vaultSecretNames.map((name) => `(${literal(name)}, ${literal(secrets[name])})`).join(', ');
  return `with wanted (name, value) as (values ${rows}),
updated as (
  select vault.update_secret(s.id, w.value) from wanted w join vault.secrets s on s.name = w.name
),
created as (
  select vault.create_secret(w.value, w.name) from wanted w where not exists (select from vault.secrets s where s.name = w.name)
)
select (select count(*) from updated) as updated, (select count(*) from created) as created`;
}

/** Every pg_cron job the migrations schedule (`cron.schedule('name', 'schedule', …)`), by name. */
export function expectedCronJobs(migrationsDir: string): Map<string, string> {
  const jobs = new Map<string, string>();
  for (const file of readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    const sql = readFileSync(join(migrationsDir, file), 'utf8');
    for (const match of sql.matchAll(/cron\.schedule\(\s*'([^']+)'\s*,\s*'([^']+)'/g)) jobs.set(match[1]!, match[2]!);
  }
  return jobs;
}

/** What the check reads: every cron job, which Vault secrets exist (names only), how many offensive words. */
export const checkSql = [
  "select 'cron job' as kind, jobname as name, schedule as detail, active from cron.job",
  `union all select 'vault secret', name, null, true from vault.secrets where name in (${vaultSecretNames.map(literal).join(', ')})`,
  "union all select 'offensive words', 'public.offensive_words', count(*)::text, true from public.offensive_words",
  'order by 1, 2',
].join(' ');

export interface CheckRow {
  kind: 'cron job' | 'vault secret' | 'offensive words';
  name: string;
  detail: string | null;
  active: boolean;
}

/**
 * What works but not as the product means it, one line each: an empty offensive-word list (the
 * reference-data migration inserts it, and moderators may edit it, so it is not an error).
 */
export function checkWarnings(rows: CheckRow[]): string[] {
  const words = rows.find((row) => row.kind === 'offensive words');
  if (!words || Number(words.detail) > 0) return [];
  return [
    "public.offensive_words is empty: the casual mode's offensive-word filter blocks nothing (the reference-data migration inserts the list; someone removed it: add the words back with public.add_offensive_word)",
  ];
}

/** What is missing or wrong after a push, one line each; empty when all is there. */
export function checkProblems(rows: CheckRow[], expectedJobs: Map<string, string>): string[] {
  const jobs = new Map(rows.filter((row) => row.kind === 'cron job').map((row) => [row.name, row]));
  const problems: string[] = [];
  for (const [name, schedule] of expectedJobs) {
    const job = jobs.get(name);
    if (!job) problems.push(`cron job ${name} (${schedule}) is missing: the migrations schedule it`);
    else if (job.detail !== schedule) problems.push(`cron job ${name} runs on '${job.detail}', the migrations say '${schedule}'`);
    else if (!job.active) problems.push(`cron job ${name} is inactive`);
  }
  const secrets = new Set(rows.filter((row) => row.kind === 'vault secret').map((row) => row.name));
  for (const name of vaultSecretNames)
    if (!secrets.has(name)) problems.push(`Vault secret ${name} is missing: the scheduled jobs cannot call chisme-image-purge and push-send`);
  return problems;
}

/** `--remote=<ref>` or `--remote=<database url>`. */
export const remoteFlag = (target: string) => `--remote=${target}`;

export const pushArgs = (target: string, yes: boolean) => ['db', 'push', remoteFlag(target), ...(yes ? ['--yes'] : [])];
export const vaultArgs = (target: string, sqlFile: string) => ['db', 'query', remoteFlag(target), '--yes', '-f', sqlFile];
export const checkArgs = (target: string) => ['db', 'query', remoteFlag(target), '--read-only', '-o', 'json', checkSql];

export async function storeVaultSecrets(cli: Cli, target: string, secrets: VaultSecrets): Promise<void> {
  await withPrivateFile('vault-secrets.sql', vaultSecretsSql(secrets), async (file) =>
    requireSuccess('storing the Vault secrets', await cli.run(vaultArgs(target, file), { capture: true })),
  );
}

export async function pushMigrations(cli: Cli, target: string, options: { yes: boolean; capture?: boolean }): Promise<string> {
  const result = requireSuccess('supabase db push', await cli.run(pushArgs(target, options.yes), { capture: options.capture }));
  return `${result.stderr}${result.stdout}`;
}

/** The check's problems (empty: everything is there) and warnings. */
export async function checkDatabase(cli: Cli, target: string, migrationsDir: string): Promise<{ problems: string[]; warnings: string[] }> {
  const result = requireSuccess('checking the database', await cli.run(checkArgs(target), { capture: true }));
  const rows = JSON.parse(result.stdout) as CheckRow[];
  return { problems: checkProblems(rows, expectedCronJobs(migrationsDir)), warnings: checkWarnings(rows) };
}
