// What stops a deploy before anything is sent, one line each (scripts/deploy.ts prints them
// all and exits 1). Every check here is offline, so `--dry-run` runs all of them too.
import type { FunctionSecret } from './function-secrets.ts';
import { secretsFromConfig } from './function-secrets.ts';
import { hookSecretProblem, localDemoVapid, vapidProblem } from './generated-secrets.ts';
import type { ProductionConfig } from './remote-config.ts';

export interface PreflightInput {
  /** The repository root (the committed local demo keys are read from it). */
  root: string;
  projectRef: string;
  config: ProductionConfig;
  /** Function secrets the code reads that the platform does not set, with their values (function-secrets.ts). */
  functionSecrets: FunctionSecret[];
}

/** What Auth's own SMTP settings need (the CLI refuses [auth.email.smtp] without them). */
const authSmtpKeys = ['host', 'port', 'user', 'pass', 'admin_email'];
const smtpPrefix = 'auth.email.smtp.';

export const sendEmailHookUri = (projectRef: string) => `https://${projectRef}.supabase.co/functions/v1/send-email`;

const isResolved = (value: unknown): value is string | number =>
  (typeof value === 'string' && value !== '' && !value.startsWith('env(')) || typeof value === 'number';

/** Where a person lands from the mails: a public HTTPS origin, never the developer's machine. */
function siteUrlProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.startsWith('env(')) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `auth.site_url of [remotes.production] is not a URL: ${value}`;
  }
  if (url.protocol !== 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) {
    return `auth.site_url of [remotes.production] must be the web app's public https:// address, not ${value}: every confirmation and recovery link points there`;
  }
  return undefined;
}

const hookOn = (config: ProductionConfig) => config.effective('auth.hook.send_email.enabled') === true;

/**
 * No SMTP server while mail must go out. With the Send Email hook on (decision 0027), Auth sends
 * nothing itself: the send-email function sends every account mail (confirmation, recovery, the
 * password-changed notice) through the SMTP server of [remotes.production.auth.email.smtp]
 * (function-secrets.ts), so the settings it reads count too. Without the hook Auth sends through
 * that server, and only confirmations make it indispensable: Supabase's own sender mails only the
 * project's team, a few times an hour, so nobody else could ever confirm a sign-up.
 */
function smtpProblem({ config, functionSecrets }: PreflightInput): string | undefined {
  const confirmations = config.effective('auth.email.enable_confirmations') === true;
  if (!confirmations && !hookOn(config)) return undefined;
  const functionKeys = functionSecrets.map((secret) => secretsFromConfig[secret.name]).filter((path) => path?.startsWith(smtpPrefix));
  const keys = [...new Set([...authSmtpKeys, ...functionKeys.map((path) => path!.slice(smtpPrefix.length))])];
  const unset = keys.flatMap((key) => {
    const setting = config.overrides.find((override) => override.path === `${smtpPrefix}${key}`);
    if (!setting) return [`[remotes.production.auth.email.smtp] ${key}`];
    return setting.unset;
  });
  if (config.effective('auth.email.smtp.enabled') === true && unset.length === 0) return undefined;
  const what = config.effective('auth.email.smtp.enabled') === true ? `set ${unset.join(', ')}` : 'enable [remotes.production.auth.email.smtp]';
  const sender = hookOn(config) ? 'the send-email hook sends every mail through it; ' : '';
  const where = `(${sender}supabase/.env.production; docs/deploy.md "SMTP")`;
  if (!confirmations) return `the send-email hook sends every account mail and no SMTP server is configured: ${what} ${where}, or no recovery mail goes out`;
  return `e-mail confirmation is on and no SMTP server is configured: ${what} ${where}, or nobody can confirm a sign-up: Supabase's own sender mails only your team`;
}

