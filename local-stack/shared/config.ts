// The few settings of supabase/config.toml the local stack honours. A tiny reader for
// the flat `key = value` TOML the CLI config uses (no dependency needed).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseGoDuration } from './duration.ts';
import { supabaseDir } from './paths.ts';

type TomlValue = string | number | boolean | string[];
type TomlTables = Map<string, Map<string, TomlValue>>;

function parseValue(raw: string): TomlValue {
  const text = raw.trim();
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^-?\d+$/.test(text)) return Number(text);
  if (text.startsWith('[')) {
    return [...text.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => match[1] ?? '');
  }
  const quoted = /^"((?:[^"\\]|\\.)*)"/.exec(text);
  return quoted ? (quoted[1] ?? '') : text;
}

export function readToml(file: string): TomlTables {
  const tables: TomlTables = new Map([['', new Map()]]);
  let current = tables.get('')!;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const header = /^\[([^\]]+)\]$/.exec(trimmed);
    if (header) {
      current = new Map();
      tables.set(header[1]!.trim(), current);
      continue;
    }
    const pair = /^([A-Za-z0-9_.-]+)\s*=\s*(.+)$/.exec(trimmed);
    if (pair) current.set(pair[1]!, parseValue(pair[2]!.replace(/\s+#.*$/, '')));
  }
  return tables;
}

export interface StackConfig {
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtExpiry: number;
  refreshTokenReuseInterval: number;
  enableSignup: boolean;
  minimumPasswordLength: number;
  /** GoTrue's GOTRUE_PASSWORD_REQUIRED_CHARACTERS: each set needs one character of it */
  passwordRequiredCharacters: string[];
  /** [auth.rate_limit], as the CLI hands it to GoTrue (per 5 minutes per IP) */
  rateLimit: { signInSignUps: number; tokenRefresh: number; tokenVerifications: number };
  oauthProviders: string[];
  /** [auth.email]: sign-ups wait for the confirmation mail; e-mail changes mail both addresses */
  enableConfirmations: boolean;
  doubleConfirmChanges: boolean;
  /** [auth.email] otp_expiry (seconds) */
  otpExpiry: number;
  /** [auth.email] max_frequency, in ms: the least time between two mails of one kind to one user */
  emailMaxFrequencyMs: number;
  /** [auth.rate_limit] email_sent: mails per hour for the instance */
  emailSentPerHour: number;
  /** [auth.email.notification.password_changed] enabled: a mail after every password change */
  passwordChangedNotification: boolean;
  /** [auth.email] secure_password_change: a session older than 24 h needs a reauthentication nonce */
  securePasswordChange: boolean;
  /** supabase/auth-hosted.json security_update_password_require_current_password (no config.toml key) */
  requireCurrentPassword: boolean;
  /** [auth.hook.send_email] when enabled: where and with which secrets Auth calls it */
  sendEmailHook: { uri: string; secrets: string[] } | undefined;
  /** Auth's sender under `supabase start`: [local_smtp] sender_name and admin_email (the CLI's defaults) */
  mailFrom: { name: string; address: string };
  fileSizeLimitBytes: number;
  /** function name → verify_jwt (default true) */
  verifyJwt: Map<string, boolean>;
  /** functions switched off with `enabled = false` */
  disabledFunctions: Set<string>;
}

function sizeToBytes(size: string): number {
  const match = /^(\d+)\s*(KiB|MiB|GiB|KB|MB|GB|B)?$/i.exec(size.trim());
  if (!match) return 50 * 1024 * 1024;
  const units: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3 };
  return Number(match[1]) * (units[(match[2] ?? 'b').toLowerCase()] ?? 1);
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~';

/** The CLI's PasswordRequirements.ToChar(), split on its `:` separator. */
export function requiredCharacters(requirement: string): string[] {
  switch (requirement) {
    case '':
      return [];
    case 'letters_digits':
      return [LOWER + UPPER, DIGITS];
    case 'lower_upper_letters_digits':
      return [LOWER, UPPER, DIGITS];
    case 'lower_upper_letters_digits_symbols':
      return [LOWER, UPPER, DIGITS, SYMBOLS];
    default:
      throw new Error(`supabase/config.toml: unknown auth.password_requirements "${requirement}"`);
  }
}

/** The CLI's env(NAME) substitution (LoadEnvHook): the variable's value, '' when unset. */
const resolveEnv = (value: string): string => value.replace(/^env\((\w+)\)$/, (_, name: string) => process.env[name] ?? '');

/** Auth settings a hosted project has that config.toml cannot carry (the Management API's names). */
export function readHostedAuthSettings(): Record<string, unknown> {
  const file = join(supabaseDir, 'auth-hosted.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
}

export function loadConfig(): StackConfig {
  const toml = readToml(join(supabaseDir, 'config.toml'));
  const hosted = readHostedAuthSettings();
  // As the CLI (viper, prefix SUPABASE, "." → "_"): SUPABASE_AUTH_MINIMUM_PASSWORD_LENGTH=6
  // overrides [auth] minimum_password_length (the conformance runner uses it for the suites' rules).
  const get = <T extends TomlValue>(table: string, key: string, fallback: T): T => {
    const env = process.env[`SUPABASE_${`${table}.${key}`.toUpperCase().replace(/\./g, '_')}`];
    if (env !== undefined) return parseValue(/^[[\d-]|^(true|false)$/.test(env) ? env : JSON.stringify(env)) as T;
    return (toml.get(table)?.get(key) as T | undefined) ?? fallback;
  };
  const oauthProviders = [...toml.entries()]
    .filter(([name, table]) => name.startsWith('auth.external.') && table.get('enabled') === true)
    .map(([name]) => name.slice('auth.external.'.length));
  const verifyJwt = new Map<string, boolean>();
  const disabledFunctions = new Set<string>();
  for (const [name, table] of toml) {
    if (!name.startsWith('functions.')) continue;
    verifyJwt.set(name.slice('functions.'.length), get(name, 'verify_jwt', true));
    if (table.get('enabled') === false) disabledFunctions.add(name.slice('functions.'.length));
  }
  return {
    siteUrl: get('auth', 'site_url', 'http://127.0.0.1:3000'),
    additionalRedirectUrls: get<string[]>('auth', 'additional_redirect_urls', []),
    jwtExpiry: get('auth', 'jwt_expiry', 3600),
    refreshTokenReuseInterval: get('auth', 'refresh_token_reuse_interval', 10),
    enableSignup: get('auth', 'enable_signup', true),
    minimumPasswordLength: get('auth', 'minimum_password_length', 6),
    passwordRequiredCharacters: requiredCharacters(get('auth', 'password_requirements', '')),
    rateLimit: {
      signInSignUps: get('auth.rate_limit', 'sign_in_sign_ups', 30),
      tokenRefresh: get('auth.rate_limit', 'token_refresh', 150),
      tokenVerifications: get('auth.rate_limit', 'token_verifications', 30),
    },
    oauthProviders,
    enableConfirmations: get('auth.email', 'enable_confirmations', false),
    doubleConfirmChanges: get('auth.email', 'double_confirm_changes', true),
    otpExpiry: get('auth.email', 'otp_expiry', 3600),
    // The CLI's default (`supabase init` writes "1s"), in Go's duration syntax.
    emailMaxFrequencyMs: parseGoDuration(get('auth.email', 'max_frequency', '1s')),
    emailSentPerHour: get('auth.rate_limit', 'email_sent', 2),
    passwordChangedNotification: get('auth.email.notification.password_changed', 'enabled', false),
    securePasswordChange: get('auth.email', 'secure_password_change', false),
    requireCurrentPassword: hosted.security_update_password_require_current_password === true,
    sendEmailHook: get('auth.hook.send_email', 'enabled', false)
      ? {
          uri: resolveEnv(get('auth.hook.send_email', 'uri', '')),
          secrets: resolveEnv(get('auth.hook.send_email', 'secrets', ''))
            .split('|')
            .filter(Boolean),
        }
      : undefined,
    mailFrom: { name: get('local_smtp', 'sender_name', 'Admin'), address: get('local_smtp', 'admin_email', 'admin@email.com') },
    fileSizeLimitBytes: sizeToBytes(get('storage', 'file_size_limit', '50MiB')),
    verifyJwt,
    disabledFunctions,
  };
}
