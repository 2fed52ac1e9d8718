// Supabase Auth's Send Email hook ([auth.hook.send_email] in supabase/config.toml;
// docs/decisions/0027-auth-abuse-limits.md): Auth calls this for every mail it would send,
// signed with the hook secret (webhook-signature.ts), with the user and what the mail needs
// (mails.ts). Before sending, each mail is claimed in the database for the client Auth names
// and for its recipients (public.claim_auth_mail, supabase/schemas/13-auth-limits.sql):
//   - allowed: the mails go out over SMTP and the answer is 200 {} (Auth answers its caller);
//   - refused: 200 {"error": {"http_code": 429, "message": "For security purposes, you can only
//     request this after N seconds."}}, which Auth hands to its caller as that 429 (the same
//     words as its own wait between two mails, so the web shows the wait), and nothing changes:
//     Auth stores no new token when the hook refuses (internal/api/mail.go);
//   - a mail that cannot be sent: {"error": {"http_code": 500, …}}: Auth fails the request.
// A request without a valid signature is 401 and sends nothing.
import { isHookPayload, mailsFor, type OutgoingMail } from './mails.ts';
import { verifyWebhook } from './webhook-signature.ts';

export interface MailClaim {
  allowed: boolean;
  limit?: string;
  retry_after?: number;
}

export interface SendEmailDeps {
  /** The hook secrets Auth signs with (SEND_EMAIL_HOOK_SECRETS, "|"-separated as in config.toml). */
  secrets: string[];
  /** The web app's address ({{ .SiteURL }} in the templates; Auth's site_url). */
  siteUrl: string;
  claim(kind: string, recipients: string[], client: string): Promise<MailClaim>;
  send(mail: OutgoingMail): Promise<void>;
  now(): Date;
}

/** Auth never sends more than a user object and a few tokens. */
const MAX_BODY = 256 * 1024;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
/** The error object Supabase Auth reads from a hook's answer (hookserrors.Check). */
const hookError = (httpCode: number, message: string) => json(200, { error: { http_code: httpCode, message } });

export function createSendEmailHandler(deps: SendEmailDeps): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'POST') return json(405, { error: { http_code: 405, message: 'Method not allowed' } });
    if (Number(request.headers.get('Content-Length') ?? '0') > MAX_BODY) return json(413, { error: { http_code: 413, message: 'Payload too large' } });
    const body = await request.text();
    if (body.length > MAX_BODY) return json(413, { error: { http_code: 413, message: 'Payload too large' } });
    if (!(await verifyWebhook(deps.secrets, request.headers, body, deps.now()))) {
      return json(401, { error: { http_code: 401, message: 'Invalid webhook signature' } });
    }
    let payload: unknown;
    try {
      payload = JSON.parse(body);
    } catch {
      payload = null;
    }
    if (!isHookPayload(payload)) return json(400, { error: { http_code: 400, message: 'Invalid payload' } });
    const mails = mailsFor(payload, deps.siteUrl);
    if (!mails) return hookError(500, `Unsupported email action type: ${payload.email_data.email_action_type}`);
    if (mails.some((mail) => !mail.to)) return hookError(500, 'The user has no address for this mail');

    try {
      const claim = await deps.claim(payload.email_data.email_action_type, mails.map((mail) => mail.to), payload.metadata?.ip_address ?? '');
      if (!claim.allowed) {
        const wait = Math.max(1, Math.ceil(claim.retry_after ?? 60));
        return hookError(429, `For security purposes, you can only request this after ${wait} seconds.`);
      }
      for (const mail of mails) await deps.send(mail);
    } catch (error) {
      console.error('send-email: the mail could not be sent', error);
      return hookError(500, 'Error sending email');
    }
    return json(200, {});
  };
}
