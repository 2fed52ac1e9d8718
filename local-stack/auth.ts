// Auth: the GoTrue endpoints supabase-js uses (contract §1, errors §7), on the real auth.*
// tables, connected as supabase_auth_admin like GoTrue. Passwords are bcrypt ($2a$, cost 10),
// access tokens HS256 JWTs with GoTrue's claims, refresh tokens rotate with a reuse window.
// Google and Facebook go through a local sign-in simulator page (see oauth-simulator.ts).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import bcrypt from 'bcryptjs';
import pg from 'pg';
import type { StackConfig } from './config.ts';
import { bearerToken, signJwt, verifyJwt } from './jwt.ts';
import { API_URL } from './keys.ts';
import { readJson, sendJson, str, type Handler } from './http.ts';
import { renderSimulator } from './oauth-simulator.ts';

const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';
const API_VERSION = '2024-01-01';

interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  phone: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  email_change: string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  is_anonymous: boolean;
  banned_until: Date | null;
  deleted_at: Date | null;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

/** An error GoTrue would answer with: status, stable code and message (contract §7). */
class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

type Db = pg.PoolClient;

const iso = (date: Date | null | undefined): string | undefined => date?.toISOString();

async function hashPassword(password: string): Promise<string> {
  // GoTrue (Go's bcrypt) writes $2a$; the algorithm is the same as bcryptjs's $2b$.
  return (await bcrypt.hash(password, 10)).replace(/^\$2b\$/, '$2a$');
}

function randomToken(): string {
  return randomBytes(9).toString('base64url');
}

