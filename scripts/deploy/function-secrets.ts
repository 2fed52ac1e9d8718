// Where each function secret's value comes from (the names the functions read that the platform
// does not set: functions.ts). The send-email hook's secrets are the values Auth gets for the
// same thing in [remotes.production], so the operator writes each once: the hook's secret is the
// one Auth signs with, SITE_URL is Auth's site URL, and the function sends through the SMTP
// server of [remotes.production.auth.email.smtp] (docs/decisions/0027-auth-abuse-limits.md).
// Every other secret NAME comes from CHISMES_NAME in supabase/.env.production or the environment:
// the prefix keeps a generic name such as SMTP_HOST in the operator's shell out of a deploy.
import type { ProductionConfig } from './remote-config.ts';

/** Function secrets whose value is a setting of the production configuration. */
export const secretsFromConfig: Readonly<Record<string, string>> = {
  SEND_EMAIL_HOOK_SECRETS: 'auth.hook.send_email.secrets',
  SITE_URL: 'auth.site_url',
  SMTP_HOST: 'auth.email.smtp.host',
  SMTP_PORT: 'auth.email.smtp.port',
  SMTP_USER: 'auth.email.smtp.user',
  SMTP_PASS: 'auth.email.smtp.pass',
  SMTP_ADMIN_EMAIL: 'auth.email.smtp.admin_email',
  SMTP_SENDER_NAME: 'auth.email.smtp.sender_name',
};

export const envVariableFor = (name: string) => `CHISMES_${name}`;

/** Whether the dry run may show a secret's value (addresses, hosts, public keys) or only its length. */
export const isSecretValue = (name: string) => /(SECRETS?|PASS|PASSWORD|PRIVATE_KEY)$/.test(name);

export interface FunctionSecret {
  name: string;
  /** `auth.site_url` (a setting of the production configuration) or `CHISMES_NAME`. */
  source: string;
  /** Undefined while unset. */
  value: string | undefined;
}

export function functionSecrets(names: string[], config: ProductionConfig, env: Map<string, string>): FunctionSecret[] {
  return names.map((name) => {
    const setting = secretsFromConfig[name];
    if (setting === undefined) return { name, source: envVariableFor(name), value: env.get(envVariableFor(name)) || undefined };
    const value = config.effective(setting);
    const resolved = value === undefined || (typeof value === 'string' && (value === '' || value.startsWith('env('))) ? undefined : String(value);
    return { name, source: setting, value: resolved };
  });
}

/** `NAME ← source: value`, a secret's value never shown. */
export function secretLine({ name, source, value }: FunctionSecret): string {
  const shown = value === undefined ? '(not set)' : isSecretValue(name) ? `(set, ${value.length} characters, not shown)` : JSON.stringify(value);
  return `${name} ← ${source}: ${shown}`;
}
