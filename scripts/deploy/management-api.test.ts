// The steps of `npm run deploy` that talk to the Management API, run by the real, pinned CLI
// against a local stand-in of that API (management-api-stand-in.ts), so what the CLI would send
// to supabase.com is recorded and checked: every function with its verify_jwt, the keys read
// and chosen, the Vault statement, every function secret with its value, the Auth settings of
// supabase/auth-hosted.json, the check after the push. (`db push` and the Vault and check
// statements against a real database: rehearsal.test.ts.)
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseProjectKeys } from './api-keys.ts';
import { supabaseCli } from './cli.ts';
import { checkWarnings, expectedCronJobs, vaultSecretNames } from './database.ts';
import { functionSecrets } from './function-secrets.ts';
import { discoverFunctions, functionSecretNames } from './functions.ts';
import { hostedAuthSettings, missingTokenLine } from './management-api.ts';
import { type ManagementApiStandIn, multipartParts, type RecordedRequest, startManagementApi } from './management-api-stand-in.ts';
import { deployPlan, dotenvLine, type Step } from './plan.ts';
import { productionValues } from './production-values.ts';
import { projectEnv } from './project-env.ts';
import { readProductionConfig } from './remote-config.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const projectRef = readProductionConfig(root, new Map()).projectId!;
const functions = discoverFunctions(join(root, 'supabase', 'functions'), join(root, 'supabase', 'config.toml'));
const jobs = expectedCronJobs(join(root, 'supabase', 'migrations'));

const keys = [
  { name: 'anon', api_key: 'eyJ.legacy-anon', type: 'legacy' },
  { name: 'service_role', api_key: 'eyJ.legacy-service', type: 'legacy' },
  { name: 'web', api_key: 'sb_publishable_web', type: 'publishable' },
  { name: 'default', api_key: 'sb_publishable_default', type: 'publishable' },
  { name: 'default', api_key: 'sb_secret_default', type: 'secret' },
];

let checkRows: unknown[] = [];
/** What the stand-in answers to the Auth settings' PATCH: the body, unless a test says otherwise. */
let authAnswer: ((body: Record<string, unknown>) => Record<string, unknown>) | undefined;
const env = projectEnv(fileURLToPath(new URL('.', import.meta.url)), productionValues);
const productionConfig = readProductionConfig(root, env);
const secrets = functionSecrets(functionSecretNames(join(root, 'supabase', 'functions'), functions), productionConfig, env);
const json = (request: RecordedRequest) => JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;
const base = `/v1/projects/${projectRef}`;

let api: ManagementApiStandIn;
let steps: Step[];
const step = (command: string) => steps.find((candidate) => candidate.command.slice(0, 2).join(' ') === command)!;

beforeAll(async () => {
  api = await startManagementApi(projectRef, [
    (r) => (r.method === 'GET' && r.path === `${base}/api-keys?reveal=true` ? { status: 200, json: keys } : undefined),
    (r) => (r.method === 'GET' && r.path.startsWith(`${base}/functions`) ? { status: 200, json: [] } : undefined),
    (r) => {
      const slug = new URL(r.path, 'http://x').searchParams.get('slug');
      if (r.method !== 'POST' || !r.path.startsWith(`${base}/functions/deploy`) || !slug) return undefined;
      return { status: 201, json: { id: slug, slug, name: slug, status: 'ACTIVE', version: 1 } };
    },
    (r) => (r.method === 'PUT' && r.path === `${base}/functions` ? { status: 200, json: json(r) } : undefined),
    (r) => (r.method === 'POST' && r.path === `${base}/secrets` ? { status: 201, json: {} } : undefined),
    (r) => (r.method === 'PATCH' && r.path === `${base}/config/auth` ? { status: 200, json: (authAnswer ?? ((body) => body))(json(r)) } : undefined),
    (r) => {
      if (r.method !== 'POST' || r.path !== `${base}/database/query`) return undefined;
      return { status: 201, json: json(r).read_only ? checkRows : [{ updated: 0, created: 2 }] };
    },
  ]);
  steps = deployPlan({ root, projectRef, dbTarget: projectRef, yes: true, config: productionConfig, functions, functionSecrets: secrets });
}, 60_000);

afterAll(() => api?.close());

// As scripts/deploy.ts runs it: the values the block's env() names (the CLI validates the hook's
// secret when it loads the configuration, for every command).
const cli = () =>
  supabaseCli({
    root,
    env: { ...Object.fromEntries(productionConfig.variables.map((name) => [name, env.get(name)!])), ...api.cliEnv },
    extraArgs: api.cliArgs,
    quiet: true,
    apiUrl: api.url,
  });
