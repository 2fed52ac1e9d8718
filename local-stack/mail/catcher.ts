// The mail catcher `supabase start` runs (Mailpit): SMTP on 127.0.0.1:54325 for Auth, the web
// page and Mailpit's HTTP API on 127.0.0.1:54324. Built on smtp-server and mailparser
// (nodemailer's project), never a hand-written SMTP or MIME parser.
import type { Server } from 'node:http';
import type { SMTPServer } from 'smtp-server';
import { HOST, MAIL_PORT, SMTP_PORT } from '../shared/paths.ts';
import { createSmtpServer } from './smtp.ts';
import { createMailStore } from './store.ts';
import { createMailWeb } from './web.ts';

export interface MailCatcher {
  close(): Promise<void>;
}

function listen(server: Server | SMTPServer, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => resolve());
  });
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const store = createMailStore();
  const smtp = createSmtpServer(store);
  const web = createMailWeb(store);
  await listen(smtp, SMTP_PORT);
  await listen(web, MAIL_PORT);
  return {
    close: () =>
      Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => (web.closeAllConnections(), web.close(() => resolve()))),
      ]).then(() => undefined),
  };
}
