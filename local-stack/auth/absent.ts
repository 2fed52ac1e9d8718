// GoTrue features the local stack deliberately leaves out (MFA, SSO, phone OTP, passkeys, Web3,
// ID-token sign-in, manual identity linking, anonymous sign-in) answer exactly as GoTrue does
// with the feature switched off (supabase/auth: api.go routes and middleware, mfa.go, otp.go,
// web3.go, token_oidc.go), never a bare 404. E-mail OTP, magic links, recovery, resend,
// reauthentication and /verify are real (email-send.ts, verify.ts); this file keeps /resend's
// input checks and the phone refusals.
import type { IncomingMessage } from 'node:http';
import { str } from '../shared/http.ts';
import { readAuthJson } from './input.ts';
import { AuthError } from './store.ts';

/** GoTrue's OAuthError: HTTP 400 with `{ error, error_description }`. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Issuers GoTrue knows for ID-token sign-in with `provider` (token_oidc.go). */
const idTokenIssuers: Record<string, string> = {
  google: 'https://accounts.google.com',
  apple: 'https://appleid.apple.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
};

/** `POST /token?grant_type=web3|id_token` */
export async function absentGrant(req: IncomingMessage, grant: string, enabledProviders: string[]): Promise<never> {
  if (grant === 'web3') throw new AuthError(422, 'web3_provider_disabled', 'Web3 provider is disabled');
  const body = await readAuthJson(req);
  if (!str(body.id_token)) throw new OAuthError('invalid request', 'id_token required');
  const provider = str(body.provider) ?? '';
  if (!provider && !(str(body.client_id) && str(body.issuer))) throw new OAuthError('invalid request', 'provider or client_id and issuer required');
  const issuer = idTokenIssuers[provider];
  if (!issuer) throw new AuthError(400, 'validation_failed', `Custom OIDC provider "${provider}" not allowed`);
  if (!enabledProviders.includes(provider)) throw new AuthError(400, 'provider_disabled', `Provider (issuer "${issuer}") is not enabled`);
  // An enabled provider's token would be checked against the provider's keys, which the
  // offline stack cannot fetch: every token is one GoTrue could not verify.
  throw new OAuthError('invalid request', 'Bad ID token');
}

/** `POST /signup` without e-mail (anonymous, or phone): both providers are off. */
export function absentSignUp(body: Record<string, unknown>): void {
  if (str(body.email)?.trim()) return;
  if (str(body.phone)?.trim()) throw new AuthError(422, 'phone_provider_disabled', 'Phone signups are disabled');
  throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
}

/**
 * The other absent routes. `signedIn` checks the Bearer token as GoTrue's requireAuthentication.
 * Returns the 200 body for accepted requests, throws GoTrue's error otherwise, or returns
 * undefined when the route is not one of these.
 */
export async function absentRoute(
  req: IncomingMessage,
  method: string,
  path: string,
  signedIn: () => Promise<unknown>,
  resendEmail: (body: Record<string, unknown>, type: string, email: string) => Promise<Record<string, unknown>>,
): Promise<Record<string, unknown> | undefined> {
  if (path === '/sso' || path.startsWith('/sso/')) throw new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
  if (path === '/passkeys' || path.startsWith('/passkeys/')) throw new AuthError(404, 'passkey_disabled', 'Passkeys are disabled');
  if (path.startsWith('/user/identities/')) {
    await signedIn();
    throw new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled');
  }
  if (path === '/factors' || path.startsWith('/factors/')) return factors(req, method, path, signedIn);
  if (method === 'POST' && path === '/resend') return resend(req, resendEmail);
  return undefined;
}

async function factors(req: IncomingMessage, method: string, path: string, signedIn: () => Promise<unknown>): Promise<never> {
  await signedIn();
  const [, , factorId] = path.split('/');
  if (factorId === undefined && method === 'POST') {
    const body = await readAuthJson(req);
    const type = str(body.factor_type);
    if (type === 'totp') throw new AuthError(422, 'mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
    if (type === 'phone') throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    if (type === 'webauthn') throw new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
    throw new AuthError(400, 'validation_failed', 'factor_type needs to be totp, phone, or webauthn');
  }
  if (factorId === undefined) throw new AuthError(405, 'method_not_allowed', 'Method Not Allowed');
  if (!uuid.test(factorId)) throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID');
  throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found'); // no factor can exist
}

async function resend(
  req: IncomingMessage,
  resendEmail: (body: Record<string, unknown>, type: string, email: string) => Promise<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  const body = await readAuthJson(req);
  const type = str(body.type) ?? '';
  const email = str(body.email)?.trim();
  const phone = str(body.phone)?.trim();
  if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
    throw new AuthError(400, 'validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
  }
  if ((type === 'signup' || type === 'email_change') && !email) throw new AuthError(400, 'validation_failed', 'Type provided requires an email address');
  if ((type === 'sms' || type === 'phone_change') && !phone) throw new AuthError(400, 'validation_failed', 'Type provided requires a phone number');
  if (email && phone) throw new AuthError(400, 'validation_failed', 'Only an email address or phone number should be provided.');
  if (phone) throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  return resendEmail(body, type, email!);
}
