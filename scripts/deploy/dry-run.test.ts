// The offline part of `npm run deploy`: what the dry run prints (every function on disk, the
// production values of [remotes.production], every command), and what stops a deploy before
// anything is sent (SMTP, unset values, the wrong project, a localhost site URL).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDeployArgs } from './args.ts';
import { discoverFunctions, functionSecretNames } from './functions.ts';
import { deployPlan, printPlan } from './plan.ts';
import { preflightProblems } from './preflight.ts';
import { projectEnv } from './project-env.ts';
import { readProductionConfig } from './remote-config.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const functionsDir = join(root, 'supabase', 'functions');
const configFile = join(root, 'supabase', 'config.toml');
const scratch = mkdtempSync(join(tmpdir(), 'chismes-deploy-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every value [remotes.production] asks for, as an operator's supabase/.env.production would hold them. */
const production = {
  CHISMES_SITE_URL: 'https://chismes.example.com',
  CHISMES_GOOGLE_CLIENT_ID: '1234-abcd.apps.googleusercontent.com',
  CHISMES_GOOGLE_SECRET: 'google-secret-value',
  CHISMES_FACEBOOK_CLIENT_ID: '987654321',
  CHISMES_FACEBOOK_SECRET: 'facebook-secret-value',
  CHISMES_SMTP_HOST: 'smtp.example.net',
  CHISMES_SMTP_USER: 'smtp-user',
  CHISMES_SMTP_PASS: 'smtp-password-value',
  CHISMES_SMTP_ADMIN_EMAIL: 'no-reply@chismes.example.com',
};
const secretValues = [production.CHISMES_GOOGLE_SECRET, production.CHISMES_FACEBOOK_SECRET, production.CHISMES_SMTP_PASS];
const committedRef = readProductionConfig(root, new Map()).projectId!;

/** The variables of the environment only (no dotenv file of this machine), as a Map. */
const envOf = (values: Record<string, string>) => projectEnv(scratch, values);

function plan(values: Record<string, string>, projectRef = committedRef, repo = root) {
  const env = envOf(values);
  const config = readProductionConfig(repo, env);
  const functions = discoverFunctions(join(repo, 'supabase', 'functions'), join(repo, 'supabase', 'config.toml'));
  const secrets = functionSecretNames(join(repo, 'supabase', 'functions'), functions);
  const problems = preflightProblems({ projectRef, config, env, functionSecrets: secrets });
  const steps = deployPlan({
    root: repo,
    projectRef,
    dbTarget: projectRef,
    yes: false,
    config,
    functions,
    functionSecrets: new Map(secrets.map((name) => [name, env.get(name) ?? ''])),
  });
  return { problems, steps, output: printPlan(steps, projectRef), functions };
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
    writeFileSync(join(dir, 'send-push', 'index.ts'), "const key = Deno.env.get('PUSH_VAPID_PRIVATE_KEY');\nconst url = Deno.env.get('SUPABASE_URL');\n");
    const functions = [{ name: 'send-push', verifyJwt: true }];
    expect(functionSecretNames(dir, functions)).toEqual(['PUSH_VAPID_PRIVATE_KEY']);
    expect(functionSecretNames(functionsDir, discoverFunctions(functionsDir, configFile))).toEqual([]);
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
    expect(output).toContain('auth.email.smtp.port: (not set) → 587');
    expect(output).toContain('auth.email.smtp.pass: (not set) → (set, 19 characters, not shown)');
    for (const secret of secretValues) expect(output).not.toContain(secret);
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
      'npx supabase functions deploy',
      'npx supabase config push',
      'npx supabase db query',
    ]);
    for (const migration of readdirSync(join(root, 'supabase', 'migrations')).filter((name) => name.endsWith('.sql'))) {
      expect(output).toContain(`supabase/migrations/${migration}`);
    }
    expect(output).toContain('cron job purge-chisme-images (* * * * *)');
    expect(output).toContain('cron job flush-realtime (4 seconds)');
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

  it('a production block without SMTP at all is refused too; with confirmations off it is not', () => {
    const withoutBlock = (config: string) => config.replace(/\[remotes\.production\.auth\.email\.smtp\][\s\S]*$/, '');
    expect(plan(production, committedRef, repoWithConfig(withoutBlock)).problems).toEqual([
      expect.stringMatching(/^e-mail confirmation is on and no SMTP server is configured: enable \[remotes\.production\.auth\.email\.smtp\]/),
    ]);
    const confirmationsOff = (config: string) => withoutBlock(config).replace(/^enable_confirmations = true$/m, 'enable_confirmations = false');
    expect(plan(production, committedRef, repoWithConfig(confirmationsOff)).problems).toEqual([]);
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
});
