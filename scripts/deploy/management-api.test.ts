// The steps of `npm run deploy` that talk to the Management API, run by the real, pinned CLI
// against a local stand-in of that API (management-api-stand-in.ts), so what the CLI would send
// to supabase.com is recorded and checked: every function with its verify_jwt, the keys read
// and chosen, the Vault statement, the check after the push. (`db push` and the Vault and check
// statements against a real database: rehearsal.test.ts.)
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseProjectKeys } from './api-keys.ts';
import { supabaseCli } from './cli.ts';
import { checkWarnings, expectedCronJobs, vaultSecretNames } from './database.ts';
import { discoverFunctions } from './functions.ts';
import { type ManagementApiStandIn, multipartParts, type RecordedRequest, startManagementApi } from './management-api-stand-in.ts';
import { deployPlan, dotenvLine, type Step } from './plan.ts';
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
    (r) => {
      if (r.method !== 'POST' || r.path !== `${base}/database/query`) return undefined;
      return { status: 201, json: json(r).read_only ? checkRows : [{ updated: 0, created: 2 }] };
    },
  ]);
  const config = readProductionConfig(root, new Map());
  steps = deployPlan({ root, projectRef, dbTarget: projectRef, yes: true, config, functions, functionSecrets: new Map() });
}, 60_000);

afterAll(() => api?.close());

const cli = () => supabaseCli({ root, env: api.cliEnv, extraArgs: api.cliArgs, quiet: true });
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
    expect(sent.find((s) => s.metadata.name === 'chisme-image-purge')!.files).toContain('supabase/functions/_shared/api-keys.ts');
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

  it('a function secret the code reads goes through secrets set with its exact value, and nothing else does', async () => {
    const value = 'una "clave" con\nsalto de línea, \\n literal y = signos';
    const withSecret = deployPlan({
      root,
      projectRef,
      dbTarget: projectRef,
      yes: true,
      config: readProductionConfig(root, new Map()),
      functions,
      functionSecrets: new Map([['PUSH_VAPID_PRIVATE_KEY', value]]),
    });
    expect(steps.some((candidate) => candidate.command[0] === 'secrets')).toBe(false);
    const before = api.requests.length;
    await withSecret.find((candidate) => candidate.command[0] === 'secrets')!.run(cli(), {});
    const [sent] = requestsSince(before).filter((r) => r.method === 'POST' && r.path === `${base}/secrets`);
    expect(JSON.parse(sent!.body.toString('utf8'))).toEqual([{ name: 'PUSH_VAPID_PRIVATE_KEY', value }]);
    const apostrophe = "it's `quoted`";
    expect(dotenvLine('K', apostrophe)).toBe(`K="${apostrophe}"`);
    expect(() => dotenvLine('K', `'\`"`)).toThrow(/no env file can carry it/);
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
