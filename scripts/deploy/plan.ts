// The steps of a deploy, in order: what each runs, what it sends, and how it runs. The dry run
// prints them; a deploy runs them and stops at the first that fails (docs/deploy.md "Rollback"
// says what each leaves behind).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type ProjectKeys, parseProjectKeys } from './api-keys.ts';
import { type Cli, renderCommand, requireSuccess } from './cli.ts';
import { checkArgs, checkDatabase, expectedCronJobs, pushArgs, pushMigrations, storeVaultSecrets, vaultArgs, vaultSecretNames } from './database.ts';
import { type FunctionSecret, secretLine } from './function-secrets.ts';
import { type EdgeFunction, variablesRead } from './functions.ts';
import { hostedAuthSettings, patchAuthConfig } from './management-api.ts';
import { withPrivateFile } from './private-file.ts';
import type { Override, ProductionConfig } from './remote-config.ts';

export interface PlanInput {
  root: string;
  projectRef: string;
  /** Where the database steps go: the project ref, or the --db-url. */
  dbTarget: string;
  yes: boolean;
  config: ProductionConfig;
  functions: EdgeFunction[];
  /** Function secrets with their values (function-secrets.ts: names the platform does not set). */
  functionSecrets: FunctionSecret[];
}

export interface RunState {
  keys?: ProjectKeys;
}

export interface Step {
  title: string;
  /** The CLI's arguments; for a step that is no CLI command, what the dry run shows instead (`shown`). */
  command: string[];
  shown?: string;
  /** The values it sends or expects, one line each. */
  details: string[];
  run(cli: Cli, state: RunState): Promise<void>;
}

const projectUrl = (ref: string) => `https://${ref}.supabase.co`;
const isSecretSetting = (path: string) => /(^|\.|_)(secrets?|pass|password|key)$/.test(path);

function shown(value: unknown, secret: boolean): string {
  if (value === undefined) return '(not set)';
  if (secret && typeof value === 'string' && !value.startsWith('env(')) return `(set, ${value.length} characters, not shown)`;
  return JSON.stringify(value);
}

/** Each setting the production block sets: `path: local → production`, secrets never shown. */
export function settingsLines(overrides: Override[]): string[] {
  return overrides.map((o) => `${o.path}: ${shown(o.local, isSecretSetting(o.path))} → ${shown(o.resolved, isSecretSetting(o.path))}`);
}

/**
 * `NAME=value` as the CLI's env-file parser reads it back unchanged: quoted with a quote the
 * value does not contain (single quotes and backticks take everything literally, newlines too;
 * double quotes would turn `\n` into a newline).
 */
