// The mails Auth sends, as GoTrue's handlers send them (supabase/auth internal/api/otp.go,
// magic_link.go, recover.go, resend.go, reauthenticate.go, user.go): each stores the hash of a
// fresh OTP in the user's *_token column with its *_sent_at time, and mails the OTP and the
// /verify link. Answers are `{}` whether or not the e-mail has an account (no enumeration).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { StackConfig } from '../shared/config.ts';
import { str } from '../shared/http.ts';
import { randomPassword } from './admin-users.ts';
import { checkMetadata, readAuthJson, validateEmail } from './input.ts';
import type { Mailer } from './mailer.ts';
import { challengeOf, PKCE_PREFIX, type Challenge, type PkceFlows } from './pkce-email.ts';
import { AuthError, hashPassword, type AuthStore, type Db, type UserRow } from './store.ts';
import { actionLink, generateOtp, tokenHash } from './tokens.ts';

type Json = Record<string, unknown>;

export function createEmailSend(config: StackConfig, store: AuthStore, send: Mailer, allowedRedirect: (target: string | undefined) => string, pkce: PkceFlows) {
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
  async function mailToken(db: Db, user: UserRow, kind: 'signup' | 'magiclink' | 'recovery', referrer: string, challenge?: Challenge): Promise<void> {
    const otp = generateOtp();
    const hash = (challenge ? PKCE_PREFIX : '') + tokenHash(user.email!, otp);
    if (challenge) pkce.remember(hash, challenge);
    const column = kind === 'signup' ? 'confirmation' : 'recovery';
    checkFrequency(kind === 'signup' ? user.confirmation_sent_at : user.recovery_sent_at);
    await db.query(`update auth.users set ${column}_token = $2, ${column}_sent_at = now() where id = $1`, [user.id, hash]);
    const template = kind === 'signup' ? 'confirmation' : kind === 'magiclink' ? 'magic_link' : 'recovery';
    await send(template, user.email!, {
      ConfirmationURL: actionLink(hash, kind, referrer),
      Email: user.email!,
      Token: otp,
      TokenHash: hash,
      Data: user.raw_user_meta_data,
      RedirectTo: referrer,
    });
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
      if (!user.email_confirmed_at) return mailToken(db, user, 'signup', referrer, challenge);
      return mailToken(db, user, 'magiclink', referrer, challenge);
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
      if (user) await mailToken(db, user, 'recovery', referrerOf(req, body), challenge);
    });
    return {};
  }

  /** E-mail change mails: to the new address, and with double_confirm_changes to the current one too. */
  async function mailEmailChange(db: Db, user: UserRow, newEmail: string, referrer: string): Promise<void> {
    checkFrequency(user.email_change_sent_at);
    const otpNew = generateOtp();
    const otpCurrent = generateOtp();
    const hashNew = tokenHash(newEmail, otpNew);
    const hashCurrent = config.doubleConfirmChanges && user.email ? tokenHash(user.email, otpCurrent) : '';
    await db.query(
      `update auth.users set email_change = $2, email_change_sent_at = now(), email_change_confirm_status = 0,
         email_change_token_new = $3, email_change_token_current = $4 where id = $1`,
      [user.id, newEmail, hashNew, hashCurrent],
    );
    const common = { Email: user.email ?? '', NewEmail: newEmail, Data: user.raw_user_meta_data, RedirectTo: referrer };
    await send('email_change', newEmail, {
      ...common,
      ConfirmationURL: actionLink(hashNew, 'email_change', referrer),
      Token: otpNew,
      TokenHash: hashNew,
      SendingTo: newEmail,
    });
    if (hashCurrent) {
      await send('email_change', user.email!, {
        ...common,
        ConfirmationURL: actionLink(hashCurrent, 'email_change', referrer),
        Token: otpCurrent,
        TokenHash: hashCurrent,
        SendingTo: user.email!,
      });
    }
  }

  /** POST /resend for e-mail types (the caller checked type and address). */
  async function resend(req: IncomingMessage, body: Json, type: string, rawEmail: string): Promise<Json> {
    const email = validateEmail(rawEmail);
    await transaction(async (db) => {
      const user = await findUserByEmail(db, email);
      if (!user) return;
      if (type === 'signup' && !user.email_confirmed_at) await mailToken(db, user, 'signup', referrerOf(req, body));
      if (type === 'email_change' && user.email_change) await mailEmailChange(db, user, user.email_change, referrerOf(req, body));
    });
    return {};
  }

  /** GET /reauthenticate: a code for the signed-in user, mailed with the reauthentication template. */
  async function reauthenticate(db: Db, user: UserRow): Promise<Json> {
    if (!user.email) throw new AuthError(422, 'reauthentication_not_valid', 'Reauthentication requires the user to have an email or a phone number');
    checkFrequency(user.reauthentication_sent_at);
    const otp = generateOtp();
    await db.query('update auth.users set reauthentication_token = $2, reauthentication_sent_at = now() where id = $1', [user.id, tokenHash(user.email, otp)]);
    await send('reauthentication', user.email, { Email: user.email, Token: otp, Data: user.raw_user_meta_data });
    return {};
  }

  /** POST /signup with enable_confirmations = true: the user waits for the confirmation mail. */
  async function confirmSignUp(db: Db, user: UserRow, req: IncomingMessage, body: Json): Promise<void> {
    await mailToken(db, user, 'signup', referrerOf(req, body));
  }

  return { otp, recover, resend, reauthenticate, mailEmailChange, confirmSignUp, referrerOf };
}
