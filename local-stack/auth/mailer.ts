// Auth's mails, sent over SMTP to the stack's mail catcher (mail/catcher.ts) with nodemailer,
// from the sender `supabase start` gives GoTrue ([local_smtp] sender_name and admin_email,
// GOTRUE_SMTP_SENDER_NAME / _ADMIN_EMAIL), with the project's templates or GoTrue's defaults
// (mail-templates.ts). GoTrue's SMTP client sends the rendered body as the one text/html part
// (supabase/auth internal/mailer/mailmeclient/mailmeclient.go), and so does this.
// `[auth.rate_limit] email_sent` (per hour, for the whole instance) is applied as GoTrue applies
// it: only when sign-ups need confirming (enable_confirmations = true); past it, 429
// over_email_send_rate_limit "email rate limit exceeded".
import nodemailer from 'nodemailer';
import { HOST, SMTP_PORT } from '../shared/paths.ts';
import type { MailData, MailTemplates, Template } from './mail-templates.ts';
import { AuthError } from './store.ts';

/** A fixed window of one hour for the whole instance (GoTrue's interval limiter). */
function hourlyLimit(perHour: number) {
  let windowStart = Date.now();
  let sent = 0;
  return (): boolean => {
    const now = Date.now();
    if (now - windowStart >= 3_600_000) {
      windowStart = now;
      sent = 0;
    }
    if (sent >= perHour) return false;
    sent += 1;
    return true;
  };
}

export interface MailerOptions {
  emailSentPerHour: number;
  autoconfirm: boolean;
  templates: MailTemplates;
  siteUrl: string;
  from: { name: string; address: string };
  port?: number;
}

export function createMailer(options: MailerOptions) {
  const transport = nodemailer.createTransport({ host: HOST, port: options.port ?? SMTP_PORT, secure: false, ignoreTLS: true });
  const allow = hourlyLimit(options.emailSentPerHour);

  /** GoTrue's sendEmail budget check (mail.go): throws its 429 past the limit; one per sendEmail call. */
  function take(): void {
    if (options.emailSentPerHour === 0 || (!options.autoconfirm && !allow())) {
      throw new AuthError(429, 'over_email_send_rate_limit', 'email rate limit exceeded');
    }
  }

  /** Renders and sends one mail, without counting it. */
  async function deliver(template: Template, to: string, data: MailData): Promise<void> {
    const { subject, html } = options.templates.render(template, { ...data, SiteURL: options.siteUrl });
    await transport.sendMail({ from: options.from, to, subject, html });
  }

  /** Sends one mail; throws GoTrue's 429 past the limit (checked before sending). */
  async function send(template: Template, to: string, data: MailData): Promise<void> {
    take();
    await deliver(template, to, data);
  }

  return Object.assign(send, { take, deliver });
}

export type Mailer = ReturnType<typeof createMailer>;
