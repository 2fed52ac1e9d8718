// The Send Email hook as GoTrue calls it ([auth.hook.send_email]; supabase/auth
// internal/hooks/hookshttp/hookshttp.go, hookserrors/hookserrors.go, v0hooks/v0hooks.go): a POST of
// the JSON payload signed as Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature:
// "v1," + base64 HMAC-SHA256 of "<id>.<timestamp>.<body>" with each secret's base64 key after
// "v1,whsec_"), 5 s for all attempts, up to 3 attempts 2 s apart when the hook cannot be reached
// or answers 429/503 with Retry-After. 204, or 200/202 with a JSON body, is success, unless the
// body is `{"error": {"http_code", "message"}}`: then Auth answers that status and message (500
// without http_code). Any other status is a 500. `host.docker.internal` (the URI `supabase start`
// users write for their machine) is this machine here.
import { createHmac, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { readToml, type StackConfig } from '../shared/config.ts';
import { HOST, SMTP_PORT, supabaseDir } from '../shared/paths.ts';
import { AuthError } from './store.ts';

const TIMEOUT_MS = 5_000;
const RETRIES = 3;
const BACKOFF_MS = 2_000;
const RESPONSE_LIMIT = 200 * 1024;

export interface HookConfig {
  uri: string;
  /** `v1,whsec_<base64>` each ("|"-separated in config.toml) */
  secrets: string[];
}

/** GoTrue's check at start (conf ValidateExtensibilityPoint), for stack:start's refusal line. */
export function sendEmailHookProblem(file = join(supabaseDir, 'config.toml')): string | undefined {
  const table = readToml(file).get('auth.hook.send_email');
  if (table?.get('enabled') !== true) return undefined;
  const env = (value: unknown) => String(value ?? '').replace(/^env\((\w+)\)$/, (_, name: string) => process.env[name] ?? '');
  const uri = env(table.get('uri'));
  const secrets = env(table.get('secrets')).split('|').filter(Boolean);
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `Invalid hook config: auth.hook.send_email.uri "${uri}" is not a URL`;
  }
  if (url.protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]', 'host.docker.internal'].includes(url.hostname)) {
    return 'Invalid hook config: auth.hook.send_email.uri: only localhost, 127.0.0.1, and ::1 are supported with http';
  }
  if (!secrets.length || secrets.some((secret) => !/^v1,whsec_[A-Za-z0-9+/=]{32,88}$/.test(secret))) {
    return 'Invalid hook config: auth.hook.send_email.secrets must be formatted as "v1,whsec_<base64_encoded_secret>" with a minimum length of 32 characters.';
  }
  return undefined;
}

/** Standard Webhooks signatures of one message, one per secret, as GoTrue's generateSignatures. */
export function signWebhook(secrets: string[], id: string, timestamp: number, body: string): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.replace(/^v1,whsec_/, ''), 'base64');
      return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
    })
    .join(', ');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** hookserrors.Check: an `error` object with a message is the hook refusing. */
function hookRefusal(body: string): AuthError | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const error = (parsed as { error?: { http_code?: unknown; message?: unknown } } | null)?.error;
  if (!error || typeof error !== 'object' || typeof error.message !== 'string' || !error.message) return undefined;
  const status = typeof error.http_code === 'number' && error.http_code > 0 ? error.http_code : 500;
  // An HTTPError without an error code: GoTrue answers "unexpected_failure" for 500, else "unknown".
  return new AuthError(status, status === 500 ? 'unexpected_failure' : 'unknown', error.message);
}

export function createSendEmailHook(hook: HookConfig) {
  const url = new URL(hook.uri);
  if (url.hostname === 'host.docker.internal') url.hostname = '127.0.0.1';

  /** Calls the hook with the payload; throws the AuthError GoTrue would answer with. */
  return async function callHook(payload: unknown): Promise<void> {
    const body = JSON.stringify(payload);
    const deadline = Date.now() + TIMEOUT_MS;
    const timedOut = () => new AuthError(422, 'hook_timeout', `Failed to reach hook within maximum time of ${(TIMEOUT_MS / 1000).toFixed(6)} seconds`);
    for (let attempt = 0; attempt < RETRIES; attempt += 1) {
      const id = randomUUID();
      const timestamp = Math.floor(Date.now() / 1000);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'webhook-id': id,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': signWebhook(hook.secrets, id, timestamp, body),
            'accept-encoding': 'identity',
          },
          body,
          signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
        });
      } catch (error) {
        if ((error as Error).name === 'TimeoutError' || Date.now() >= deadline) throw timedOut();
        if (attempt < RETRIES - 1) {
          if (Date.now() + BACKOFF_MS >= deadline) throw timedOut();
          await sleep(BACKOFF_MS);
          continue;
        }
        throw new AuthError(422, 'hook_timeout_after_retry', 'Failed to reach hook after maximum retries');
      }
      const status = response.status;
      if (status === 204) return;
      if (status === 200 || status === 202) {
        const type = response.headers.get('content-type');
        if (!type) throw new AuthError(400, 'hook_payload_invalid_content_type', 'Invalid Content-Type: Missing Content-Type header');
        if (type.split(';')[0]!.trim().toLowerCase() !== 'application/json') {
          throw new AuthError(400, 'hook_payload_invalid_content_type', `Invalid JSON response. Received content-type: ${type}`);
        }
        const text = await response.text();
        if (Buffer.byteLength(text) > RESPONSE_LIMIT) {
          throw new AuthError(422, 'hook_payload_over_size_limit', `Payload size exceeded size limit of ${RESPONSE_LIMIT} bytes`);
        }
        const refusal = hookRefusal(text);
        if (refusal) throw refusal;
        return;
      }
      await response.body?.cancel();
      if (status === 429 || status === 503) {
        if (response.headers.get('retry-after')) continue;
        throw new AuthError(500, 'unexpected_failure', 'Service currently unavailable due to hook');
      }
      if (status === 400) throw new AuthError(500, 'unexpected_failure', 'Invalid payload sent to hook');
      if (status === 401) throw new AuthError(500, 'unexpected_failure', 'Hook requires authorization token');
      throw new AuthError(500, 'unexpected_failure', `Unexpected status code returned from hook: ${status}`);
    }
    throw new AuthError(500, 'unexpected_failure', 'Service currently unavailable due to hook');
  };
}

export type CallHook = ReturnType<typeof createSendEmailHook>;

/**
 * The environment of the function the Send Email hook calls (its URI's /functions/v1/<name>),
 * as the local stack gives it: the secrets Auth signs with, the web app's address for the
 * templates' {{ .SiteURL }}, and the mail catcher as SMTP server, from [local_smtp] as
 * `supabase start` gives GoTrue its sender. A hosted project sets the same names with
 * `supabase secrets set` (supabase/functions/send-email/README.md).
 */
export function hookFunctionEnv(functionName: string, config: StackConfig): Record<string, string> {
  const hook = config.sendEmailHook;
  if (!hook || !new URL(hook.uri).pathname.endsWith(`/functions/v1/${functionName}`)) return {};
  return {
    SEND_EMAIL_HOOK_SECRETS: hook.secrets.join('|'),
    SITE_URL: config.siteUrl,
    SMTP_HOST: HOST,
    SMTP_PORT: String(SMTP_PORT),
    SMTP_ADMIN_EMAIL: config.mailFrom.address,
    SMTP_SENDER_NAME: config.mailFrom.name,
  };
}
