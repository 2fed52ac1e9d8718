// `npm run test:functions`: the edge functions' tests, in Deno.
//   1. unit tests of the pure modules and handler tests (no network), always;
//   2. integration tests through the local stack (gateway, functions in real Deno, PostgREST,
//      PostgreSQL, Storage): the stack is started if it is not running, and stopped again
//      afterwards only if it was started here.
// When the stack or the database schema is not available the run says loudly that the
// integration tests were NOT run; under CI that is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { functionSocket, socketsDir } from '../local-stack/functions/functions.ts';
import { ANON_KEY, API_URL, DB_URL, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY } from '../local-stack/keys.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const functionsDir = join(root, 'supabase', 'functions');
const deno = join(root, 'node_modules', '.bin', 'deno');
const stackModule = join(root, 'local-stack', 'index.ts');

// Each function folder is a Deno project with its own deno.json; the repository's package.json
// (the Node workspace of the web app and scripts) is not theirs. Without this, Deno also reads
// it, and fails outright while a listed workspace member has no package.json yet. Inherited by
// the Deno tests and by a stack started from here (its function processes).
process.env.DENO_NO_PACKAGE_JSON = '1';

interface Suite {
  label: string;
  /** Each config-owning folder is its own Deno project (Supabase deploys them one by one). */
  cwd: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

interface SuiteResult {
  label: string;
  ok: boolean;
  summary: string;
}

const unitSuites: Suite[] = [
  {
    label: 'shared modules, configs, import boundaries',
    cwd: '_tests',
    args: ['--allow-read=..', '../_shared', 'deno-config.test.ts', 'architecture.test.ts'],
  },
  { label: 'chisme-image (pure modules, handler)', cwd: 'chisme-image', args: ['--allow-read=.'] },
  { label: 'chisme-image-url (view rules, handler)', cwd: 'chisme-image-url', args: ['--allow-read=.'] },
  { label: 'chisme-image-purge (purge, handler)', cwd: 'chisme-image-purge', args: ['--allow-read=.'] },
  { label: 'log-country (pure modules, handler)', cwd: 'log-country', args: ['--allow-read=.'] },
  { label: 'delete-account (handler)', cwd: 'delete-account', args: ['--allow-read=.'] },
  { label: 'send-email (signature, mails, handler)', cwd: 'send-email', args: ['--allow-read=.'] },
  // web-push's encryption library reads ECE_KEYLOG from the environment when it loads
  { label: 'push-send (outcomes, keys, encryption, handler)', cwd: 'push-send', args: ['--allow-read=.', '--allow-env'] },
];

function runDenoTest(suite: Suite): SuiteResult {
  console.log(`\n▶ deno test: ${suite.label}`);
  const result = spawnSync(deno, ['test', '--no-prompt', ...suite.args], {
    cwd: join(functionsDir, suite.cwd),
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...suite.env },
  });
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  const summary = /(ok|FAILED) \| (\d+) passed.*? \| (\d+) failed/.exec(result.stdout)?.[0] ?? 'no summary (see above)';
  return { label: suite.label, ok: result.status === 0, summary };
}

/** What the integration tests need of the database; empty when everything is there. */
async function missingSchema(): Promise<string[]> {
  const client = new pg.Client({ connectionString: DB_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ missing: string }>(`
      select name as missing from (values
        ('bucket chismes', exists (select from storage.buckets where id = 'chismes')),
        ('function public.get_chisme', exists (select from pg_proc where proname = 'get_chisme')),
        ('function public.create_chisme', exists (select from pg_proc where proname = 'create_chisme')),
        ('column public.chismes.file_exist', exists (select from information_schema.columns
           where table_schema = 'public' and table_name = 'chismes' and column_name = 'file_exist'))
      ) as needed (name, present) where not present`);
    return rows.map((row) => row.missing);
  } finally {
    await client.end();
  }
}

type IntegrationResult = SuiteResult | { notRun: string };

async function runIntegration(): Promise<IntegrationResult> {
  if (!existsSync(stackModule)) return { notRun: 'the local stack (local-stack/index.ts, stack issue) is not on this branch' };
  const { ensureStack } = (await import(pathToFileURL(stackModule).href)) as {
    ensureStack: (options?: { fresh?: boolean }) => Promise<{ startedHere: boolean; stop(): Promise<void> }>;
  };
  console.log('\n▶ local stack');
  const stack = await ensureStack();
  try {
    const missing = await missingSchema();
    if (missing.length) return { notRun: `the database schema lacks ${missing.join(', ')} (database issue)` };
    return runDenoTest({
      label: 'integration through the local stack',
      cwd: '_tests',
      // The private-image tests (docs/decisions/0011-private-cotilleo-images.md): the stack's state file gives the processes' pids and the
      // function's socket (connecting to one needs it as net, read and write), `kill` SIGKILLs the function mid-upload
      // (the supervisor restarts it), ps gives their memory.
      args: [
        `--allow-net=127.0.0.1,unix:${functionSocket('chisme-image')}`,
        '--allow-env',
        `--allow-read=..,../../../.local-stack/stack.json,${socketsDir}`,
        `--allow-write=${socketsDir}`,
        '--allow-run=ps,kill',
        'integration/',
      ],
      env: {
        SUPABASE_URL: API_URL,
        SUPABASE_ANON_KEY: ANON_KEY,
        SUPABASE_DB_URL: DB_URL,
        SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
        // The new kind of keys (sb_publishable_…, sb_secret_…), which the stack maps as Kong does.
        SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
        SUPABASE_SECRET_KEY: SECRET_KEY,
      },
    });
  } finally {
    if (stack.startedHere) await stack.stop();
  }
}

// `--only=unit` or `--only=integration` runs one half: `npm test` runs the unit half beside the
// stack's lane (it needs no stack) and the integration half in it (scripts/test-all.ts).
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
if (only !== undefined && only !== 'unit' && only !== 'integration') {
  console.error(`test:functions: --only must be unit or integration, not ${only}`);
  process.exit(2);
}

async function main(): Promise<number> {
  const results = only === 'integration' ? [] : unitSuites.map(runDenoTest);
  let integration: IntegrationResult;
  if (only === 'unit') {
    integration = { label: 'integration through the local stack', ok: true, summary: 'not part of this run (--only=unit)' };
  } else {
    try {
      integration = await runIntegration();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      integration = { label: 'integration through the local stack', ok: false, summary: `could not run: ${reason}` };
    }
  }

  console.log(`\n━━━ test:functions${only ? ` (--only=${only})` : ''}`);
  for (const result of results) console.log(`${result.ok ? '✔' : '✘'} ${result.label}: ${result.summary}`);
  if ('notRun' in integration) {
    console.log('\n!!! INTEGRATION TESTS WERE NOT RUN !!!');
    console.log(`!!! because ${integration.notRun}.`);
    console.log('!!! Only the unit and handler tests above ran; the functions are not proven against the stack.');
  } else {
    console.log(`${integration.ok ? '✔' : '✘'} ${integration.label}: ${integration.summary}`);
  }

  const failed = results.some((result) => !result.ok) || ('ok' in integration && !integration.ok);
  if (failed) return 1;
  if ('notRun' in integration && process.env.CI) {
    console.error('CI is set: integration tests that did not run count as a failure.');
    return 1;
  }
  return 0;
}

process.exitCode = await main();
