// Auth: the GoTrue endpoints supabase-js uses (local-stack/CONTRACT.md §1, errors §7), on the real auth.*
// tables, connected as supabase_auth_admin like GoTrue. Passwords are bcrypt ($2a$, cost 10),
// access tokens HS256 JWTs with GoTrue's claims, refresh tokens rotate with a reuse window.
// Users and sessions: store.ts; PUT /user: update-user.ts; Google and Facebook: oauth.ts.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import bcrypt from 'bcryptjs';
import type pg from 'pg';
import { absentGrant, absentRoute, absentSignUp, OAuthError } from './absent.ts';
import { createAdmin } from './admin.ts';
import { bearerClaims } from './bearer.ts';
import { createEmailSend } from './email-send.ts';
import { createMailDispatch } from './mail-dispatch.ts';
import { createSendEmailHook } from './send-email-hook.ts';
import type { Mailer } from './mailer.ts';
import { createPkceFlows } from './pkce-email.ts';
import { createVerify } from './verify.ts';
import { createOAuth } from './oauth.ts';
import { createUpdateUser } from './update-user.ts';
import { sendJwks } from './jwks.ts';
import { API_VERSION, AuthError, createAuthStore, hashPassword, INSTANCE_ID, randomToken, type Db, type UserRow } from './store.ts';
import type { StackConfig } from '../shared/config.ts';
import { createRateLimits } from './rate-limit.ts';
import { checkMetadata, impossibleEmail, readAuthJson, validateEmail } from './input.ts';
import { sendJson, str, type Handler } from '../shared/http.ts';

/** A bcrypt hash (cost 10) of a random value: compared against when no user matches. */
const DUMMY_HASH = bcrypt.hashSync(randomUUID(), 10);

