// The mails one Send Email hook call asks for, written as Supabase Auth would have written them
// (supabase/auth internal/mailer/templatemailer: the templates' data, the /verify link;
// internal/api/mail.go sendEmail: what the payload carries). An e-mail change with double
// confirmation is two mails; GoTrue's historical field names cross over there (mail.go):
// token/token_hash_new are the current address's pair, token_new/token_hash the new one's.
import { compileTemplate } from './go-template.ts';
import { MAIL_TEMPLATES, type MailTemplate } from './templates.ts';

/** The parts of the hook's payload the mails need (v0hooks.SendEmailInput). */
export interface HookPayload {
  metadata?: { ip_address?: string };
  user: { email?: string; new_email?: string; user_metadata?: Record<string, unknown> | null };
  email_data: {
    token: string;
    token_hash: string;
    redirect_to: string;
    email_action_type: string;
    site_url: string;
    token_new: string;
    token_hash_new: string;
  };
}

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
}

const TEMPLATE_OF: Record<string, MailTemplate> = {
  signup: 'confirmation',
  invite: 'invite',
  magiclink: 'magic_link',
  recovery: 'recovery',
  email_change: 'email_change',
  reauthentication: 'reauthentication',
  password_changed_notification: 'password_changed_notification',
};

const compiled = Object.fromEntries(
  Object.entries(MAIL_TEMPLATES).map(([name, { subject, body }]) => [name, { subject: compileTemplate(subject), body: compileTemplate(body) }]),
) as Record<MailTemplate, { subject: (data: Record<string, unknown>) => string; body: (data: Record<string, unknown>) => string }>;

/** GoTrue's encodeRedirectURL: escaped only when it holds `&`, `=` or `#`. */
function encodeRedirect(url: string): string {
  return /[&=#]/.test(url) ? encodeURIComponent(url).replace(/%20/g, '+') : url;
}

/** The link a mail carries: Auth's /verify with the token hash, type and where to land. */
export function confirmationUrl(authUrl: string, tokenHash: string, type: string, redirectTo: string): string {
  return `${authUrl}/verify?token=${encodeURIComponent(tokenHash)}&type=${encodeURIComponent(type)}&redirect_to=${encodeRedirect(redirectTo)}`;
}

/** Whether the payload has the shape Auth sends (user and email_data with string fields). */
export function isHookPayload(value: unknown): value is HookPayload {
  const payload = value as HookPayload | null;
  if (!payload || typeof payload !== 'object' || !payload.user || typeof payload.user !== 'object') return false;
  const data = payload.email_data as unknown as Record<string, unknown> | undefined;
  if (!data || typeof data !== 'object') return false;
  return ['token', 'token_hash', 'redirect_to', 'email_action_type', 'site_url', 'token_new', 'token_hash_new'].every((key) => typeof data[key] === 'string');
}

/** The mails for this call, rendered; null for an action type Chismes does not send. */
export function mailsFor(payload: HookPayload, siteUrl: string): OutgoingMail[] | null {
  const { user, email_data: data } = payload;
  const template = TEMPLATE_OF[data.email_action_type];
  if (!template) return null;
  const email = user.email ?? '';
  const common = { SiteURL: siteUrl, Email: email, Data: user.user_metadata ?? {}, RedirectTo: data.redirect_to };
  const render = (to: string, values: Record<string, unknown>): OutgoingMail => {
    const all = { ...common, ...values };
    return { to, subject: compiled[template].subject(all), html: compiled[template].body(all) };
  };
  const link = (tokenHash: string) => confirmationUrl(data.site_url, tokenHash, data.email_action_type, data.redirect_to);
  if (data.email_action_type === 'email_change') {
    const newEmail = user.new_email ?? '';
    const change = { NewEmail: newEmail };
    if (!data.token_hash_new) {
      return [
        render(newEmail, {
          ...change,
          ConfirmationURL: link(data.token_hash),
          Token: data.token || data.token_new,
          TokenHash: data.token_hash,
          SendingTo: newEmail,
        }),
      ];
    }
    return [
      render(newEmail, { ...change, ConfirmationURL: link(data.token_hash), Token: data.token_new, TokenHash: data.token_hash, SendingTo: newEmail }),
      render(email, { ...change, ConfirmationURL: link(data.token_hash_new), Token: data.token, TokenHash: data.token_hash_new, SendingTo: email }),
    ];
  }
  // Reauthentication mails a code only; the notifications neither a code nor a link.
  const linked = ['signup', 'invite', 'magiclink', 'recovery'].includes(data.email_action_type);
  return [render(email, linked ? { ConfirmationURL: link(data.token_hash), Token: data.token, TokenHash: data.token_hash } : { Token: data.token })];
}