export function dotenvLine(name: string, value: string): string {
  const quote = ["'", '`'].find((candidate) => !value.includes(candidate)) ?? (/["\\]/.test(value) ? undefined : '"');
  if (!quote)
    throw new Error(`${name} holds ', \` and " or a backslash together: no env file can carry it; set it in the dashboard (Edge Functions → Secrets)`);
  return `${name}=${quote}${value}${quote}`;
}

export function deployPlan(input: PlanInput): Step[] {
  const { root, projectRef, dbTarget, yes, config, functions, functionSecrets } = input;
  const ref = `--remote=${projectRef}`;
  const yesFlag = yes ? ['--yes'] : [];
  const migrations = readdirSync(join(root, 'supabase', 'migrations'))
    .filter((name) => name.endsWith('.sql'))
    .sort();
  const jobs = expectedCronJobs(join(root, 'supabase', 'migrations'));
  const functionNames = functions.map((fn) => fn.name);
  const secretNames = new Set(functionSecrets.map((secret) => secret.name));
  const platformVariables = variablesRead(join(root, 'supabase', 'functions'), functions).filter((name) => !secretNames.has(name));
  const authSettings = hostedAuthSettings(root);

  const steps: Step[] = [
    {
      title: "Read the project's API keys: the Vault key for the scheduled jobs, the publishable key for the web host",
      command: ['projects', 'api-keys', ref, '--reveal', '-o', 'json'],
      details: ['sends nothing; keeps the default sb_secret_ and sb_publishable_ keys (the legacy service_role and anon JWTs where the project has none)'],
      async run(cli, state) {
        state.keys = parseProjectKeys(requireSuccess('reading the API keys', await cli.run(this.command, { capture: true })).stdout);
      },
    },
    {
      title: "Store the scheduled jobs' two Vault secrets (created, or updated in place on a re-deploy)",
      command: vaultArgs(dbTarget, '<a temporary SQL file, mode 600, deleted afterwards>'),
      details: [`project_url = ${projectUrl(projectRef)}`, 'service_role_key = the secret key read in step 1 (not shown)'],
      async run(cli, state) {
        await storeVaultSecrets(cli, dbTarget, { project_url: projectUrl(projectRef), service_role_key: state.keys!.service });
      },
    },
    {
      title: 'Push the migrations: each file in one transaction, recorded in supabase_migrations.schema_migrations; no seed',
      command: pushArgs(dbTarget, yes),
      details: [
        ...migrations.map((name) => `supabase/migrations/${name}`),
        '(only those the history table does not list yet; the CLI shows them and asks unless --yes)',
      ],
      async run(cli) {
        await pushMigrations(cli, dbTarget, { yes });
      },
    },
  ];

  if (functionSecrets.length > 0) {
    steps.push({
      title: 'Set the function secrets the code reads and the platform does not set, before the code that reads them',
      command: ['secrets', 'set', ref, '--env-file', '<a temporary env file, mode 600, deleted afterwards>', ...yesFlag],
      details: [...functionSecrets.map(secretLine), `(the platform sets the rest the code reads: ${platformVariables.join(', ')})`],
      async run(cli) {
        const content = functionSecrets.map(({ name, value }) => dotenvLine(name, value ?? '')).join('\n');
        await withPrivateFile('function-secrets.env', content, async (file) =>
          requireSuccess('supabase secrets set', await cli.run(['secrets', 'set', ref, '--env-file', file, ...yesFlag])),
        );
      },
    });
  }

  steps.push(
    {
      title: `Deploy the ${functions.length} edge functions found in supabase/functions (bundled by the Supabase API, no Docker)`,
      command: ['functions', 'deploy', ...functionNames, ref, '--use-api', ...yesFlag],
      details: [
        ...functions.map((fn) => `${fn.name.padEnd(Math.max(...functionNames.map((name) => name.length)))}  verify_jwt = ${fn.verifyJwt}`),
        ...(functionSecrets.length ? [] : [`function secrets: none to set (the code reads only what the platform sets: ${platformVariables.join(', ')})`]),
      ],
      async run(cli) {
        requireSuccess('supabase functions deploy', await cli.run(this.command));
      },
    },
    {
      title: 'Push the project configuration: [remotes.production] over supabase/config.toml (the CLI shows the diff and asks unless --yes)',
      command: ['config', 'push', ref, ...yesFlag],
      details: [
        'setting: local (the rest of the file) → production',
        ...settingsLines(config.overrides),
        `auth.rate_limit.email_sent: ${JSON.stringify(config.effective('auth.rate_limit.email_sent'))} (a ceiling; the hook's limits are the mail budget, docs/decisions/0027-auth-abuse-limits.md)`,
        'every other setting as the file has it for both: [api], [storage], [auth] (e-mail templates and notifications, rate limits, password rules, sign-up)',
      ],
      async run(cli) {
        requireSuccess('supabase config push', await cli.run(this.command));
      },
    },
    {
      title: 'Apply the Auth settings config.toml cannot carry (supabase/auth-hosted.json) through the Management API',
      command: [],
      shown: `PATCH https://api.supabase.com/v1/projects/${projectRef}/config/auth`,
      details: [
        ...Object.entries(authSettings).map(([name, value]) => `${name} = ${JSON.stringify(value)}`),
        '(with your access token: SUPABASE_ACCESS_TOKEN, or the file `supabase login` wrote)',
      ],
      async run(cli) {
        await patchAuthConfig(cli.managementApi, projectRef, authSettings);
      },
    },
    {
      title: 'Check the database: every cron job the migrations schedule, and both Vault secrets',
      command: checkArgs(dbTarget),
      details: [...[...jobs].map(([name, schedule]) => `cron job ${name} (${schedule})`), `Vault secrets ${vaultSecretNames.join(', ')}`],
      async run(cli) {
        const { problems, warnings } = await checkDatabase(cli, dbTarget, join(root, 'supabase', 'migrations'));
        for (const warning of warnings) console.warn(`deploy: warning: ${warning}`);
        if (problems.length) throw new Error(problems.join('; '));
      },
    },
  );
  return steps;
}

/** What the operator does next: the web host's two values and the smoke test. */
export function nextSteps(projectRef: string, publishableKey: string): string[] {
  return [
    'Next (docs/deploy.md):',
    `  web host: VITE_SUPABASE_URL=${projectUrl(projectRef)} VITE_SUPABASE_ANON_KEY=${publishableKey}, then npm run build (writes web/dist)`,
    `  smoke test: npm run smoke -- --url ${projectUrl(projectRef)} --anon-key ${publishableKey} --service-role-key <the secret key>`,
  ];
}

export function printPlan(steps: Step[], projectRef: string): string {
  const lines = [`deploy: dry run for project ${projectRef}: every command and value a deploy uses, in order; nothing is sent`, ''];
  steps.forEach((step, index) => {
    lines.push(`${index + 1}. ${step.title}`, `   $ ${step.shown ?? renderCommand(step.command)}`, ...step.details.map((detail) => `     ${detail}`), '');
  });
  lines.push(...nextSteps(projectRef, '<the publishable key from step 1>'));
  return lines.join('\n');
}
