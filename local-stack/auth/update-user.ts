// PUT /user as GoTrue's user.go UserUpdate answers it: the new values checked first (password
// strength, e-mail format, a taken address), then for a new password the proof of the person
// (the reauthentication code for a session older than a day with secure_password_change, the
// current password with update_password_require_current_password, not in a session from a
// mailed link), then the change: pending mailed tokens dropped and the other sessions ended, the
// metadata merged, an e-mail change mailed to both addresses, and after the commit the
// password-changed notice.
import type { IncomingMessage } from 'node:http';
import bcrypt from 'bcryptjs';
import type pg from 'pg';
import type { StackConfig } from '../shared/config.ts';
import { str } from '../shared/http.ts';
import type { createEmailSend } from './email-send.ts';
import { checkMetadata, readAuthJson, validateEmail } from './input.ts';
import type { SendEmail } from './mail-dispatch.ts';
import { AuthError, hashPassword, INSTANCE_ID, type AuthStore, type Db, type UserRow } from './store.ts';
import { tokenHash } from './tokens.ts';

interface UpdateUserDeps {
  pool: pg.Pool;
  config: StackConfig;
  store: AuthStore;
  /** GoTrue's requireAuthentication: the user and session of the bearer token. */
  caller(req: IncomingMessage, db: Db): Promise<{ user: UserRow; sessionId: string }>;
  /** The User bucket of the per-IP limits. */
  limitUser(req: IncomingMessage): void;
  sendEmail: SendEmail;
  emails: ReturnType<typeof createEmailSend>;
}

export function createUpdateUser({ pool, config, store, caller, limitUser, sendEmail, emails }: UpdateUserDeps) {
  const { transaction, loadUser, findUserByEmail, userJson, checkPassword } = store;

  /**
   * GoTrue's proof of the person for a new password (user.go UserUpdate): with
   * secure_password_change (GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION), a session
   * older than 24 hours needs the nonce mailed by GET /reauthenticate (reauthenticate.go
   * verifyReauthentication; used once); with update_password_require_current_password
   * (supabase/auth-hosted.json) the current password, except in a session that came from a
   * mailed link (Session.IsRecovery: amr otp, magiclink or recovery).
   */
  async function checkPasswordChange(db: Db, user: UserRow, sessionId: string, body: Record<string, unknown>, password: string): Promise<void> {
    const { rows } = await db.query<{ created_at: Date; recovery: boolean }>(
      `select s.created_at, exists (select 1 from auth.mfa_amr_claims c where c.session_id = s.id
       and c.authentication_method in ('otp', 'magiclink', 'recovery')) as recovery
     from auth.sessions s where s.id = $1`,
      [sessionId || INSTANCE_ID],
    );
    const session = rows[0];
    if (config.securePasswordChange && (!session || Date.now() > session.created_at.getTime() + 24 * 3_600_000)) {
      const nonce = str(body.nonce) ?? '';
      if (!nonce) throw new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication');
      const valid =
        user.email &&
        user.reauthentication_token &&
        user.reauthentication_sent_at &&
        Date.now() <= user.reauthentication_sent_at.getTime() + config.otpExpiry * 1000 &&
        tokenHash(user.email, nonce) === user.reauthentication_token;
      if (!valid) throw new AuthError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid');
      // Used up at once, outside the request's transaction, as GoTrue's ConfirmReauthentication
      // writes it: a later refusal in the request (a wrong current password) does not give it back.
      await pool.query(`update auth.users set reauthentication_token = '' where id = $1`, [user.id]);
    }
    if (!password || !user.encrypted_password) return;
    if (config.requireCurrentPassword && !session?.recovery) {
      const current = str(body.current_password) ?? '';
      if (!current) throw new AuthError(400, 'current_password_required', 'Current password required when setting new password.');
      if (!(await bcrypt.compare(current, user.encrypted_password))) {
        throw new AuthError(400, 'current_password_invalid', 'Current password required when setting new password.');
      }
    }
    if (await bcrypt.compare(password, user.encrypted_password)) {
      throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
    }
  }

  async function updateUser(req: IncomingMessage): Promise<Record<string, unknown>> {
    const body = await readAuthJson(req);
    if (body.data !== undefined) checkMetadata(body.data);
    let passwordChangedFor: UserRow | undefined;
    const answer = await transaction(async (db) => {
      const { user, sessionId } = await caller(req, db);
      limitUser(req); // after requireAuthentication, as GoTrue's router orders them
      const email = str(body.email) ? validateEmail(str(body.email)!) : undefined;
      const password = str(body.password);
      if (password) checkPassword(password);
      if (email && email !== user.email && (await findUserByEmail(db, email))) {
        throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
      }
      if (password !== undefined) {
        await checkPasswordChange(db, user, sessionId, body, password);
        // models.User.UpdatePassword: the new hash, pending mailed tokens dropped, and every
        // other session of the user ended.
        await db.query(
          `update auth.users set encrypted_password = $2, confirmation_token = '', recovery_token = '', reauthentication_token = '',
           email_change_token_current = '', email_change_token_new = '' where id = $1`,
          [user.id, await hashPassword(password)],
        );
        await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId || INSTANCE_ID]);
        passwordChangedFor = user;
      }
      if (body.data && typeof body.data === 'object') {
        await db.query(`update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb where id = $1`, [user.id, body.data]);
      }
      if (email && email !== user.email) {
        // As GoTrue: the change waits for the link mailed to the new address (and, with
        // double_confirm_changes, to the current one).
        await emails.mailEmailChange(req, db, (await loadUser(db, user.id))!, email, emails.referrerOf(req, body));
      }
      await db.query('update auth.users set updated_at = now() where id = $1', [user.id]);
      return userJson(db, (await loadUser(db, user.id))!);
    });
    // [auth.email.notification.password_changed]: the person is told by mail once the change is
    // stored (a later refusal in the same request rolls it back and sends nothing); a mail that
    // cannot go (the email_sent budget, the hook's refusal) does not undo the change (user.go).
    const changed = passwordChangedFor;
    if (changed?.email && config.passwordChangedNotification) {
      const db = await pool.connect();
      try {
        await sendEmail(req, db, changed, { type: 'password_changed_notification', referrer: emails.referrerOf(req, body) }).catch(() => undefined);
      } finally {
        db.release();
      }
    }
    return answer;
  }

  return updateUser;
}