export function createAuth(pool: pg.Pool, config: StackConfig, mailer: Mailer): Handler {
  const store = createAuthStore(pool, config);
  const { transaction, loadUser, findUserByEmail, userJson, sessionJson, createSession, checkPassword, insertUser, insertIdentity } = store;
  const { authorize, simulator, callback, pkceGrant, allowedRedirect, issueAuthCode } = createOAuth(pool, config, store);
  const pkce = createPkceFlows(config.otpExpiry);
  const sendEmail = createMailDispatch(store, mailer, config.sendEmailHook ? createSendEmailHook(config.sendEmailHook) : undefined);
  const admin = createAdmin(pool, store, allowedRedirect, sendEmail);
  const emails = createEmailSend(config, store, sendEmail, allowedRedirect, pkce);
  const verify = createVerify(config, store, allowedRedirect, pkce, issueAuthCode);
  const limits = createRateLimits(config.rateLimit);

  // POST /signup: a session at once (enable_confirmations = false), or the user and a confirmation mail
  async function signUp(req: IncomingMessage): Promise<Record<string, unknown>> {
    const body = await readAuthJson(req);
    absentSignUp(body);
    limits.signups(req);
    if (!config.enableSignup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    const password = str(body.password) ?? '';
    if (!str(body.email)?.trim()) throw new AuthError(400, 'validation_failed', 'To signup, please provide your email');
    if (!password) throw new AuthError(400, 'validation_failed', 'Signup requires a valid password');
    const email = validateEmail(str(body.email) ?? '');
    checkPassword(password);
    const data = body.data && typeof body.data === 'object' ? (body.data as Record<string, unknown>) : {};
    checkMetadata(data);
    const passwordHash = await hashPassword(password);
    return transaction(async (db) => {
      const existing = await findUserByEmail(db, email);
      if (existing && !config.enableConfirmations) throw new AuthError(422, 'user_already_exists', 'User already registered');
      if (existing) return repeatedSignUp(db, existing, req, body, data);
      const id = randomUUID();
      const confirmed = !config.enableConfirmations;
      const claims = { sub: id, email, email_verified: confirmed, phone_verified: false };
      await insertUser(db, id, email, passwordHash, { provider: 'email', providers: ['email'] }, { ...data, ...claims }, { confirmed });
      await insertIdentity(db, id, 'email', id, { ...data, ...claims });
      if (confirmed) return createSession(db, id, 'password');
      // enable_confirmations = true: the user, no session, and the confirmation mail.
      await emails.confirmSignUp(db, (await loadUser(db, id))!, req, body);
      return userJson(db, (await loadUser(db, id))!);
    });
  }

  /**
   * A sign-up for a registered e-mail while confirmations are on, as GoTrue's signup.go answers
   * it, so the answer never tells whether the address has an account: an unconfirmed user gets
   * the confirmation mail again (password and metadata unchanged: nobody proved the address),
   * a confirmed one a 200 with a sanitised stand-in (new random id, no identities, no dates).
   */
  async function repeatedSignUp(
    db: Db,
    user: UserRow,
    req: IncomingMessage,
    body: Record<string, unknown>,
    data: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    if (!user.email_confirmed_at) {
      await emails.confirmSignUp(db, user, req, body);
      return userJson(db, (await loadUser(db, user.id))!);
    }
    const now = new Date().toISOString();
    const real = await userJson(db, user, false);
    return {
      ...real,
      id: randomUUID(),
      role: '',
      new_email: undefined,
      phone: '',
      created_at: now,
      updated_at: now,
      confirmation_sent_at: now,
      // nil in sanitizeUser, and omitempty in models.User's JSON: absent, as for a new account.
      last_sign_in_at: undefined,
      confirmed_at: undefined,
      email_change_sent_at: undefined,
      email_confirmed_at: undefined,
      phone_confirmed_at: undefined,
      identities: [],
      user_metadata: data,
      app_metadata: { provider: 'email', providers: ['email'] },
    };
  }

  async function passwordGrant(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const email = str(body.email)?.trim() ?? '';
    const password = str(body.password) ?? '';
    if (!email || !password) throw new AuthError(400, 'validation_failed', 'missing email or phone');
    if (impossibleEmail(email)) {
      await bcrypt.compare(password, DUMMY_HASH); // same cost as a real check
      throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
    }
    return transaction(async (db) => {
      const user = await findUserByEmail(db, email);
      // An unknown e-mail costs the same bcrypt work as a wrong password (no enumeration by timing).
      const ok = await bcrypt.compare(password, user?.encrypted_password ?? DUMMY_HASH);
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
      // A ban set through the admin API ends refreshing (GoTrue internal/tokens/service.go).
      if (user.banned_until && user.banned_until > new Date()) throw new AuthError(400, 'user_banned', 'Invalid Refresh Token: User Banned');
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
        // Reuse outside the window revokes the session; commit that before failing (a new
        // transaction then holds until the helper, shared/transaction.ts, rolls it back).
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

  /** The signed-in caller of /user and /logout, checked as GoTrue checks it. */
  async function caller(req: IncomingMessage, db: Db): Promise<{ user: UserRow; sessionId: string }> {
    const claims = await bearerClaims(req);
    if (!claims.sub) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    const sessionId = typeof claims.session_id === 'string' ? claims.session_id : '';
    const user = await loadUser(db, claims.sub);
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    const { rowCount } = await db.query('select 1 from auth.sessions where id = $1', [sessionId || INSTANCE_ID]);
    if (!rowCount) throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    // requireAuthentication refuses a banned user's token issued before the ban.
    if (user.banned_until && user.banned_until > new Date()) throw new AuthError(403, 'user_banned', 'User is banned');
    return { user, sessionId };
  }

  const updateUser = createUpdateUser({ pool, config, store, caller, limitUser: limits.user, sendEmail, emails });

  async function logout(req: IncomingMessage, scope: string): Promise<void> {
    await transaction(async (db) => {
      const { user, sessionId } = await caller(req, db);
      if (scope === 'local') await db.query('delete from auth.sessions where id = $1', [sessionId]);
      else if (scope === 'others') await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
      else await db.query('delete from auth.sessions where user_id = $1', [user.id]);
    });
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
        return sendJson(res, 200, {
          external,
          disable_signup: !config.enableSignup,
          mailer_autoconfirm: !config.enableConfirmations,
          phone_autoconfirm: false,
          sms_provider: '',
          saml_enabled: false,
        });
      }
      if (method === 'GET' && path === '/.well-known/jwks.json') return sendJwks(res);
      if (method === 'POST' && path === '/signup') return sendJson(res, 200, await signUp(req), version);
      if (method === 'POST' && path === '/token') {
        const grant = url.searchParams.get('grant_type') ?? '';
        if (!['password', 'refresh_token', 'pkce', 'web3', 'id_token'].includes(grant))
          throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
        limits.token(req);
        if (grant === 'web3' || grant === 'id_token') return await absentGrant(req, grant, config.oauthProviders);
        const body = await readAuthJson(req);
        if (grant === 'password') return sendJson(res, 200, await passwordGrant(body), version);
        if (grant === 'refresh_token') return sendJson(res, 200, await refreshGrant(body), version);
        return sendJson(res, 200, await pkceGrant(body), version);
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
      if (path === '/invite' || path === '/admin' || path.startsWith('/admin/')) {
        const answer = await admin(req, method, path, url);
        if (answer) return sendJson(res, 200, answer.body, { ...version, ...answer.headers });
      }
      if (method === 'GET' && path === '/authorize') return await authorize(res, url);
      if (method === 'GET' && path === '/simulator') return await simulator(res, url);
      if (method === 'GET' && path === '/callback') return await callback(res, url);
      const signedIn = async () => {
        const db = await pool.connect();
        try {
          return await caller(req, db);
        } finally {
          db.release();
        }
      };
      if (method === 'POST' && (path === '/otp' || path === '/magiclink')) {
        (path === '/otp' ? limits.otp : limits.magicLink)(req);
        return sendJson(res, 200, await emails.otp(req, path), version);
      }
      if (path === '/verify' && (method === 'GET' || method === 'POST')) limits.verify(req);
      if (method === 'POST' && path === '/verify') return sendJson(res, 200, await verify.verifyPost(req), version);
      if (method === 'GET' && path === '/verify') return await verify.verifyGet(req, res, url);
      if (method === 'POST' && path === '/recover') {
        limits.recover(req);
        return sendJson(res, 200, await emails.recover(req), version);
      }
      if (method === 'POST' && path === '/resend') limits.resend(req);
      if (method === 'GET' && path === '/reauthenticate') {
        const db = await pool.connect();
        try {
          return sendJson(res, 200, await emails.reauthenticate(req, db, (await caller(req, db)).user), version);
        } finally {
          db.release();
        }
      }
      const accepted = await absentRoute(req, method, path, signedIn, (body, type, email) => emails.resend(req, body, type, email));
      if (accepted) return sendJson(res, 200, accepted, version);
      throw new AuthError(404, 'not_found', 'Not Found');
    } catch (error) {
      if (error instanceof AuthError) return sendError(req, res, error);
      if (error instanceof OAuthError) return sendJson(res, 400, { error: error.error, error_description: error.description }, version);
      console.error('auth:', error);
      const message = /auth\.users|trigger|violates/i.test(String(error)) ? 'Database error saving new user' : 'Internal server error';
      return sendError(req, res, new AuthError(500, 'unexpected_failure', message));
    }
  };
}
