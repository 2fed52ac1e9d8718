// GET/POST /verify as GoTrue (supabase/auth internal/api/verify.go): the input is validated
// first, in VerifyParams.Validate's order (type; GET: token; POST: token xor token_hash; with a
// token, a phone must be E.164 and an e-mail valid — 422 "Invalid email format" — and not both;
// with a token_hash, nothing else), then the token is matched against the user's *_token column
// and its *_sent_at within otp_expiry. Success confirms what the token confirms and signs in
// (POST: the session; GET: 303 to redirect_to with the session in the fragment).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StackConfig } from '../shared/config.ts';
import { str } from '../shared/http.ts';
import { readAuthJson, validateEmail } from './input.ts';
import { PKCE_PREFIX, type PkceFlows } from './pkce-email.ts';
import { AuthError, type AuthStore, type Db, type UserRow } from './store.ts';
import { tokenHash } from './tokens.ts';

type Json = Record<string, unknown>;

const SINGLE_CONFIRMATION = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/** GoTrue's validatePhone: "+" and spaces removed, then E.164. */
function validatePhone(phone: string): string {
  const formatted = phone.replace(/^\+/, '').replaceAll(' ', '');
  if (!/^[1-9]\d{1,14}$/.test(formatted)) throw new AuthError(400, 'validation_failed', 'Invalid phone number format (E.164 required)');
  return formatted;
}

/** Which token columns a verification type checks. */
const columns: Record<string, string[]> = {
  signup: ['confirmation'],
  invite: ['confirmation'],
  recovery: ['recovery'],
  magiclink: ['recovery'],
  email: ['confirmation', 'recovery'],
  email_change: ['email_change_token_current', 'email_change_token_new'],
};

const tokenColumn = (column: string): string => (column.startsWith('email_change') ? column : `${column}_token`);
const sentColumn = (column: string): string => (column.startsWith('email_change') ? 'email_change_sent_at' : `${column}_sent_at`);

/** Issues a PKCE auth code for the user (oauth.ts). */
type IssueAuthCode = (userId: string, codeChallenge: string, method: string, provider: string) => string;

