// GoTrue's sendEmail (supabase/auth internal/api/mail.go): every mail Auth sends goes through
// it. First the instance's `[auth.rate_limit] email_sent` budget (one unit per call, only while
// sign-ups need confirming; 0 refuses everything), then either the Send Email hook
// ([auth.hook.send_email], send-email-hook.ts) with the user and the email_data the hook needs
// to write the mail itself, or the templates over SMTP (mailer.ts). Note the order: the budget
// is spent before the hook is asked, so a call the hook refuses still counts.
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import { API_URL } from '../shared/keys.ts';
import type { MailData, Template } from './mail-templates.ts';
import type { Mailer } from './mailer.ts';
import { clientIp } from './rate-limit.ts';
import type { CallHook } from './send-email-hook.ts';
import type { AuthStore, Db, UserRow } from './store.ts';
import { actionLink } from './tokens.ts';

/** GoTrue's email action types (internal/mailer/mailer.go). */
export type EmailActionType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change' | 'reauthentication' | 'password_changed_notification';

export interface SendEmailParams {
  type: EmailActionType;
  /** the OTP mailed (email_change: the one for the current address, '' without double confirm) */
  otp?: string;
  /** email_change: the OTP for the new address */
  otpNew?: string;
  /** the stored token hash (with a PKCE prefix where there is one); email_change: the new address's */
  tokenHash?: string;
  /** email_change: the current address's token hash ('' without double confirm) */
  tokenHashCurrent?: string;
  /** where the link lands (GoTrue's referrer) */
  referrer: string;
}

const TEMPLATE: Record<Exclude<EmailActionType, 'email_change'>, Template> = {
  signup: 'confirmation',
  invite: 'invite',
  magiclink: 'magic_link',
  recovery: 'recovery',
  reauthentication: 'reauthentication',
  password_changed_notification: 'password_changed_notification',
};

export function createMailDispatch(store: AuthStore, mailer: Mailer, hook: CallHook | undefined) {
  /** The hook's payload (v0hooks.SendEmailInput), with GoTrue's email-change field quirk. */
  async function hookPayload(req: IncomingMessage, db: Db, user: UserRow, params: SendEmailParams): Promise<unknown> {
    const emailChange = params.type === 'email_change';
    const secure = emailChange && Boolean(params.tokenHashCurrent);
    return {
      metadata: { uuid: randomUUID(), time: new Date().toISOString(), name: 'send-email', ip_address: clientIp(req) },
      user: await store.userJson(db, user),
      email_data: {
        // Secure e-mail change: token/token_hash_new are the current address's pair,
        // token_new/token_hash the new address's; otherwise token is the new address's OTP.
        token: emailChange ? (secure ? (params.otp ?? '') : (params.otpNew ?? '')) : (params.otp ?? ''),
        token_hash: params.tokenHash ?? '',
        redirect_to: params.referrer,
        email_action_type: params.type,
        site_url: `${API_URL}/auth/v1`,
        token_new: secure ? (params.otpNew ?? '') : '',
        token_hash_new: secure ? (params.tokenHashCurrent ?? '') : '',
        old_email: '',
        old_phone: '',
        provider: '',
        factor_type: '',
      },
    };
  }

  /** The templates over SMTP: e-mail change mails both addresses when double confirm is on. */
  async function deliver(user: UserRow, params: SendEmailParams): Promise<void> {
    const email = user.email ?? '';
    const common: MailData = { Email: email, Data: user.raw_user_meta_data, RedirectTo: params.referrer };
    if (params.type !== 'email_change') {
      const link = params.tokenHash ? { ConfirmationURL: actionLink(params.tokenHash, params.type, params.referrer), TokenHash: params.tokenHash } : {};
      return mailer.deliver(TEMPLATE[params.type], email, { ...common, ...link, ...(params.otp ? { Token: params.otp } : {}) });
    }
    const newEmail = user.email_change ?? '';
    const change = { ...common, NewEmail: newEmail };
    await mailer.deliver('email_change', newEmail, {
      ...change,
      ConfirmationURL: actionLink(params.tokenHash!, 'email_change', params.referrer),
      Token: params.otpNew,
      TokenHash: params.tokenHash,
      SendingTo: newEmail,
    });
    if (params.tokenHashCurrent) {
      await mailer.deliver('email_change', email, {
        ...change,
        ConfirmationURL: actionLink(params.tokenHashCurrent, 'email_change', params.referrer),
        Token: params.otp,
        TokenHash: params.tokenHashCurrent,
        SendingTo: email,
      });
    }
  }

  /** GoTrue's sendEmail; throws its AuthError (429 over_email_send_rate_limit, or the hook's answer). */
  return async function sendEmail(req: IncomingMessage, db: Db, user: UserRow, params: SendEmailParams): Promise<void> {
    mailer.take();
    if (hook) return hook(await hookPayload(req, db, user, params));
    await deliver(user, params);
  };
}

export type SendEmail = ReturnType<typeof createMailDispatch>;
