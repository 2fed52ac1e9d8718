// Google and Facebook through the local sign-in simulator (local-stack/CONTRACT.md §1.6): /authorize sends
// the browser to the simulator page, /callback finds or creates the user and its provider
// identity and redirects back with the session in the fragment (or ?code= for PKCE).
import { createHash, randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type pg from 'pg';
import { AuthError, randomToken, type AuthStore, type Db } from './store.ts';
import type { StackConfig } from '../shared/config.ts';
import { API_URL } from '../shared/keys.ts';
import { str } from '../shared/http.ts';
import { renderSimulator } from './oauth-simulator.ts';
import { createRedirectCheck } from './redirect.ts';

export function createOAuth(pool: pg.Pool, config: StackConfig, store: AuthStore) {
  const { transaction, findUserByEmail, insertUser, insertIdentity, createSession } = store;
  /** Pending OAuth flows of the simulator: state → where to return and PKCE challenge. */
  const flows = new Map<string, { provider: string; redirectTo: string; codeChallenge?: string; method?: string; expiresAt: number }>();
  /** PKCE auth codes → the session to hand out once the verifier matches. */
  const authCodes = new Map<string, { userId: string; codeChallenge: string; method: string; provider: string; expiresAt: number }>();
  const FLOW_LIFETIME_MS = 10 * 60 * 1000;
  function forgetExpired(): void {
    const now = Date.now();
    for (const [key, flow] of flows) if (flow.expiresAt < now) flows.delete(key);
    for (const [key, code] of authCodes) if (code.expiresAt < now) authCodes.delete(key);
  }

  async function pkceGrant(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    forgetExpired();
    const code = authCodes.get(str(body.auth_code) ?? '');
    const verifier = str(body.code_verifier) ?? '';
    if (!code) throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
    const expected = code.method.toLowerCase() === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url');
    if (expected !== code.codeChallenge) throw new AuthError(403, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
    authCodes.delete(str(body.auth_code) ?? '');
    return transaction((db) => createSession(db, code.userId, code.provider === 'email' ? 'otp' : 'oauth'));
  }

  /** GoTrue accepts redirect_to only as its IsRedirectURLValid does; else site_url (redirect.ts). */
  const allowedRedirect = createRedirectCheck(config.siteUrl, config.additionalRedirectUrls);

  function providerId(provider: string, email: string): string {
    const digest = createHash('sha256').update(`${provider}:${email}`).digest();
    return (digest.readBigUInt64BE(0) % 10n ** 20n).toString().padStart(21, '1');
  }

  /** Finds or creates the user behind a simulated Google/Facebook account. */
  async function oauthSignIn(db: Db, provider: string, email: string, name: string): Promise<string> {
    const sub = providerId(provider, email);
    const identityData = {
      iss: provider === 'google' ? 'https://accounts.google.com' : 'https://graph.facebook.com/me',
      sub,
      provider_id: sub,
      name,
      full_name: name,
      email,
      email_verified: true,
      phone_verified: false,
      picture: '',
      avatar_url: '',
    };
    const { rows } = await db.query<{ user_id: string }>('select user_id from auth.identities where provider = $1 and provider_id = $2', [provider, sub]);
    if (rows[0]) {
      await db.query('update auth.identities set identity_data = $3, last_sign_in_at = now(), updated_at = now() where provider = $1 and provider_id = $2', [
        provider,
        sub,
        identityData,
      ]);
      return rows[0].user_id;
    }
    const existing = await findUserByEmail(db, email);
    if (existing) {
      // GoTrue links a verified e-mail from a provider to the account that already has it.
      await insertIdentity(db, existing.id, provider, sub, identityData);
      await db.query(
        `update auth.users set raw_app_meta_data = jsonb_set(coalesce(raw_app_meta_data, '{}'::jsonb), '{providers}',
           (select coalesce(jsonb_agg(distinct p), '[]'::jsonb) from jsonb_array_elements_text(
              coalesce(raw_app_meta_data -> 'providers', '[]'::jsonb) || to_jsonb($2::text)) p))
         where id = $1`,
        [existing.id, provider],
      );
      return existing.id;
    }
    if (!config.enableSignup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    const userId = randomUUID();
    await insertUser(db, userId, email, null, { provider, providers: [provider] }, identityData);
    await insertIdentity(db, userId, provider, sub, identityData);
    return userId;
  }

  async function authorize(res: ServerResponse, url: URL): Promise<void> {
    const provider = url.searchParams.get('provider') ?? '';
    if (!config.oauthProviders.includes(provider)) {
      throw new AuthError(400, 'validation_failed', 'Unsupported provider: provider is not enabled');
    }
    forgetExpired();
    const state = randomUUID();
    flows.set(state, {
      expiresAt: Date.now() + FLOW_LIFETIME_MS,
      provider,
      redirectTo: allowedRedirect(url.searchParams.get('redirect_to') ?? undefined),
      codeChallenge: url.searchParams.get('code_challenge') ?? undefined,
      method: url.searchParams.get('code_challenge_method') ?? undefined,
    });
    res.writeHead(302, { location: `${API_URL}/auth/v1/simulator?state=${state}` });
    res.end();
  }

  async function simulator(res: ServerResponse, url: URL): Promise<void> {
    const flow = flows.get(url.searchParams.get('state') ?? '');
    if (!flow) throw new AuthError(400, 'bad_oauth_state', 'OAuth state is missing or expired');
    const db = await pool.connect();
    try {
      const { rows } = await db.query<{ email: string; name: string }>(
        `select identity_data ->> 'email' as email, coalesce(identity_data ->> 'name', '') as name
           from auth.identities where provider = $1 order by last_sign_in_at desc nulls last limit 20`,
        [flow.provider],
      );
      const html = renderSimulator(flow.provider, url.searchParams.get('state')!, rows);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
    } finally {
      db.release();
    }
  }

  /** A PKCE auth code for this user, exchanged by pkceGrant once the verifier matches. */
  function issueAuthCode(userId: string, codeChallenge: string, method: string, provider: string): string {
    const code = randomUUID();
    authCodes.set(code, { userId, codeChallenge, method, provider, expiresAt: Date.now() + FLOW_LIFETIME_MS });
    return code;
  }

  async function callback(res: ServerResponse, url: URL): Promise<void> {
    const state = url.searchParams.get('state') ?? '';
    const flow = flows.get(state);
    const fail = (target: string, code: string, description: string) => {
      const fragment = new URLSearchParams({ error: 'invalid_request', error_code: code, error_description: description, sb: '' });
      res.writeHead(302, { location: `${target}#${fragment}` });
      res.end();
    };
    if (!flow) return fail(config.siteUrl, 'bad_oauth_state', 'OAuth callback with invalid state');
    flows.delete(state);
    const email = (url.searchParams.get('email') ?? '').trim().toLowerCase();
    const name = (url.searchParams.get('name') ?? '').trim() || email.split('@')[0] || '';
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return fail(flow.redirectTo, 'validation_failed', 'Error getting user email from external provider');
    if (flow.codeChallenge) {
      const userId = await transaction((db) => oauthSignIn(db, flow.provider, email, name));
      const code = issueAuthCode(userId, flow.codeChallenge, flow.method ?? 's256', flow.provider);
      const target = new URL(flow.redirectTo);
      target.searchParams.set('code', code);
      res.writeHead(302, { location: target.toString() });
      res.end();
      return;
    }
    const session = await transaction(async (db) => createSession(db, await oauthSignIn(db, flow.provider, email, name), 'oauth'));
    const fragment = new URLSearchParams({
      access_token: String(session.access_token),
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      provider_token: `local-${flow.provider}-${randomToken()}`,
      refresh_token: String(session.refresh_token),
      sb: '',
      token_type: 'bearer',
    });
    res.writeHead(302, { location: `${flow.redirectTo.split('#')[0]}#${fragment}` });
    res.end();
  }

  return { authorize, simulator, callback, pkceGrant, allowedRedirect, issueAuthCode };
}
