// The real dependencies: the hook secret, the web app's address and the SMTP server from the
// function's environment (supabase/functions/send-email/README.md lists them), the claim through
// the service role (public.claim_auth_mail is granted to it only), and nodemailer for SMTP
// (port 465: TLS from the start; otherwise STARTTLS when the server offers it).
import nodemailer from 'nodemailer';
import { carriesServiceRoleKey } from '../_shared/api-keys.ts';
import { serviceRpc } from '../_shared/service-role.ts';
import type { MailClaim, SendEmailDeps } from './handler.ts';
import type { NoticeMail } from './notice-mails.ts';
import type { NoticeMailDeps } from './notices-handler.ts';

function requireEnv(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

const port = Number(Deno.env.get('SMTP_PORT') ?? '465');
const user = Deno.env.get('SMTP_USER');
const transport = nodemailer.createTransport({
  host: requireEnv('SMTP_HOST'),
  port,
  secure: port === 465,
  auth: user ? { user, pass: Deno.env.get('SMTP_PASS') ?? '' } : undefined,
});
const from = { name: Deno.env.get('SMTP_SENDER_NAME') ?? 'Chismes', address: requireEnv('SMTP_ADMIN_EMAIL') };

export const supabaseSendEmailDeps: SendEmailDeps = {
  secrets: requireEnv('SEND_EMAIL_HOOK_SECRETS').split('|').filter(Boolean),
  siteUrl: requireEnv('SITE_URL'),
  // Service role: the mail log is private to the database.
  claim: (kind, recipients, client) => serviceRpc<MailClaim>('claim_auth_mail', { p_kind: kind, p_recipients: recipients, p_client: client }),
  async send(mail) {
    await transport.sendMail({ from, to: mail.to, subject: mail.subject, html: mail.html });
  },
  now: () => new Date(),
};

// The /notices route: the pg_cron job's key in `apikey` (legacy or sb_secret_), the outbox
// through the service role (public.claim_notice_mails and finish_notice_mails are granted to it only).
export const supabaseNoticeMailDeps: NoticeMailDeps = {
  siteUrl: requireEnv('SITE_URL'),
  isServiceCaller: (request) => carriesServiceRoleKey(request),
  claim: async (limit) => (await serviceRpc<NoticeMail[] | null>('claim_notice_mails', { p_limit: limit })) ?? [],
  async send(mail) {
    await transport.sendMail({ from, to: mail.to, subject: mail.subject, html: mail.html });
  },
  async finish(ids) {
    await serviceRpc('finish_notice_mails', { p_ids: ids });
  },
};