const requestsSince = (count: number) => api.requests.slice(count);

describe('against a stand-in of the Management API', () => {
  it('functions deploy sends every function found on disk, each with its verify_jwt, and no test file', async () => {
    const before = api.requests.length;
    await step('functions deploy').run(cli(), {});
    const deploys = requestsSince(before).filter((r) => r.method === 'POST' && r.path.startsWith(`${base}/functions/deploy`));
    const sent = deploys.map((r) => {
      const parts = multipartParts(r);
      const metadata = JSON.parse(parts.find((part) => part.name === 'metadata')!.content) as { name: string; verify_jwt: boolean; entrypoint_path: string };
      return { metadata, files: parts.filter((part) => part.filename).map((part) => part.filename!) };
    });
    expect(sent.map((s) => ({ name: s.metadata.name, verifyJwt: s.metadata.verify_jwt })).sort((a, b) => a.name.localeCompare(b.name))).toEqual(functions);
    expect(sent.find((s) => s.metadata.name === 'chisme-image-purge')!.metadata.verify_jwt).toBe(false);
    for (const { metadata, files } of sent) {
      expect(metadata.entrypoint_path).toBe(`supabase/functions/${metadata.name}/index.ts`);
      expect(files).toContain(`supabase/functions/${metadata.name}/index.ts`);
      expect(files.filter((file) => /\.test\.ts$|\/fixtures\//.test(file))).toEqual([]);
    }
    // The service-key check both scheduled callees share goes with each of them.
    for (const name of ['chisme-image-purge', 'push-send'])
      expect(sent.find((s) => s.metadata.name === name)!.files).toContain('supabase/functions/_shared/api-keys.ts');
    expect(sent.find((s) => s.metadata.name === 'send-email')!.metadata.verify_jwt).toBe(false);
  });

  it('the API keys: the default secret key for Vault and the default publishable key for the web', async () => {
    const state: { keys?: { service: string; publishable: string } } = {};
    await step('projects api-keys').run(cli(), state);
    expect(state.keys).toEqual({ service: 'sb_secret_default', publishable: 'sb_publishable_default' });
    expect(parseProjectKeys(JSON.stringify(keys.filter((key) => key.type === 'legacy')))).toEqual({
      service: 'eyJ.legacy-service',
      publishable: 'eyJ.legacy-anon',
    });
    expect(() => parseProjectKeys('[{"name":"default","type":"secret","api_key":"sb_secret_ab******"}]')).toThrow(/revealed/);
  });

  it('the Vault secrets go as one statement with the project URL and the key', async () => {
    const before = api.requests.length;
    await step('db query').run(cli(), { keys: { service: 'sb_secret_default', publishable: 'sb_publishable_default' } });
    const [query] = requestsSince(before).filter((r) => r.path === `${base}/database/query`);
    const sql = String(json(query!).query);
    expect(sql).toContain(`('project_url', 'https://${projectRef}.supabase.co')`);
    expect(sql).toContain("('service_role_key', 'sb_secret_default')");
    expect(sql).toMatch(/vault\.update_secret[\s\S]*vault\.create_secret/);
    expect(
      sql
        .trim()
        .split(';')
        .filter((statement) => statement.trim()),
    ).toHaveLength(1);
  });

  it('every function secret goes through secrets set with its exact value, before the functions are deployed', async () => {
    const before = api.requests.length;
    await step('secrets set').run(cli(), {});
    const [sent] = requestsSince(before).filter((r) => r.method === 'POST' && r.path === `${base}/secrets`);
    const values = Object.fromEntries((JSON.parse(sent!.body.toString('utf8')) as { name: string; value: string }[]).map((s) => [s.name, s.value]));
    expect(values).toEqual({
      SEND_EMAIL_HOOK_SECRETS: productionValues.CHISMES_SEND_EMAIL_HOOK_SECRETS,
      SITE_URL: productionValues.CHISMES_SITE_URL,
      SMTP_ADMIN_EMAIL: productionValues.CHISMES_SMTP_ADMIN_EMAIL,
      SMTP_HOST: productionValues.CHISMES_SMTP_HOST,
      SMTP_PASS: productionValues.CHISMES_SMTP_PASS,
      SMTP_PORT: '465',
      SMTP_SENDER_NAME: 'Chismes',
      SMTP_USER: productionValues.CHISMES_SMTP_USER,
      VAPID_PRIVATE_KEY: productionValues.CHISMES_VAPID_PRIVATE_KEY,
      VAPID_PUBLIC_KEY: productionValues.CHISMES_VAPID_PUBLIC_KEY,
      VAPID_SUBJECT: productionValues.CHISMES_VAPID_SUBJECT,
    });
    const order = steps.map((candidate) => candidate.command.slice(0, 2).join(' '));
    expect(order.indexOf('secrets set')).toBeLessThan(order.indexOf('functions deploy'));
  });

  it('a secret value of any form arrives exactly as written', async () => {
    const value = 'una "clave" con\nsalto de línea, \\n literal y = signos';
    const withSecret = deployPlan({
      root,
      projectRef,
      dbTarget: projectRef,
      yes: true,
      config: productionConfig,
      functions,
      functionSecrets: [{ name: 'PUSH_VAPID_PRIVATE_KEY', source: 'CHISMES_PUSH_VAPID_PRIVATE_KEY', value }],
    });
    const before = api.requests.length;
    await withSecret.find((candidate) => candidate.command[0] === 'secrets')!.run(cli(), {});
    const [sent] = requestsSince(before).filter((r) => r.method === 'POST' && r.path === `${base}/secrets`);
    expect(JSON.parse(sent!.body.toString('utf8'))).toEqual([{ name: 'PUSH_VAPID_PRIVATE_KEY', value }]);
    const apostrophe = "it's `quoted`";
    expect(dotenvLine('K', apostrophe)).toBe(`K="${apostrophe}"`);
    expect(() => dotenvLine('K', `'\`"`)).toThrow(/no env file can carry it/);
  });

  it('supabase/auth-hosted.json reaches the Auth config with the access token; a setting the project keeps otherwise fails the step', async () => {
    const patch = steps.find((candidate) => candidate.shown?.startsWith('PATCH '))!;
    const settings = hostedAuthSettings(root);
    expect(settings).toEqual({ security_update_password_require_current_password: true });
    const before = api.requests.length;
    await patch.run(cli(), {});
    const [sent] = requestsSince(before).filter((r) => r.method === 'PATCH');
    expect(sent!.path).toBe(`${base}/config/auth`);
    expect(sent!.authorization).toBe(`Bearer ${api.cliEnv.SUPABASE_ACCESS_TOKEN}`);
    expect(json(sent!)).toEqual(settings);
    authAnswer = (body) => ({ ...body, security_update_password_require_current_password: false });
    try {
      await expect(patch.run(cli(), {})).rejects.toThrow(/the project kept security_update_password_require_current_password = false/);
    } finally {
      authAnswer = undefined;
    }
    const withoutToken = { ...cli(), managementApi: { url: api.url, token: undefined } };
    await expect(patch.run(withoutToken, {})).rejects.toThrow(missingTokenLine);
  });

  it('the check after the push passes when every job and secret is there, and names what is missing', async () => {
    const check = steps.at(-1)!;
    const allRows = [
      ...[...jobs].map(([name, schedule]) => ({ kind: 'cron job', name, detail: schedule, active: true })),
      ...vaultSecretNames.map((name) => ({ kind: 'vault secret', name, detail: null, active: true })),
      { kind: 'offensive words', name: 'public.offensive_words', detail: '80', active: true },
    ];
    checkRows = allRows;
    await check.run(cli(), {});
    checkRows = allRows.filter((row) => row.name !== 'purge-chisme-images' && row.name !== 'service_role_key');
    await expect(check.run(cli(), {})).rejects.toThrow(/cron job purge-chisme-images \(\* \* \* \* \*\) is missing.*Vault secret service_role_key is missing/);
    checkRows = allRows.map((row) => (row.name === 'flush-realtime' ? { ...row, detail: '* * * * *' } : row));
    await expect(check.run(cli(), {})).rejects.toThrow(/cron job flush-realtime runs on '\* \* \* \* \*', the migrations say '4 seconds'/);
  });

  it('an empty offensive-word list is a warning, not a failure', () => {
    const rows = (count: string) => [{ kind: 'offensive words' as const, name: 'public.offensive_words', detail: count, active: true }];
    expect(checkWarnings(rows('0'))).toEqual([expect.stringMatching(/^public\.offensive_words is empty/)]);
    expect(checkWarnings(rows('80'))).toEqual([]);
  });
});
