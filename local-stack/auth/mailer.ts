// Auth's mails, sent over SMTP to the stack's mail catcher (mail/catcher.ts) with nodemailer,
// with the subjects and bodies of GoTrue's default templates (supabase/auth
// internal/mailer/templatemailer/templatemailer.go), from the CLI's sender (admin@email.com).
// `[auth.rate_limit] email_sent` (per hour, for the whole instance) is applied as GoTrue applies
// it: only when sign-ups need confirming (enable_confirmations = true); past it, 429
// over_email_send_rate_limit "email rate limit exceeded".
import nodemailer from 'nodemailer';
import { HOST, SMTP_PORT } from '../shared/paths.ts';
import { AuthError } from './store.ts';

export type Template = 'invite' | 'confirmation' | 'recovery' | 'magic_link' | 'email_change' | 'reauthentication';

export interface MailData {
  confirmationUrl?: string;
  token?: string;
  tokenHash?: string;
  redirectTo?: string;
  email?: string;
  newEmail?: string;
}

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' })[character]!);

/** GoTrue's default subject and body per template (Go html/template escapes the values). */
function render(template: Template, data: MailData): { subject: string; html: string } {
  const url = escapeHtml(data.confirmationUrl ?? '');
  switch (template) {
    case 'invite':
      return {
        subject: "You've been invited",
        html: `<h2>You've been invited</h2>\n<p>You've been invited to create an account. Follow the link below to accept.</p>\n<p><a href="${url}">Accept invitation</a></p>`,
      };
    case 'confirmation':
      return {
        subject: 'Confirm your email address',
        html: `<h2>Confirm your email address</h2>\n<p>Follow the link below to confirm this email address and finish signing up.</p>\n<p><a href="${url}">Confirm email address</a></p>\n`,
      };
    case 'recovery':
      return {
        subject: 'Reset your password',
        html: `<h2>Reset your password</h2>\n<p>We received a request to reset your password. Follow the link below to choose a new one.</p>\n<p><a href="${url}">Reset password</a></p>\n<p>If you didn't request this, you can safely ignore this email.</p>`,
      };
    case 'magic_link':
      return {
        subject: 'Your sign-in link',
        html: `<h2>Your sign-in link</h2>\n<p>Follow the link below to sign in. This link expires shortly and can only be used once.</p>\n<p><a href="${url}">Sign in</a></p>`,
      };
    case 'email_change':
      return {
        subject: 'Confirm your new email address',
        html: `<h2>Confirm your new email address</h2>\n<p>Follow the link below to confirm ${escapeHtml(data.newEmail ?? '')} as your new email address.</p>\n<p><a href="${url}">Confirm new email address</a></p>\n<p>If you didn't request this change, you can safely ignore this email.</p>`,
      };
    case 'reauthentication':
      return {
        subject: `${data.token ?? ''} is your verification code`,
        html: `<h2>Your verification code</h2>\n<p>Use the code below to verify your identity. It expires shortly.</p>\n<p>${escapeHtml(data.token ?? '')}</p>`,
      };
  }
}

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

export function createMailer(options: { emailSentPerHour: number; autoconfirm: boolean; port?: number }) {
  const transport = nodemailer.createTransport({ host: HOST, port: options.port ?? SMTP_PORT, secure: false, ignoreTLS: true });
  const allow = hourlyLimit(options.emailSentPerHour);

  /** Sends one mail; throws GoTrue's 429 past the limit (checked before sending). */
  return async function send(template: Template, to: string, data: MailData): Promise<void> {
    if (options.emailSentPerHour === 0 || (!options.autoconfirm && !allow())) {
      throw new AuthError(429, 'over_email_send_rate_limit', 'email rate limit exceeded');
    }
    const { subject, html } = render(template, data);
    await transport.sendMail({ from: 'admin@email.com', to, subject, html });
  };
}

export type Mailer = ReturnType<typeof createMailer>;
