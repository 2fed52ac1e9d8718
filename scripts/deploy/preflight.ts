// What stops a deploy before anything is sent, one line each (scripts/deploy.ts prints them
// all and exits 1). Every check here is offline, so `--dry-run` runs all of them too.
import type { ProductionConfig } from './remote-config.ts';

export interface PreflightInput {
  projectRef: string;
  config: ProductionConfig;
  env: Map<string, string>;
  /** Function secrets the code reads that the platform does not set (functions.ts). */
  functionSecrets: string[];
}

const smtpKeys = ['host', 'port', 'user', 'pass', 'admin_email'] as const;

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

/**
 * Confirmations on and no SMTP server: Supabase's built-in sender mails only the project's
 * team, a few times an hour, so nobody else could ever confirm a sign-up.
 */
function smtpProblem({ config }: PreflightInput): string | undefined {
  if (config.effective('auth.email.enable_confirmations') !== true) return undefined;
  const smtp = (key: string) => config.overrides.find((override) => override.path === `auth.email.smtp.${key}`);
  const unset = smtpKeys.flatMap((key) => {
    const setting = smtp(key);
    if (!setting) return [`[remotes.production.auth.email.smtp] ${key}`];
    return setting.unset;
  });
  if (config.effective('auth.email.smtp.enabled') === true && unset.length === 0) return undefined;
  const what = config.effective('auth.email.smtp.enabled') === true ? `set ${unset.join(', ')}` : 'enable [remotes.production.auth.email.smtp]';
  return `e-mail confirmation is on and no SMTP server is configured: ${what} (supabase/.env.production; docs/deploy.md "SMTP"), or nobody can confirm a sign-up: Supabase's own sender mails only your team`;
}

export function preflightProblems(input: PreflightInput): string[] {
  const { projectRef, config, env, functionSecrets } = input;
  if (config.projectId === undefined) return ['supabase/config.toml has no [remotes.production] block (docs/deploy.md)'];
  const problems: string[] = [];
  if (config.projectId !== projectRef) {
    problems.push(
      `[remotes.production] project_id in supabase/config.toml is ${config.projectId}, not ${projectRef}: set it to your project's ref and commit it (the CLI applies the block only to that project)`,
    );
  }
  const smtp = smtpProblem(input);
  if (smtp) problems.push(smtp);
  const unset = [...new Set(config.overrides.filter((override) => !override.path.startsWith('auth.email.smtp.')).flatMap((override) => override.unset))];
  if (unset.length)
    problems.push(`[remotes.production] needs ${unset.join(', ')}: set them in supabase/.env.production or the environment (docs/deploy.md "Secrets")`);
  const siteUrl = siteUrlProblem(config.effective('auth.site_url'));
  if (siteUrl) problems.push(siteUrl);
  const missingSecrets = functionSecrets.filter((name) => !env.get(name));
  if (missingSecrets.length)
    problems.push(`the edge functions read ${missingSecrets.join(', ')}: set them in supabase/.env.production (they are sent with \`supabase secrets set\`)`);
  return problems;
}
