// Auth's storage: users, identities, sessions and refresh tokens in the real auth.* tables,
// and the session JSON and access-token JWT GoTrue hands out (local-stack/CONTRACT.md §1.4, §1.5).
import { randomBytes, randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type pg from 'pg';
import type { StackConfig } from '../shared/config.ts';
import { signJwt } from '../shared/jwt.ts';
import { API_URL } from '../shared/keys.ts';
import { inTransaction } from '../shared/transaction.ts';

export const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';
export const API_VERSION = '2024-01-01';

export interface UserRow {
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
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
  email_change_confirm_status: number | null;
  email_change_sent_at: Date | null;
  reauthentication_token: string | null;
  reauthentication_sent_at: Date | null;
}

export interface IdentityRow {
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

/** An error GoTrue would answer with: status, stable code and message (local-stack/CONTRACT.md §7). */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export type Db = pg.PoolClient;

const iso = (date: Date | null | undefined): string | undefined => date?.toISOString();

export async function hashPassword(password: string): Promise<string> {
  // GoTrue (Go's bcrypt) writes $2a$; the algorithm is the same as bcryptjs's $2b$.
  return (await bcrypt.hash(password, 10)).replace(/^\$2b\$/, '$2a$');
}

export function randomToken(): string {
  return randomBytes(9).toString('base64url');
}

export function createAuthStore(pool: pg.Pool, config: StackConfig) {
  const transaction = <T>(work: (db: Db) => Promise<T>): Promise<T> => inTransaction(pool, work);

  async function loadUser(db: Db, id: string): Promise<UserRow | undefined> {
    const { rows } = await db.query<UserRow>('select * from auth.users where id = $1', [id]);
    return rows[0];
  }

  async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
    const { rows } = await db.query<UserRow>('select * from auth.users where lower(email) = lower($1) and is_sso_user = false', [email]);
    return rows[0];
  }

  /** GoTrue's models.User JSON; `identities: null` where GoTrue does not load them (admin list). */
  async function userJson(db: Db, user: UserRow, withIdentities = true): Promise<Record<string, unknown>> {
    const { rows } = withIdentities
      ? await db.query<IdentityRow>('select * from auth.identities where user_id = $1 order by created_at', [user.id])
      : { rows: [] as IdentityRow[] };
    return {
      id: user.id,
      aud: user.aud,
      role: user.role,
      email: user.email ?? '',
      email_confirmed_at: iso(user.email_confirmed_at),
      invited_at: iso(user.invited_at),
      phone: user.phone ?? '',
      phone_confirmed_at: iso(user.phone_confirmed_at),
      confirmation_sent_at: iso(user.confirmation_sent_at),
      confirmed_at: iso(user.confirmed_at),
      recovery_sent_at: iso(user.recovery_sent_at),
      new_email: user.email_change || undefined,
      email_change_sent_at: iso(user.email_change_sent_at),
      reauthentication_sent_at: iso(user.reauthentication_sent_at),
      last_sign_in_at: iso(user.last_sign_in_at),
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      identities: !withIdentities
        ? null
        : rows.map((identity) => ({
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
      banned_until: iso(user.banned_until),
      deleted_at: iso(user.deleted_at),
      is_anonymous: user.is_anonymous,
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
    await db.query(`insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')`, [sessionId, userId]);
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

  /** GoTrue's checkPasswordStrength: 72 bytes at most (bcrypt), then length and character sets. */
  function checkPassword(password: string): void {
    const bytes = Buffer.byteLength(password);
    if (bytes > 72) throw new AuthError(400, 'validation_failed', 'Password cannot be longer than 72 characters');
    const reasons: string[] = [];
    const messages: string[] = [];
    if (bytes < config.minimumPasswordLength) {
      reasons.push('length');
      messages.push(`Password should be at least ${config.minimumPasswordLength} characters.`);
    }
    const sets = config.passwordRequiredCharacters;
    if (sets.some((set) => ![...set].some((character) => password.includes(character)))) {
      reasons.push('characters');
      messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
    }
    if (reasons.length) throw new AuthError(422, 'weak_password', messages.join(' '), { weak_password: { reasons } });
  }

  async function insertUser(
    db: Db,
    id: string,
    email: string,
    passwordHash: string | null,
    appMetadata: Record<string, unknown>,
    userMetadata: Record<string, unknown>,
    { confirmed = true, aud = 'authenticated', role = 'authenticated' } = {},
  ): Promise<void> {
    await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at, is_sso_user, is_anonymous)
       values ($1, $2, $7, $8, $3, $4, case when $9::boolean then now() end, $5, $6, false, now(), now(), false, false)`,
      [INSTANCE_ID, id, email, passwordHash, appMetadata, userMetadata, aud, role, confirmed],
    );
  }

  async function insertIdentity(db: Db, userId: string, provider: string, providerId: string, data: Record<string, unknown>): Promise<void> {
    await db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values ($1, $2, $3, $4, now(), now(), now())`,
      [providerId, userId, data, provider],
    );
  }

  return { transaction, loadUser, findUserByEmail, userJson, sessionJson, createSession, checkPassword, insertUser, insertIdentity };
}

export type AuthStore = ReturnType<typeof createAuthStore>;