/** The hook must call this project's send-email function, with a secret of the project's own. */
function hookProblems({ config }: PreflightInput): string[] {
  if (!hookOn(config)) return [];
  const problems: string[] = [];
  // The block's own project: a --project-ref naming another is refused on its own line.
  const expected = sendEmailHookUri(config.projectId!);
  const uri = config.effective('auth.hook.send_email.uri');
  if (uri !== expected)
    problems.push(
      `[remotes.production.auth.hook.send_email] uri is ${JSON.stringify(uri)}, not ${expected}: Auth must call the send-email function deployed to this project`,
    );
  const secrets = config.effective('auth.hook.send_email.secrets');
  const local = config.local('auth.hook.send_email.secrets');
  if (typeof secrets === 'string' && isResolved(secrets)) {
    const problem = hookSecretProblem(secrets, typeof local === 'string' ? local : undefined);
    if (problem) problems.push(problem);
  }
  // The function reaches its SMTP server from the edge runtime, which blocks 25 and 587.
  const port = config.effective('auth.email.smtp.port');
  if (port === 25 || port === 587)
    problems.push(
      `auth.email.smtp.port of [remotes.production] is ${port}: the send-email hook sends from an edge function, which cannot reach ports 25 and 587; use 465 (TLS from the start)`,
    );
  return problems;
}

/** Function secrets nobody set, except those a line above already names. */
function missingSecretsProblem({ config, functionSecrets }: PreflightInput, smtpReported: boolean): string | undefined {
  const unsetOf = (setting: string) => config.overrides.find((override) => override.path === setting)?.unset ?? [];
  const missing = functionSecrets.filter((secret) => {
    if (secret.value !== undefined) return false;
    const setting = secretsFromConfig[secret.name];
    if (setting === undefined) return true;
    if (setting.startsWith(smtpPrefix)) return !smtpReported;
    return unsetOf(setting).length === 0;
  });
  if (!missing.length) return undefined;
  const sources = missing.flatMap((secret) => {
    const setting = secretsFromConfig[secret.name];
    if (setting === undefined) return [secret.source];
    const unset = unsetOf(setting);
    return unset.length ? unset : [`${setting} of [remotes.production]`];
  });
  return `the edge functions read ${missing.map((secret) => secret.name).join(', ')}: set ${[...new Set(sources)].join(', ')} in supabase/.env.production (they are sent with \`supabase secrets set\`; docs/deploy.md "Secrets")`;
}

/** The VAPID pair must be the project's own, a real pair, with a subject that reaches the operator. */
function vapidKeysProblem({ root, functionSecrets }: PreflightInput): string | undefined {
  const value = (name: string) => functionSecrets.find((secret) => secret.name === name)?.value;
  const [publicKey, privateKey, subject] = [value('VAPID_PUBLIC_KEY'), value('VAPID_PRIVATE_KEY'), value('VAPID_SUBJECT')];
  if (publicKey === undefined || privateKey === undefined || subject === undefined) return undefined;
  return vapidProblem({ publicKey, privateKey, subject }, localDemoVapid(root));
}

export function preflightProblems(input: PreflightInput): string[] {
  const { projectRef, config } = input;
  if (config.projectId === undefined) return ['supabase/config.toml has no [remotes.production] block (docs/deploy.md)'];
  const problems: string[] = [];
  if (config.projectId !== projectRef) {
    problems.push(
      `[remotes.production] project_id in supabase/config.toml is ${config.projectId}, not ${projectRef}: set it to your project's ref and commit it (the CLI applies the block only to that project)`,
    );
  }
  const smtp = smtpProblem(input);
  if (smtp) problems.push(smtp);
  const unset = [...new Set(config.overrides.filter((override) => !override.path.startsWith(smtpPrefix)).flatMap((override) => override.unset))];
  if (unset.length)
    problems.push(`[remotes.production] needs ${unset.join(', ')}: set them in supabase/.env.production or the environment (docs/deploy.md "Secrets")`);
  const siteUrl = siteUrlProblem(config.effective('auth.site_url'));
  if (siteUrl) problems.push(siteUrl);
  problems.push(...hookProblems(input));
  const missing = missingSecretsProblem(input, smtp !== undefined);
  if (missing) problems.push(missing);
  const vapid = vapidKeysProblem(input);
  if (vapid) problems.push(vapid);
  return problems;
}
