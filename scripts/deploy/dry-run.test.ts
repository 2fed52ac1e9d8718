// The offline part of `npm run deploy`: what the dry run prints (every function on disk, the
// production values of [remotes.production], every function secret and where it comes from,
// every command), and what stops a deploy before anything is sent (SMTP, unset values, the wrong
// project, a localhost site URL, the send-email hook's address and secret, the VAPID keys, no
// access token).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDeployArgs } from './args.ts';
import { functionSecrets } from './function-secrets.ts';
import { discoverFunctions, functionSecretNames } from './functions.ts';
import { hookSecretProblem, localDemoVapid, newVapidKeys, vapidProblem } from './generated-secrets.ts';
import { deployPlan, printPlan } from './plan.ts';
import { preflightProblems } from './preflight.ts';
import { productionValues, secretProductionValues } from './production-values.ts';
import { projectEnv } from './project-env.ts';
import { readProductionConfig } from './remote-config.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const functionsDir = join(root, 'supabase', 'functions');
const configFile = join(root, 'supabase', 'config.toml');
const scratch = mkdtempSync(join(tmpdir(), 'chismes-deploy-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const production = productionValues;
const secretValues = secretProductionValues;
const committedRef = readProductionConfig(root, new Map()).projectId!;

/** The variables of the environment only (no dotenv file of this machine), as a Map. */
const envOf = (values: Record<string, string>) => projectEnv(scratch, values);

function plan(values: Record<string, string>, projectRef = committedRef, repo = root) {
  const env = envOf(values);
  const config = readProductionConfig(repo, env);
  const functions = discoverFunctions(join(repo, 'supabase', 'functions'), join(repo, 'supabase', 'config.toml'));
  const secrets = functionSecrets(functionSecretNames(join(repo, 'supabase', 'functions'), functions), config, env);
  const problems = preflightProblems({ root: repo, projectRef, config, functionSecrets: secrets });
  const steps = deployPlan({ root: repo, projectRef, dbTarget: projectRef, yes: false, config, functions, functionSecrets: secrets });
  return { problems, steps, output: printPlan(steps, projectRef), functions, secrets };
}

/** A copy of supabase/config.toml (and what it names) in a folder of its own, edited by `edit`. */
function repoWithConfig(edit: (config: string) => string): string {
  const repo = mkdtempSync(join(scratch, 'repo-'));
  cpSync(join(root, 'supabase'), join(repo, 'supabase'), { recursive: true, filter: (path) => !/\/(node_modules|\.temp|\.env[^/]*)$/.test(path) });
  writeFileSync(join(repo, 'supabase', 'config.toml'), edit(readFileSync(configFile, 'utf8')));
  return repo;
}

describe('the functions a deploy sends', () => {
  it('are every folder of supabase/functions with an index.ts, the shared and test folders aside', () => {
    const onDisk = readdirSync(functionsDir).filter((name) => !name.startsWith('_') && existsSync(join(functionsDir, name, 'index.ts')));
    const found = discoverFunctions(functionsDir, configFile).map((fn) => fn.name);
    expect(found).toEqual([...onDisk].sort());
    expect(found).toEqual(expect.arrayContaining(['chisme-image', 'chisme-image-purge', 'chisme-image-url', 'delete-account', 'log-country']));
  });

  it('a function added later is found with no edit; `enabled = false` and folders without index.ts are left out', () => {
    const dir = mkdtempSync(join(scratch, 'functions-'));
    for (const name of ['added-later', 'switched-off', '_shared', 'no-entry']) mkdirSync(join(dir, name));
    for (const name of ['added-later', 'switched-off', '_shared']) writeFileSync(join(dir, name, 'index.ts'), 'Deno.serve(() => new Response());\n');
    const config = join(dir, 'config.toml');
    writeFileSync(config, '[functions.switched-off]\nenabled = false\n\n[functions.added-later]\nverify_jwt = false\n');
    expect(discoverFunctions(dir, config)).toEqual([{ name: 'added-later', verifyJwt: false }]);
  });

  it('a variable the code reads that the platform does not set becomes a function secret the deploy requires', () => {
    const dir = mkdtempSync(join(scratch, 'functions-'));
    mkdirSync(join(dir, 'send-push'));
    writeFileSync(
      join(dir, 'send-push', 'index.ts'),
      "const key = Deno.env.get('PUSH_VAPID_PRIVATE_KEY');\nconst url = Deno.env.get('SUPABASE_URL');\nconst subject = env('PUSH_SUBJECT');\n",
    );
    const functions = [{ name: 'send-push', verifyJwt: true }];
    expect(functionSecretNames(dir, functions)).toEqual(['PUSH_SUBJECT', 'PUSH_VAPID_PRIVATE_KEY']);
    const config = readProductionConfig(root, new Map());
    expect(functionSecrets(['PUSH_VAPID_PRIVATE_KEY'], config, new Map([['CHISMES_PUSH_VAPID_PRIVATE_KEY', 'k']]))).toEqual([
      { name: 'PUSH_VAPID_PRIVATE_KEY', source: 'CHISMES_PUSH_VAPID_PRIVATE_KEY', value: 'k' },
    ]);
  });

  it("the functions on disk read the send-email hook's and push-send's secrets; the mail ones are Auth's own settings", () => {
    expect(functionSecretNames(functionsDir, discoverFunctions(functionsDir, configFile))).toEqual([
      'SEND_EMAIL_HOOK_SECRETS',
      'SITE_URL',
      'SMTP_ADMIN_EMAIL',
      'SMTP_HOST',
      'SMTP_PASS',
      'SMTP_PORT',
      'SMTP_SENDER_NAME',
      'SMTP_USER',
      'VAPID_PRIVATE_KEY',
      'VAPID_PUBLIC_KEY',
      'VAPID_SUBJECT',
    ]);
    const values = Object.fromEntries(plan(production).secrets.map((secret) => [secret.name, [secret.source, secret.value]]));
    expect(values).toEqual({
      SEND_EMAIL_HOOK_SECRETS: ['auth.hook.send_email.secrets', production.CHISMES_SEND_EMAIL_HOOK_SECRETS],
      SITE_URL: ['auth.site_url', production.CHISMES_SITE_URL],
      SMTP_ADMIN_EMAIL: ['auth.email.smtp.admin_email', production.CHISMES_SMTP_ADMIN_EMAIL],
      SMTP_HOST: ['auth.email.smtp.host', production.CHISMES_SMTP_HOST],
      SMTP_PASS: ['auth.email.smtp.pass', production.CHISMES_SMTP_PASS],
      SMTP_PORT: ['auth.email.smtp.port', '465'],
      SMTP_SENDER_NAME: ['auth.email.smtp.sender_name', 'Chismes'],
      SMTP_USER: ['auth.email.smtp.user', production.CHISMES_SMTP_USER],
      VAPID_PRIVATE_KEY: ['CHISMES_VAPID_PRIVATE_KEY', production.CHISMES_VAPID_PRIVATE_KEY],
      VAPID_PUBLIC_KEY: ['CHISMES_VAPID_PUBLIC_KEY', production.CHISMES_VAPID_PUBLIC_KEY],
      VAPID_SUBJECT: ['CHISMES_VAPID_SUBJECT', production.CHISMES_VAPID_SUBJECT],
    });
  });
});

describe('the dry run', () => {
  const { problems, output } = plan(production);

  it('finds nothing to refuse when every production value is set', () => {
    expect(problems).toEqual([]);
  });

  it('deploys every function found on disk, each with its verify_jwt (the purge function checks its key itself)', () => {
    const functions = discoverFunctions(functionsDir, configFile);
    const deployLine = output.split('\n').find((line) => line.includes('npx supabase functions deploy'));
    expect(deployLine).toBe(`   $ npx supabase functions deploy ${functions.map((fn) => fn.name).join(' ')} --remote=${committedRef} --use-api`);
    for (const fn of functions) expect(output).toMatch(new RegExp(`\\n {5}${fn.name} +verify_jwt = ${fn.verifyJwt}\\n`));
    expect(output).toMatch(/chisme-image-purge\s+verify_jwt = false/);
  });

  it('shows each value of [remotes.production] for production beside the local one', () => {
    expect(output).toContain('auth.site_url: "http://127.0.0.1:5173" → "https://chismes.example.com"');
    expect(output).toContain('auth.additional_redirect_urls: ["http://localhost:5173",');
    expect(output).toContain('→ ["https://chismes.example.com"]');
    expect(output).toContain('auth.external.google.client_id: "env(SUPABASE_AUTH_EXTERNAL_GOOGLE_CLIENT_ID)" → "1234-abcd.apps.googleusercontent.com"');
    expect(output).toContain('auth.external.facebook.client_id: "env(SUPABASE_AUTH_EXTERNAL_FACEBOOK_CLIENT_ID)" → "987654321"');
    expect(output).toContain('auth.email.smtp.host: (not set) → "smtp.example.net"');
    expect(output).toContain('auth.email.smtp.port: (not set) → 465');
    expect(output).toContain('auth.email.smtp.pass: (not set) → (set, 19 characters, not shown)');
    expect(output).toContain(
      `auth.hook.send_email.uri: "http://host.docker.internal:54321/functions/v1/send-email" → "https://${committedRef}.supabase.co/functions/v1/send-email"`,
    );
    expect(output).toMatch(/auth\.hook\.send_email\.secrets: \(set, \d+ characters, not shown\) → \(set, \d+ characters, not shown\)/);
    expect(output).toContain('auth.rate_limit.email_sent: 100000 (a ceiling;');
    for (const secret of secretValues) expect(output).not.toContain(secret);
  });

  it('sets every function secret, each with where its value comes from; secret values never shown', () => {
    expect(output).toContain('SITE_URL ← auth.site_url: "https://chismes.example.com"');
    expect(output).toContain('SMTP_HOST ← auth.email.smtp.host: "smtp.example.net"');
    expect(output).toContain('SMTP_PORT ← auth.email.smtp.port: "465"');
    expect(output).toMatch(/SMTP_PASS ← auth\.email\.smtp\.pass: \(set, 19 characters, not shown\)/);
    expect(output).toMatch(/SEND_EMAIL_HOOK_SECRETS ← auth\.hook\.send_email\.secrets: \(set, \d+ characters, not shown\)/);
    expect(output).toContain(`VAPID_PUBLIC_KEY ← CHISMES_VAPID_PUBLIC_KEY: "${production.CHISMES_VAPID_PUBLIC_KEY}"`);
    expect(output).toMatch(/VAPID_PRIVATE_KEY ← CHISMES_VAPID_PRIVATE_KEY: \(set, 43 characters, not shown\)/);
    expect(output).toContain('VAPID_SUBJECT ← CHISMES_VAPID_SUBJECT: "mailto:ops@chismes.example.com"');
  });

  it('applies supabase/auth-hosted.json, setting by setting', () => {
    expect(output).toContain(`$ PATCH https://api.supabase.com/v1/projects/${committedRef}/config/auth\n`);
    expect(output).toContain('security_update_password_require_current_password = true');
  });

  it('prints every command in order, and what the check after the push expects', () => {
    const commands = output
      .split('\n')
      .filter((line) => line.startsWith('   $ '))
      .map((line) => line.slice(5).split(' ').slice(0, 4).join(' '));
    expect(commands).toEqual([
      'npx supabase projects api-keys',
      'npx supabase db query',
      'npx supabase db push',
      'npx supabase secrets set',
      'npx supabase functions deploy',
      'npx supabase config push',
      `PATCH https://api.supabase.com/v1/projects/${committedRef}/config/auth`,
      'npx supabase db query',
    ]);
    for (const migration of readdirSync(join(root, 'supabase', 'migrations')).filter((name) => name.endsWith('.sql'))) {
      expect(output).toContain(`supabase/migrations/${migration}`);
    }
    expect(output).toContain('cron job purge-chisme-images (* * * * *)');
    expect(output).toContain('cron job flush-realtime (4 seconds)');
    expect(output).toContain('cron job send-push (5 seconds)');
    expect(output).toContain(`project_url = https://${committedRef}.supabase.co`);
    expect(output).not.toContain('--include-seed');
  });
});

describe('what stops a deploy before anything is sent', () => {
  it('e-mail confirmation on and no SMTP server: one line saying so', () => {
    const { CHISMES_SMTP_HOST: _host, CHISMES_SMTP_USER: _user, CHISMES_SMTP_PASS: _pass, ...withoutSmtp } = production;
    const { problems } = plan(withoutSmtp);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^e-mail confirmation is on and no SMTP server is configured: set CHISMES_SMTP_HOST, CHISMES_SMTP_USER, CHISMES_SMTP_PASS \(/);
    expect(problems[0]).not.toContain('\n');
  });

  it('a production block without SMTP at all is refused too, with confirmations off while the hook sends; with neither it is not', () => {
    const withoutBlock = (config: string) => config.replace(/\[remotes\.production\.auth\.email\.smtp\]\n(?:[^\n]+\n)*/, '');
    expect(plan(production, committedRef, repoWithConfig(withoutBlock)).problems).toEqual([
      expect.stringMatching(
        /^e-mail confirmation is on and no SMTP server is configured: enable \[remotes\.production\.auth\.email\.smtp\] \(the send-email hook/,
      ),
    ]);
    const confirmationsOff = (config: string) => withoutBlock(config).replace(/^enable_confirmations = true$/m, 'enable_confirmations = false');
    expect(plan(production, committedRef, repoWithConfig(confirmationsOff)).problems).toEqual([
      expect.stringMatching(
        /^the send-email hook sends every account mail and no SMTP server is configured: enable \[remotes\.production\.auth\.email\.smtp\]/,
      ),
    ]);
    const hookOff = (config: string) =>
      confirmationsOff(config)
        .replace(/\[remotes\.production\.auth\.hook\.send_email\]\nenabled = true/, '[remotes.production.auth.hook.send_email]\nenabled = false')
        .replace(/\[functions\.send-email\]\nenabled = true/, '[functions.send-email]\nenabled = false');
    expect(plan(production, committedRef, repoWithConfig(hookOff)).problems).toEqual([]);
  });

  it("the hook must call this project's send-email, with a secret of its own; its SMTP port must be reachable from a function", () => {
    const otherUri = (config: string) =>
      config.replace(/uri = "https:\/\/chismesproductionref\.supabase\.co/, 'uri = "https://otherprojectrefxxxxx.supabase.co');
    expect(plan(production, committedRef, repoWithConfig(otherUri)).problems).toEqual([
      `[remotes.production.auth.hook.send_email] uri is "https://otherprojectrefxxxxx.supabase.co/functions/v1/send-email", not https://${committedRef}.supabase.co/functions/v1/send-email: Auth must call the send-email function deployed to this project`,
    ]);
    const localDemo = /\[auth\.hook\.send_email\][^[]*secrets = "([^"]+)"/.exec(readFileSync(configFile, 'utf8'))![1]!;
    expect(plan({ ...production, CHISMES_SEND_EMAIL_HOOK_SECRETS: localDemo }).problems).toEqual([expect.stringMatching(/is the local demo secret/)]);
    expect(plan({ ...production, CHISMES_SEND_EMAIL_HOOK_SECRETS: 'whsec_short' }).problems).toEqual([
      expect.stringMatching(/^CHISMES_SEND_EMAIL_HOOK_SECRETS must be "v1,whsec_<base64>"/),
    ]);
    const port587 = (config: string) => config.replace(/^port = 465$/m, 'port = 587');
    expect(plan(production, committedRef, repoWithConfig(port587)).problems).toEqual([expect.stringMatching(/cannot reach ports 25 and 587; use 465/)]);
  });

  it("the VAPID keys: set, the project's own (never the committed demo pair), a real pair, a subject that reaches someone", () => {
    const { CHISMES_VAPID_PUBLIC_KEY: _public, CHISMES_VAPID_PRIVATE_KEY: _private, ...withoutVapid } = production;
    expect(plan(withoutVapid).problems).toEqual([
      'the edge functions read VAPID_PRIVATE_KEY, VAPID_PUBLIC_KEY: set CHISMES_VAPID_PRIVATE_KEY, CHISMES_VAPID_PUBLIC_KEY in supabase/.env.production (they are sent with `supabase secrets set`; docs/deploy.md "Secrets")',
    ]);
    const demo = localDemoVapid(root);
    expect(demo.privateKey).toHaveLength(43);
    expect(plan({ ...production, CHISMES_VAPID_PUBLIC_KEY: demo.publicKey, CHISMES_VAPID_PRIVATE_KEY: demo.privateKey }).problems).toEqual([
      expect.stringMatching(/^CHISMES_VAPID_PUBLIC_KEY\/CHISMES_VAPID_PRIVATE_KEY are the local demo pair/),
    ]);
    expect(plan({ ...production, CHISMES_VAPID_PUBLIC_KEY: newVapidKeys().publicKey }).problems).toEqual([
      expect.stringMatching(/^CHISMES_VAPID_PUBLIC_KEY is not the public half/),
    ]);
    expect(plan({ ...production, CHISMES_VAPID_SUBJECT: 'demo' }).problems).toEqual([
      expect.stringMatching(/^CHISMES_VAPID_SUBJECT must be a mailto: or https:/),
    ]);
  });

  it('a value the block names but nobody set: refused, naming it (the CLI would send the literal env(…))', () => {
    const { CHISMES_SITE_URL: _site, CHISMES_FACEBOOK_SECRET: _secret, ...rest } = production;
    expect(plan(rest).problems).toEqual([
      '[remotes.production] needs CHISMES_SITE_URL, CHISMES_FACEBOOK_SECRET: set them in supabase/.env.production or the environment (docs/deploy.md "Secrets")',
    ]);
  });

  it('another project than the block names, or a site URL on this machine or without https', () => {
    expect(plan(production, 'abcdefghijklmnopqrst').problems).toEqual([
      expect.stringMatching(/^\[remotes\.production\] project_id in supabase\/config\.toml is .*, not abcdefghijklmnopqrst/),
    ]);
    for (const site of ['http://127.0.0.1:5173', 'http://chismes.example.com', 'https://localhost']) {
      expect(plan({ ...production, CHISMES_SITE_URL: site }).problems).toEqual([
        expect.stringMatching(/^auth\.site_url of \[remotes\.production\] must be the web app's public https:\/\/ address/),
      ]);
    }
  });

  it('arguments: a ref of the right form is required', () => {
    expect(parseDeployArgs(['--dry-run'])).toEqual({ error: expect.stringMatching(/^--project-ref is required/) });
    expect(parseDeployArgs(['--project-ref', 'nope'])).toEqual({ error: expect.stringMatching(/20 lowercase letters/) });
    expect(parseDeployArgs(['--project-ref=abcdefghijklmnopqrst', '--yes'])).toEqual({ projectRef: 'abcdefghijklmnopqrst', dryRun: false, yes: true });
    expect(parseDeployArgs(['--project-ref', 'abcdefghijklmnopqrst', '--force'])).toEqual({ error: expect.stringMatching(/^unknown argument --force/) });
  });
});

describe('where the values come from', () => {
  it('the environment first, then supabase/.env.production.local, .env.local, .env.production, .env (as the CLI loads them)', () => {
    const repo = mkdtempSync(join(scratch, 'env-'));
    mkdirSync(join(repo, 'supabase'));
    writeFileSync(join(repo, 'supabase', '.env.production'), 'A=production\nB=production\nC=production\n');
    writeFileSync(join(repo, 'supabase', '.env.production.local'), 'B=local\n');
    writeFileSync(join(repo, '.env'), 'D=root\nC=root\n');
    const env = projectEnv(repo, { A: 'shell' });
    expect([env.get('A'), env.get('B'), env.get('C'), env.get('D')]).toEqual(['shell', 'local', 'production', 'root']);
  });
});

describe('npm run deploy -- --dry-run (the command itself)', () => {
  const deploy = (args: string[], env: Record<string, string>) =>
    spawnSync(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'scripts', 'deploy.ts'), ...args], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ...env },
    });

  it('prints the plan and exits 0, offline', () => {
    const result = deploy(['--project-ref', committedRef, '--dry-run'], production);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(`deploy: dry run for project ${committedRef}`);
    for (const fn of discoverFunctions(functionsDir, configFile)) expect(result.stdout).toContain(` ${fn.name} `);
  });

  it('stops with the SMTP line and exit 1 when SMTP is missing (empty values count as missing)', () => {
    const result = deploy(['--project-ref', committedRef, '--dry-run'], { ...production, CHISMES_SMTP_HOST: '', CHISMES_SMTP_PASS: '' });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toMatch(/^deploy: e-mail confirmation is on and no SMTP server is configured: set CHISMES_SMTP_HOST, CHISMES_SMTP_PASS \(/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('a deploy (not a dry run) without an access token stops before its first step, saying how to give one', () => {
    const home = mkdtempSync(join(scratch, 'home-'));
    const result = deploy(['--project-ref', committedRef], { ...production, HOME: home, SUPABASE_ACCESS_TOKEN: '' });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toMatch(/^deploy: no Supabase access token: set SUPABASE_ACCESS_TOKEN/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('npm run deploy:secrets', () => {
  it("prints a hook secret and a VAPID pair that the deploy's own checks accept", () => {
    const result = spawnSync(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'scripts', 'deploy-secrets.ts')], { cwd: root, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    const printed = envOf({});
    for (const [name, value] of Object.entries(parseEnv(result.stdout))) printed.set(name, value!);
    const hook = printed.get('CHISMES_SEND_EMAIL_HOOK_SECRETS')!;
    expect(hookSecretProblem(hook, undefined)).toBeUndefined();
    const keys = { publicKey: printed.get('CHISMES_VAPID_PUBLIC_KEY')!, privateKey: printed.get('CHISMES_VAPID_PRIVATE_KEY')!, subject: 'mailto:a@b.example' };
    expect(vapidProblem(keys, localDemoVapid(root))).toBeUndefined();
    expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
    expect(plan({ ...production, ...Object.fromEntries(printed) }).problems).toEqual([]);
  });
});
