// The mail catcher's SMTP side: smtp-server accepts every message on 127.0.0.1 without
// authentication (as `supabase start`'s Mailpit does) and mailparser parses it into the store.
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { MailStore } from './store.ts';

/** Mailpit's default maximum message size. */
const MAX_SIZE = 25 * 1024 * 1024;

export function createSmtpServer(store: MailStore): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    size: MAX_SIZE,
    logger: false,
    banner: 'Chismes local-stack mail catcher',
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          callback(Object.assign(new Error('Message exceeds fixed maximum message size'), { responseCode: 552 }));
          return;
        }
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
            store.add(
              parsed,
              raw,
              from,
              session.envelope.rcptTo.map((entry) => entry.address),
            );
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
}
