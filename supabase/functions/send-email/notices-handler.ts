// send-email's /notices route (docs/decisions/0035-notice-and-action.md): the mails of
// signed-out notices, which the database queues (supabase/schemas/52-notices.sql). Called every
// 5 s by pg_cron + pg_net with the service key as `apikey`, only when a mail waits; anyone else
// gets 401. Claims a batch (leased for two minutes, so a sender that dies leaves them to the
// next), sends each over the project's SMTP server, and reports the sent ones; a mail that
// fails stays leased and is tried again after the lease.
import type { NoticeMail, RenderedNoticeMail } from './notice-mails.ts';
import { renderNoticeMail } from './notice-mails.ts';

export interface NoticeMailDeps {
  siteUrl: string;
  isServiceCaller(request: Request): boolean;
  claim(limit: number): Promise<NoticeMail[]>;
  send(mail: RenderedNoticeMail): Promise<void>;
  finish(ids: string[]): Promise<void>;
}

export const NOTICE_BATCH = 20;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function createNoticeMailHandler(deps: NoticeMailDeps): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'POST') return json(405, { code: 'method_not_allowed' });
    if (!deps.isServiceCaller(request)) return json(401, { code: 'not_authenticated' });
    let mails: NoticeMail[];
    try {
      mails = await deps.claim(NOTICE_BATCH);
    } catch (error) {
      console.error('send-email: the notice mails could not be claimed', error);
      return json(503, { code: 'notice_mails_unavailable' });
    }
    const sent: string[] = [];
    let failed = 0;
    for (const mail of mails) {
      try {
        await deps.send(renderNoticeMail(mail, deps.siteUrl));
        sent.push(mail.id);
      } catch (error) {
        failed++;
        console.error('send-email: a notice mail could not be sent', error);
      }
    }
    // a failed report leaves the sent mails leased: they would go again after the lease, which
    // is the lesser harm than losing a decision
    if (sent.length > 0) await deps.finish(sent).catch((error) => console.error('send-email: sent notice mails not recorded', error));
    return json(200, { sent: sent.length, failed });
  };
}

/** Whether a request is for the notices route (…/send-email/notices). */
export const isNoticesRoute = (request: Request): boolean => new URL(request.url).pathname.replace(/\/+$/, '').endsWith('/notices');