export function createVerify(
  config: StackConfig,
  store: AuthStore,
  allowedRedirect: (target: string | undefined) => string,
  pkce: PkceFlows,
  issueAuthCode: IssueAuthCode,
) {
  const { transaction, findUserByEmail, loadUser, createSession, userJson } = store;

  function validate(method: string, params: Json): void {
    if (!str(params.type)) throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
    const token = str(params.token) ?? '';
    const hash = str(params.token_hash) ?? '';
    if (method === 'GET') {
      if (!token) throw new AuthError(400, 'validation_failed', 'Verify requires a token or a token hash');
      return;
    }
    if (!token === !hash) throw new AuthError(400, 'validation_failed', 'Verify requires either a token or a token hash');
    const email = str(params.email) ?? '';
    const phone = str(params.phone) ?? '';
    if (token) {
      if (phone && !email) validatePhone(phone);
      else if (email && !phone) {
        try {
          validateEmail(email);
        } catch {
          throw new AuthError(422, 'validation_failed', 'Invalid email format');
        }
      } else throw new AuthError(400, 'validation_failed', 'Only an email address or phone number should be provided on verify');
    } else if (email || phone || str(params.redirect_to)) {
      throw new AuthError(400, 'validation_failed', 'Only the token_hash and type should be provided');
    }
  }

  /** The user whose token matches, and which column matched; GoTrue's 403 otherwise. */
  async function match(db: Db, type: string, params: Json, expired: string): Promise<{ user: UserRow; column: string }> {
    const candidates = columns[type] ?? [];
    const phone = str(params.phone);
    if (phone || !candidates.length) throw new AuthError(403, 'otp_expired', expired); // no SMS is ever sent
    const email = str(params.email);
    const user = email ? await findUserByEmail(db, validateEmail(email)) : undefined;
    for (const column of candidates) {
      const hashes = email
        ? [tokenHash(column === 'email_change_token_new' ? (user?.email_change ?? '') : validateEmail(email), str(params.token)!)]
        : [str(params.token_hash) ?? str(params.token)!];
      const { rows } = await db.query<UserRow & { fresh: boolean }>(
        // GoTrue's isOtpValid: the stored token may carry the PKCE prefix.
        `select *, ${sentColumn(column)} > now() - make_interval(secs => $2) as fresh from auth.users
         where ${tokenColumn(column)} in ($1::text, '${PKCE_PREFIX}' || $1::text) and ${tokenColumn(column)} <> '' ${user ? 'and id = $3' : ''} for update`,
        user ? [hashes[0], config.otpExpiry, user.id] : [hashes[0], config.otpExpiry],
      );
      const found = rows[0];
      if (found?.fresh) return { user: found, column };
    }
    throw new AuthError(403, 'otp_expired', expired);
  }

  /** Applies what the token confirms; undefined when an e-mail change awaits its second link. */
  async function apply(db: Db, user: UserRow, column: string): Promise<UserRow | undefined> {
    if (user.banned_until && user.banned_until > new Date()) throw new AuthError(403, 'user_banned', 'User is banned');
    if (column === 'confirmation' || column === 'recovery') {
      await db.query(
        `update auth.users set ${column}_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
           raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb where id = $1`,
        [user.id],
      );
    } else {
      const waiting = config.doubleConfirmChanges && user.email_change_token_current && user.email_change_token_new && user.email_change_confirm_status === 0;
      if (waiting) {
        await db.query(`update auth.users set ${column} = '', email_change_confirm_status = 1 where id = $1`, [user.id]);
        return undefined;
      }
      await db.query(
        `update auth.users set email = email_change, email_change = '', email_change_token_current = '', email_change_token_new = '',
           email_change_confirm_status = 0, email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1`,
        [user.id],
      );
      await db.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', (select email from auth.users where id = $1)) where user_id = $1 and provider = 'email'`,
        [user.id],
      );
    }
    return loadUser(db, user.id);
  }

  async function verifyPost(req: IncomingMessage): Promise<Json> {
    const params = await readAuthJson(req);
    validate('POST', params);
    const type = str(params.type)!;
    const expired = 'Token has expired or is invalid';
    return transaction(async (db) => {
      const { user, column } = await match(db, type, params, expired);
      const done = await apply(db, user, column);
      if (!done) return { msg: SINGLE_CONFIRMATION, code: '200' };
      return createSession(db, done.id, 'otp');
    });
  }

  async function verifyGet(_req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const params = Object.fromEntries(url.searchParams) as Json;
    validate('GET', params);
    const type = str(params.type)!;
    const redirect = allowedRedirect(str(params.redirect_to));
    const token = str(params.token)!;
    const challenge = token.startsWith(PKCE_PREFIX) ? pkce.take(token) : undefined;
    let fragment: URLSearchParams;
    try {
      if (token.startsWith(PKCE_PREFIX) && !challenge) throw new AuthError(404, 'flow_state_not_found', 'No associated flow state found. flow state not found');
      const session = await transaction(async (db) => {
        const { user, column } = await match(db, type, { token_hash: token }, 'Email link is invalid or has expired');
        const done = await apply(db, user, column);
        if (done && challenge) return { code: issueAuthCode(done.id, challenge.codeChallenge, challenge.method, 'email') };
        return done ? createSession(db, done.id, 'otp') : undefined;
      });
      if (session && 'code' in session) {
        // PKCE: the code goes in the query, for exchangeCodeForSession.
        const target = new URL(redirect);
        target.searchParams.set('code', String(session.code));
        res.writeHead(303, { location: target.toString() });
        res.end();
        return;
      }
      fragment = session
        ? new URLSearchParams({
            access_token: String(session.access_token),
            expires_at: String(session.expires_at),
            expires_in: String(session.expires_in),
            refresh_token: String(session.refresh_token),
            token_type: 'bearer',
            type,
          })
        : new URLSearchParams({ message: SINGLE_CONFIRMATION });
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      fragment = new URLSearchParams({
        error: error.status >= 500 ? 'server_error' : 'access_denied',
        error_code: error.code,
        error_description: error.message,
      });
    }
    res.writeHead(303, { location: `${redirect}#${fragment.toString()}` });
    res.end();
  }

  return { verifyPost, verifyGet, userJson };
}