export function createAuth(pool: pg.Pool, config: StackConfig): Handler {
  /** Pending OAuth flows of the simulator: state → where to return and PKCE challenge. */
  const flows = new Map<string, { provider: string; redirectTo: string; codeChallenge?: string; method?: string }>();
  /** PKCE auth codes → the session to hand out once the verifier matches. */
  const authCodes = new Map<string, { userId: string; codeChallenge: string; method: string; provider: string }>();

  async function transaction<T>(work: (db: Db) => Promise<T>): Promise<T> {
    const db = await pool.connect();
    try {
      await db.query('begin');
      const result = await work(db);
      await db.query('commit');
      return result;
    } catch (error) {
      await db.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      db.release();
    }
  }

  async function loadUser(db: Db, id: string): Promise<UserRow | undefined> {
    const { rows } = await db.query<UserRow>('select * from auth.users where id = $1', [id]);
    return rows[0];
  }

  async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
    const { rows } = await db.query<UserRow>(
      'select * from auth.users where lower(email) = lower($1) and is_sso_user = false',
      [email],
    );
    return rows[0];
  }

  async function userJson(db: Db, user: UserRow): Promise<Record<string, unknown>> {
    const { rows } = await db.query<IdentityRow>(
      'select * from auth.identities where user_id = $1 order by created_at',
      [user.id],
    );
    return {
      id: user.id,
      aud: user.aud,
      role: user.role,
      email: user.email ?? '',
      email_confirmed_at: iso(user.email_confirmed_at),
      phone: user.phone ?? '',
      phone_confirmed_at: iso(user.phone_confirmed_at),
      confirmed_at: iso(user.confirmed_at),
      new_email: user.email_change || undefined,
      last_sign_in_at: iso(user.last_sign_in_at),
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      identities: rows.map((identity) => ({
        identity_id: identity.id,
        id: identity.provider_id,
        user_id: identity.user_id,
        identity_data: identity.identity_data,
        provider: identity.provider,
        last_sign_in_at: iso(identity.last_sign_in_at),
        created_at: iso(identity.created_at),
        updated_at: iso(identity.updated_at),
        email: identity.email ?? undefined,
      })),
      created_at: iso(user.created_at),
      updated_at: iso(user.updated_at),
      is_anonymous: user.is_anonymous,
      banned_until: iso(user.banned_until),
    };
  }

  async function accessToken(db: Db, user: UserRow, sessionId: string): Promise<{ token: string; expiresAt: number }> {
    const { rows } = await db.query<{ authentication_method: string; created_at: Date }>(
      'select authentication_method, created_at from auth.mfa_amr_claims where session_id = $1 order by created_at',
      [sessionId],
    );
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = now + config.jwtExpiry;
    const token = await signJwt({
      iss: `${API_URL}/auth/v1`,
      sub: user.id,
      aud: user.aud,
      exp: expiresAt,
      iat: now,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role,
      aal: 'aal1',
      amr: rows.map((row) => ({ method: row.authentication_method, timestamp: Math.floor(row.created_at.getTime() / 1000) })),
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    });
    return { token, expiresAt };
  }

  async function sessionJson(db: Db, user: UserRow, sessionId: string, refreshToken: string): Promise<Record<string, unknown>> {
    const { token, expiresAt } = await accessToken(db, user, sessionId);
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: config.jwtExpiry,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: await userJson(db, user),
    };
  }

  /** A new auth.sessions row with its first refresh token; records the sign-in. */
  async function createSession(db: Db, userId: string, method: string): Promise<Record<string, unknown>> {
    const sessionId = randomUUID();
    const refreshToken = randomToken();
    await db.query(
      `insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')`,
      [sessionId, userId],
    );
    await db.query(
      `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
       values ($1, $2, now(), now(), $3)`,
      [randomUUID(), sessionId, method],
    );
    await db.query(
      `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, session_id)
       values ($1, $2, $3, false, now(), now(), $4)`,
      [INSTANCE_ID, refreshToken, userId, sessionId],
    );
    await db.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [userId]);
    const user = (await loadUser(db, userId))!;
    return sessionJson(db, user, sessionId, refreshToken);
  }

  function checkPassword(password: string): void {
    if (password.length < config.minimumPasswordLength) {
      throw new AuthError(422, 'weak_password', `Password should be at least ${config.minimumPasswordLength} characters.`, {
        weak_password: { reasons: ['length'] },
      });
    }
  }

  async function insertUser(
    db: Db,
    id: string,
    email: string,
    passwordHash: string | null,
    appMetadata: Record<string, unknown>,
    userMetadata: Record<string, unknown>,
  ): Promise<void> {
    await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at, is_sso_user, is_anonymous)
       values ($1, $2, 'authenticated', 'authenticated', $3, $4, now(), $5, $6, false, now(), now(), false, false)`,
      [INSTANCE_ID, id, email, passwordHash, appMetadata, userMetadata],
    );
  }

  async function insertIdentity(db: Db, userId: string, provider: string, providerId: string, data: Record<string, unknown>): Promise<void> {
    await db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values ($1, $2, $3, $4, now(), now(), now())`,
      [providerId, userId, data, provider],
    );
  }

  // POST /signup (autoconfirm, as the CLI's enable_confirmations = false)
  async function signUp(req: IncomingMessage): Promise<Record<string, unknown>> {
    const body = await readJson(req);
    if (!config.enableSignup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    const email = str(body.email)?.trim().toLowerCase() ?? '';
    const password = str(body.password) ?? '';
    if (!email) throw new AuthError(400, 'validation_failed', 'To signup, please provide your email');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    }
    if (!password) throw new AuthError(400, 'validation_failed', 'Signup requires a valid password');
    checkPassword(password);
    const data = body.data && typeof body.data === 'object' ? (body.data as Record<string, unknown>) : {};
    const passwordHash = await hashPassword(password);
    return transaction(async (db) => {
      if (await findUserByEmail(db, email)) throw new AuthError(422, 'user_already_exists', 'User already registered');
      const id = randomUUID();
      const claims = { sub: id, email, email_verified: true, phone_verified: false };
      await insertUser(db, id, email, passwordHash, { provider: 'email', providers: ['email'] }, { ...data, ...claims });
      await insertIdentity(db, id, 'email', id, { ...data, ...claims });
      return createSession(db, id, 'password');
    });
  }

  async function passwordGrant(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const email = str(body.email)?.trim() ?? '';
    const password = str(body.password) ?? '';
    if (!email || !password) throw new AuthError(400, 'validation_failed', 'missing email or phone');
    return transaction(async (db) => {
      const user = await findUserByEmail(db, email);
      const ok = user?.encrypted_password ? await bcrypt.compare(password, user.encrypted_password) : false;
      if (!user || !ok) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
      if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
      if (user.banned_until && user.banned_until > new Date()) throw new AuthError(400, 'user_banned', 'User is banned');
      return createSession(db, user.id, 'password');
    });
  }

  async function refreshGrant(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const token = str(body.refresh_token) ?? '';
    if (!token) throw new AuthError(400, 'validation_failed', 'Refresh token is required');
    return transaction(async (db) => {
      const { rows } = await db.query<{ id: string; token: string; user_id: string; revoked: boolean; updated_at: Date; session_id: string | null }>(
        'select id, token, user_id, revoked, updated_at, session_id from auth.refresh_tokens where token = $1 for update',
        [token],
      );
      const current = rows[0];
      if (!current?.session_id) {
        throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      }
      const user = await loadUser(db, current.user_id);
      if (!user) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      if (current.revoked) {
        // Replays of a just-rotated token within the reuse interval get the current pair.
        const { rows: active } = await db.query<{ token: string; parent: string | null }>(
          'select token, parent from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1',
          [current.session_id],
        );
        const withinReuse = Date.now() - current.updated_at.getTime() < config.refreshTokenReuseInterval * 1000;
        if (withinReuse && active[0]?.parent === current.token) {
          return sessionJson(db, user, current.session_id, active[0].token);
        }
        // Reuse outside the window revokes the session; commit that before failing.
        await db.query('delete from auth.sessions where id = $1', [current.session_id]);
        await db.query('commit');
        await db.query('begin');
        throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      }
      const next = randomToken();
      await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [current.id]);
      await db.query(
        `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
         values ($1, $2, $3, false, now(), now(), $4, $5)`,
        [INSTANCE_ID, next, user.id, current.token, current.session_id],
      );
      await db.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [current.session_id]);
      return sessionJson(db, user, current.session_id, next);
    });
  }

  async function pkceGrant(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const code = authCodes.get(str(body.auth_code) ?? '');
    const verifier = str(body.code_verifier) ?? '';
    if (!code) throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
    const expected = code.method.toLowerCase() === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url');
    if (expected !== code.codeChallenge) throw new AuthError(403, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
    authCodes.delete(str(body.auth_code) ?? '');
    return transaction((db) => createSession(db, code.userId, 'oauth'));
  }

  /** The signed-in caller of /user and /logout, checked as GoTrue checks it. */
  async function caller(req: IncomingMessage, db: Db): Promise<{ user: UserRow; sessionId: string }> {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    let claims;
    try {
      claims = await verifyJwt(token);
    } catch (error) {
      throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${(error as Error).message}`);
    }
    if (!claims.sub) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    const sessionId = typeof claims.session_id === 'string' ? claims.session_id : '';
    const user = await loadUser(db, claims.sub);
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    const { rowCount } = await db.query('select 1 from auth.sessions where id = $1', [sessionId || INSTANCE_ID]);
    if (!rowCount) throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    return { user, sessionId };
  }

  async function updateUser(req: IncomingMessage): Promise<Record<string, unknown>> {
    const body = await readJson(req);
    return transaction(async (db) => {
      const { user } = await caller(req, db);
      const password = str(body.password);
      if (password !== undefined) {
        checkPassword(password);
        await db.query('update auth.users set encrypted_password = $2 where id = $1', [user.id, await hashPassword(password)]);
      }
      const email = str(body.email)?.trim().toLowerCase();
      if (email && email !== user.email) {
        const taken = await findUserByEmail(db, email);
        if (taken) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
        // As with confirmations on: the change waits for the (local, never sent) e-mail link.
        await db.query('update auth.users set email_change = $2, email_change_sent_at = now() where id = $1', [user.id, email]);
      }
      if (body.data && typeof body.data === 'object') {
        await db.query(
          `update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb where id = $1`,
          [user.id, body.data],
        );
      }
      await db.query('update auth.users set updated_at = now() where id = $1', [user.id]);
      return userJson(db, (await loadUser(db, user.id))!);
    });
  }

  async function logout(req: IncomingMessage, scope: string): Promise<void> {
    await transaction(async (db) => {
      const { user, sessionId } = await caller(req, db);
      if (scope === 'local') await db.query('delete from auth.sessions where id = $1', [sessionId]);
      else if (scope === 'others') await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
      else await db.query('delete from auth.sessions where user_id = $1', [user.id]);
    });
  }

  /** GoTrue accepts redirect_to only on the site URL's host or the allow list; else site_url. */
  function allowedRedirect(target: string | undefined): string {
    if (!target) return config.siteUrl;
    try {
      const url = new URL(target);
      if (url.hostname === new URL(config.siteUrl).hostname) return target;
      const allowed = config.additionalRedirectUrls.some((entry) => {
        const pattern = new RegExp('^' + entry.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*\*?/g, '.*'));
        return pattern.test(target);
      });
      return allowed ? target : config.siteUrl;
    } catch {
      return config.siteUrl;
    }
  }

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
    const { rows } = await db.query<{ user_id: string }>(
      'select user_id from auth.identities where provider = $1 and provider_id = $2',
      [provider, sub],
    );
    if (rows[0]) {
      await db.query(
        'update auth.identities set identity_data = $3, last_sign_in_at = now(), updated_at = now() where provider = $1 and provider_id = $2',
        [provider, sub, identityData],
      );
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
    const state = randomUUID();
    flows.set(state, {
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
      const code = randomUUID();
      authCodes.set(code, { userId, codeChallenge: flow.codeChallenge, method: flow.method ?? 's256', provider: flow.provider });
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

  function sendError(req: IncomingMessage, res: ServerResponse, error: AuthError): void {
    const requested = req.headers['x-supabase-api-version'];
    const version = typeof requested === 'string' && requested >= API_VERSION ? requested : API_VERSION;
    const legacy = !requested; // browser navigations: GoTrue's legacy body
    const body = legacy
      ? { code: error.status, error_code: error.code, msg: error.message, ...error.extra }
      : { code: error.code, error_code: error.code, message: error.message, msg: error.message, ...error.extra };
    sendJson(res, error.status, body, { 'x-supabase-api-version': version, 'x-sb-error-code': error.code });
  }

  return async (req, res, path, url) => {
    const method = req.method ?? 'GET';
    const version = { 'x-supabase-api-version': API_VERSION };
    try {
      if (method === 'GET' && path === '/health') {
        return sendJson(res, 200, { version: 'local-stack', name: 'GoTrue', description: 'GoTrue-compatible local auth' });
      }
      if (method === 'GET' && path === '/settings') {
        const external: Record<string, boolean> = { email: true, phone: false };
        for (const provider of config.oauthProviders) external[provider] = true;
        return sendJson(res, 200, { external, disable_signup: !config.enableSignup, mailer_autoconfirm: true, phone_autoconfirm: false, sms_provider: '', saml_enabled: false });
      }
      if (method === 'GET' && path === '/.well-known/jwks.json') return sendJson(res, 200, { keys: [] });
      if (method === 'POST' && path === '/signup') return sendJson(res, 200, await signUp(req), version);
      if (method === 'POST' && path === '/token') {
        const body = await readJson(req);
        const grant = url.searchParams.get('grant_type');
        if (grant === 'password') return sendJson(res, 200, await passwordGrant(body), version);
        if (grant === 'refresh_token') return sendJson(res, 200, await refreshGrant(body), version);
        if (grant === 'pkce') return sendJson(res, 200, await pkceGrant(body), version);
        throw new AuthError(400, 'validation_failed', 'unsupported_grant_type');
      }
      if (method === 'GET' && path === '/user') {
        const db = await pool.connect();
        try {
          return sendJson(res, 200, await userJson(db, (await caller(req, db)).user), version);
        } finally {
          db.release();
        }
      }
      if (method === 'PUT' && path === '/user') return sendJson(res, 200, await updateUser(req), version);
      if (method === 'POST' && path === '/logout') {
        await logout(req, url.searchParams.get('scope') ?? 'global');
        res.writeHead(204, version);
        return void res.end();
      }
      if (method === 'GET' && path === '/authorize') return await authorize(res, url);
      if (method === 'GET' && path === '/simulator') return await simulator(res, url);
      if (method === 'GET' && path === '/callback') return await callback(res, url);
      throw new AuthError(404, 'not_found', 'Not Found');
    } catch (error) {
      if (error instanceof AuthError) return sendError(req, res, error);
      console.error('auth:', error);
      const message = /auth\.users|trigger|violates/i.test(String(error)) ? 'Database error saving new user' : 'Internal server error';
      return sendError(req, res, new AuthError(500, 'unexpected_failure', message));
    }
  };
}
