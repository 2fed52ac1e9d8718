// `POST /admin/generate_link` and `POST /invite` as GoTrue answers them (supabase/auth
// internal/api/mail.go adminGenerateLink, invite.go): the e-mail is validated first; a
// magic link for an unknown e-mail becomes a sign-up; recovery and e-mail change need an
// existing user (404 user_not_found); a confirmed user cannot be signed up or invited again
// (422 email_exists). The one-time token (tokens.ts) is stored in the user's *_token column and
// the link verifies it. generate_link sends nothing; invite mails the invitation (mail-dispatch.ts).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { str } from '../shared/http.ts';
import { randomPassword } from './admin-users.ts';
import { checkMetadata, readAuthJson, validateEmail } from './input.ts';
import type { SendEmail } from './mail-dispatch.ts';
import { AuthError, hashPassword, type AuthStore, type Db, type UserRow } from './store.ts';
import { actionLink, generateOtp, tokenHash } from './tokens.ts';

const DUPLICATE_EMAIL = 'A user with this email address has already been registered';

type Json = Record<string, unknown>;

export function createAdminLinks(store: AuthStore, allowedRedirect: (target: string | undefined) => string, sendEmail: SendEmail) {
  const { transaction, findUserByEmail, loadUser, userJson, checkPassword, insertUser, insertIdentity } = store;

  /** GoTrue's GetReferrer: the body's redirect_to, else the query's, if allowed; else site_url. */
  function referrerOf(req: IncomingMessage, body: Json): string {
    const query = new URL(req.url ?? '/', 'http://local').searchParams.get('redirect_to') ?? undefined;
    const fromBody = str(body.redirect_to);
    return fromBody && allowedRedirect(fromBody) === fromBody ? fromBody : allowedRedirect(query);
  }

  /** A new, unconfirmed e-mail user with its identity (signupNewUser + createNewIdentity). */
  async function newUser(db: Db, email: string, passwordHash: string | null, data: Json): Promise<UserRow> {
    const id = randomUUID();
    await insertUser(db, id, email, passwordHash, { provider: 'email', providers: ['email'] }, data, { confirmed: false });
    await insertIdentity(db, id, 'email', id, { sub: id, email, email_verified: false, phone_verified: false });
    return (await loadUser(db, id))!;
  }

  async function generateLink(req: IncomingMessage): Promise<Json> {
    const body = await readAuthJson(req);
    const email = validateEmail(str(body.email) ?? '');
    const referrer = referrerOf(req, body);
    const data = (body.data && typeof body.data === 'object' ? body.data : {}) as Json;
    checkMetadata(data);
    let type = str(body.type) ?? '';
    let password = str(body.password) ?? '';
    const existing = await transaction((db) => findUserByEmail(db, email));
    if (!existing) {
      if (type === 'magiclink') {
        type = 'signup';
        password = randomPassword();
      } else if (['recovery', 'email_change_current', 'email_change_new'].includes(type)) {
        throw new AuthError(404, 'user_not_found', 'User with this email not found');
      }
    }
    let passwordHash: string | null = null;
    if (type === 'signup' && !existing) {
      if (!password) throw new AuthError(422, 'validation_failed', 'Signup requires a valid password');
      checkPassword(password);
      passwordHash = await hashPassword(password);
    }
    const otp = generateOtp();
    const hash = tokenHash(email, otp);
    return transaction(async (db) => {
      let user = existing ? await loadUser(db, existing.id) : undefined;
      switch (type) {
        case 'magiclink':
        case 'recovery':
          await db.query('update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1', [user!.id, hash]);
          break;
        case 'invite':
          if (user?.email_confirmed_at) throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
          user ??= await newUser(db, email, null, data);
          await db.query('update auth.users set confirmation_token = $2, confirmation_sent_at = now(), invited_at = now() where id = $1', [user.id, hash]);
          break;
        case 'signup':
          if (user?.email_confirmed_at) throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
          if (user) {
            await db.query(`update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb where id = $1`, [user.id, data]);
          } else {
            user = await newUser(db, email, passwordHash, data);
          }
          await db.query('update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1', [user.id, hash]);
          break;
        case 'email_change_current':
        case 'email_change_new': {
          const newEmail = validateEmail(str(body.new_email) ?? '');
          const taken = await findUserByEmail(db, newEmail);
          if (taken && taken.id !== user!.id) throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
          const current = type === 'email_change_current' ? hash : '';
          const next = type === 'email_change_new' ? tokenHash(newEmail, otp) : '';
          await db.query(
            `update auth.users set email_change = $2, email_change_sent_at = now(), email_change_confirm_status = 0,
               email_change_token_current = $3, email_change_token_new = $4 where id = $1`,
            [user!.id, newEmail, current, next],
          );
          break;
        }
        default:
          throw new AuthError(400, 'validation_failed', `Invalid email action link type requested: ${type}`);
      }
      const fresh = (await loadUser(db, user!.id))!;
      const stored = type === 'email_change_new' ? fresh.email_change_token_new : type === 'email_change_current' ? fresh.email_change_token_current : hash;
      return {
        ...(await userJson(db, fresh)),
        action_link: actionLink(stored ?? hash, type, referrer),
        email_otp: otp,
        hashed_token: stored ?? hash,
        verification_type: type,
        redirect_to: referrer,
      };
    });
  }

  async function invite(req: IncomingMessage): Promise<Json> {
    const body = await readAuthJson(req);
    const email = validateEmail(str(body.email) ?? '');
    const data = (body.data && typeof body.data === 'object' ? body.data : {}) as Json;
    checkMetadata(data);
    const referrer = referrerOf(req, body);
    const otp = generateOtp();
    const hash = tokenHash(email, otp);
    return transaction(async (db) => {
      let user = await findUserByEmail(db, email);
      if (user?.email_confirmed_at) throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
      user ??= await newUser(db, email, null, data);
      await sendEmail(req, db, user, { type: 'invite', otp, tokenHash: hash, referrer });
      await db.query('update auth.users set confirmation_token = $2, confirmation_sent_at = now(), invited_at = now() where id = $1', [user.id, hash]);
      return userJson(db, (await loadUser(db, user.id))!);
    });
  }

  return { generateLink, invite };
}
