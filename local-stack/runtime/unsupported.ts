// Settings of supabase/config.toml the local stack cannot honour. `stack:start` (and
// ensureStack) refuses to run with any of them on, naming each in one line, instead of running
// silently without it (supabase start would honour them; see local-stack/README.md).
import { join } from 'node:path';
import { mailTemplatesProblem } from '../auth/mail-templates.ts';
import { sendEmailHookProblem } from '../auth/send-email-hook.ts';
import { readToml } from '../shared/config.ts';
import { supabaseDir } from '../shared/paths.ts';

/** OAuth providers the sign-in simulator (auth/oauth.ts) stands in for. */
const SIMULATED_PROVIDERS = new Set(['google', 'facebook']);

/** [table, key, what it is] switched on by `true`. */
const flags: Array<[string, string, string]> = [
  ['auth', 'enable_anonymous_sign_ins', 'anonymous sign-in'],
  ['auth', 'enable_manual_linking', 'manual identity linking'],
  ['auth.sms', 'enable_signup', 'phone sign-up'],
  ['auth.sms', 'enable_confirmations', 'phone confirmations'],
  ['auth.mfa.totp', 'enroll_enabled', 'MFA enrolment (TOTP)'],
  ['auth.mfa.totp', 'verify_enabled', 'MFA verification (TOTP)'],
  ['auth.mfa.phone', 'enroll_enabled', 'MFA enrolment (phone)'],
  ['auth.mfa.phone', 'verify_enabled', 'MFA verification (phone)'],
  ['auth.mfa.web_authn', 'enroll_enabled', 'MFA enrolment (WebAuthn)'],
  ['auth.mfa.web_authn', 'verify_enabled', 'MFA verification (WebAuthn)'],
  ['auth.sso', 'enabled', 'SAML SSO'],
  ['auth.saml', 'enabled', 'SAML SSO'],
  ['auth.captcha', 'enabled', 'CAPTCHA'],
  ['auth.email.smtp', 'enabled', 'a real SMTP server: the stack mails only its catcher'],
  ['auth.web3.solana', 'enabled', 'Web3 sign-in (Solana)'],
  ['auth.web3.ethereum', 'enabled', 'Web3 sign-in (Ethereum)'],
  ['auth.oauth_server', 'enabled', 'the OAuth 2.1 server'],
  ['auth.passkey', 'enabled', 'passkeys'],
  ['auth.third_party.firebase', 'enabled', 'third-party auth (Firebase)'],
  ['auth.third_party.auth0', 'enabled', 'third-party auth (Auth0)'],
  ['auth.third_party.aws_cognito', 'enabled', 'third-party auth (Cognito)'],
  ['auth.third_party.clerk', 'enabled', 'third-party auth (Clerk)'],
  ['auth.third_party.workos', 'enabled', 'third-party auth (WorkOS)'],
  ['storage.image_transformation', 'enabled', 'image transformations'],
  ['storage.s3_protocol', 'enabled', 'the S3 protocol'],
  ['db.pooler', 'enabled', 'the connection pooler'],
  ['analytics', 'enabled', 'analytics'],
];

/** `table.key (what)` for each enabled setting the stack does not implement. */
export function unsupportedSettings(file = join(supabaseDir, 'config.toml')): string[] {
  const toml = readToml(file);
  const found = flags.filter(([table, key]) => toml.get(table)?.get(key) === true).map(([table, key, what]) => `[${table}] ${key} (${what})`);
  for (const [table, values] of toml) {
    // The Send Email hook over HTTP is implemented (auth/send-email-hook.ts); no other hook is.
    const hookOverHttp = table === 'auth.hook.send_email' && /^https?:/.test(String(values.get('uri') ?? ''));
    if (table.startsWith('auth.hook.') && values.get('enabled') === true && !hookOverHttp)
      found.push(`[${table}] enabled (Auth hooks other than send_email over HTTP)`);
    const notification = /^auth\.email\.notification\.(.+)$/.exec(table)?.[1];
    if (notification && notification !== 'password_changed' && values.get('enabled') === true) {
      found.push(`[${table}] enabled (only the password_changed notification is sent)`);
    }
    const provider = /^auth\.external\.(.+)$/.exec(table)?.[1];
    if (provider && values.get('enabled') === true && !SIMULATED_PROVIDERS.has(provider))
      found.push(`[${table}] enabled (only Google and Facebook are simulated)`);
  }
  return found;
}

/**
 * The one line stack:start stops with, or undefined when everything enabled is implemented and
 * every mail template loads (auth/mail-templates.ts: a missing content_path stops the CLI too).
 */
export function refusal(file?: string): string | undefined {
  const found = unsupportedSettings(file);
  if (!found.length) return sendEmailHookProblem(file) ?? mailTemplatesProblem(file);
  return `supabase/config.toml enables what the local stack does not implement: ${found.join(', ')}; turn it off or use \`supabase start\``;
}
