// The mails Auth sends, as GoTrue's handlers send them (supabase/auth internal/api/otp.go,
// magic_link.go, recover.go, resend.go, reauthenticate.go, user.go, mail.go): each checks the
// address's max_frequency for its kind, hands a fresh OTP to sendEmail (mail-dispatch.ts: the
// email_sent budget, then the Send Email hook or the templates), and only once that succeeded
// stores its hash in the user's *_token column with the *_sent_at time. Answers are `{}` whether
// or not the e-mail has an account (no enumeration).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { StackConfig } from '../shared/config.ts';
import { str } from '../shared/http.ts';
import { randomPassword } from './admin-users.ts';
import { checkMetadata, readAuthJson, validateEmail } from './input.ts';
import type { SendEmail } from './mail-dispatch.ts';
import { challengeOf, PKCE_PREFIX, type Challenge, type PkceFlows } from './pkce-email.ts';
import { AuthError, hashPassword, type AuthStore, type Db, type UserRow } from './store.ts';
import { generateOtp, tokenHash } from './tokens.ts';

type Json = Record<string, unknown>;

export function createEmailSend(
  config: StackConfig,
  store: AuthStore,
  sendEmail: SendEmail,
  allowedRedirect: (target: string | undefined) => string,
  pkce: PkceFlows,
) {
  const { transaction, findUserByEmail, loadUser, insertUser, insertIdentity } = store;

  /** GoTrue's validateSentWithinFrequencyLimit: one mail of a kind per max_frequency. */
  function checkFrequency(sentAt: Date | null): void {
    const left = sentAt ? sentAt.getTime() + config.emailMaxFrequencyMs - Date.now() : 0;
    if (left > 0) {
      throw new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${Math.floor(left / 1000)} seconds.`);
    }
  }

  const referrerOf = (req: IncomingMessage, body: Json): string => {
    const query = new URL(req.url ?? '/', 'http://local').searchParams.get('redirect_to') ?? undefined;
    return allowedRedirect(str(body.redirect_to) ?? query);
  };

  /** Confirmation (sign-up), magic link and recovery mails: one token, one template. */
  async function mailToken(
    req: IncomingMessage,
    db: Db,
    user: UserRow,
    kind: 'signup' | 'magiclink' | 'recovery',
    referrer: string,
    challenge?: Challenge,
  ): Promise<void> {
    const column = kind === 'signup' ? 'confirmation' : 'recovery';
    checkFrequency(kind === 'signup' ? user.confirmation_sent_at : user.recovery_sent_at);
    const otp = generateOtp();
    const hash = (challenge ? PKCE_PREFIX : '') + tokenHash(user.email!, otp);
    await sendEmail(req, db, user, { type: kind, otp, tokenHash: hash, referrer });
    if (challenge) pkce.remember(hash, challenge);
    await db.query(`update auth.users set ${column}_token = $2, ${column}_sent_at = now() where id = $1`, [user.id, hash]);
  }

  /** A new e-mail user as sign-up makes it (confirmed at once unless confirmations are on). */
  async function newUser(db: Db, email: string, data: Json): Promise<UserRow> {
    const id = randomUUID();
    const confirmed = !config.enableConfirmations;
    const claims = { sub: id, email, email_verified: confirmed, phone_verified: false };
    await insertUser(db, id, email, await hashPassword(randomPassword()), { provider: 'email', providers: ['email'] }, { ...data, ...claims }, { confirmed });
    await insertIdentity(db, id, 'email', id, { ...data, ...claims });
    return (await loadUser(db, id))!;
  }

  /** POST /otp with an e-mail, and POST /magiclink: a magic link (or, unconfirmed, a confirmation). */
  async function magicLink(req: IncomingMessage, body: Json): Promise<Json> {
    const email = validateEmail(str(body.email) ?? '');
    const data = (body.data && typeof body.data === 'object' ? body.data : {}) as Json;
    checkMetadata(data);
    const referrer = referrerOf(req, body);
    const challenge = challengeOf(body);
    await transaction(async (db) => {
      let user = await findUserByEmail(db, email);
      if (!user && body.create_user === false) throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');
      if (!user && !config.enableSignup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
      user ??= await newUser(db, email, data);
      if (!user.email_confirmed_at) return mailToken(req, db, user, 'signup', referrer, challenge);
      return mailToken(req, db, user, 'magiclink', referrer, challenge);
    });
    return {};
  }

  /** POST /otp (e-mail: a magic link with its code; phone: no SMS provider) and POST /magiclink. */
  async function otp(req: IncomingMessage, path: string): Promise<Json> {
    const body = await readAuthJson(req);
    const email = str(body.email)?.trim();
    const phone = str(body.phone)?.trim();
    if (path === '/otp') {
      if (email && phone) throw new AuthError(400, 'validation_failed', 'Only an email address or phone number should be provided');
      if (phone) throw new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider');
      if (!email) throw new AuthError(400, 'validation_failed', 'One of email or phone must be set');
    }
    return magicLink(req, body);
  }

  async function recover(req: IncomingMessage): Promise<Json> {
    const body = await readAuthJson(req);
    if (!str(body.email)?.trim()) throw new AuthError(400, 'validation_failed', 'Password recovery requires an email');
    const email = validateEmail(str(body.email)!);
    const challenge = challengeOf(body);
    await transaction(async (db) => {
      const user = await findUserByEmail(db, email);
      if (user) await mailToken(req, db, user, 'recovery', referrerOf(req, body), challenge);
    });
    return {};
  }

  /** E-mail change mails: to the new address, and with double_confirm_changes to the current one too. */
  async function mailEmailChange(req: IncomingMessage, db: Db, user: UserRow, newEmail: string, referrer: string): Promise<void> {
    checkFrequency(user.email_change_sent_at);
    const otpNew = generateOtp();
    const otpCurrent = config.doubleConfirmChanges && user.email ? generateOtp() : '';
    const hashNew = tokenHash(newEmail, otpNew);
    const hashCurrent = otpCurrent ? tokenHash(user.email!, otpCurrent) : '';
    await sendEmail(
      req,
      db,
      { ...user, email_change: newEmail },
      {
        type: 'email_change',
        otp: otpCurrent,
        otpNew,
        tokenHash: hashNew,
        tokenHashCurrent: hashCurrent,
        referrer,
      },
    );
    await db.query(
      `update auth.users set email_change = $2, email_change_sent_at = now(), email_change_confirm_status = 0,
         email_change_token_new = $3, email_change_token_current = $4 where id = $1`,
      [user.id, newEmail, hashNew, hashCurrent],
    );
  }

  /** POST /resend for e-mail types (the caller checked type and address). */
  async function resend(req: IncomingMessage, body: Json, type: string, rawEmail: string): Promise<Json> {
    const email = validateEmail(rawEmail);
    await transaction(async (db) => {
      const user = await findUserByEmail(db, email);
      if (!user) return;
      if (type === 'signup' && !user.email_confirmed_at) await mailToken(req, db, user, 'signup', referrerOf(req, body));
      if (type === 'email_change' && user.email_change) await mailEmailChange(req, db, user, user.email_change, referrerOf(req, body));
    });
    return {};
  }

  /** GET /reauthenticate: a code for the signed-in user, mailed with the reauthentication template. */
  async function reauthenticate(req: IncomingMessage, db: Db, user: UserRow): Promise<Json> {
    if (!user.email) throw new AuthError(400, 'validation_failed', 'Reauthentication requires the user to have an email or a phone number');
    if (!user.email_confirmed_at) throw new AuthError(422, 'email_not_confirmed', 'Please verify your email first.');
    checkFrequency(user.reauthentication_sent_at);
    const otp = generateOtp();
    const hash = tokenHash(user.email, otp);
    await sendEmail(req, db, user, { type: 'reauthentication', otp, tokenHash: hash, referrer: allowedRedirect(undefined) });
    await db.query('update auth.users set reauthentication_token = $2, reauthentication_sent_at = now() where id = $1', [user.id, hash]);
    return {};
  }

  /** POST /signup with enable_confirmations = true: the user waits for the confirmation mail. */
  async function confirmSignUp(db: Db, user: UserRow, req: IncomingMessage, body: Json): Promise<void> {
    await mailToken(req, db, user, 'signup', referrerOf(req, body));
  }

  return { otp, recover, resend, reauthenticate, mailEmailChange, confirmSignUp, referrerOf };
}
