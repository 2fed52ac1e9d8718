// Auth's mails as a person would open them: read from the local stack's mail catcher through
// Mailpit's HTTP API (:54324, local-stack/CONTRACT.md), the way `supabase start`'s Mailpit is read.
import { expect } from 'vitest';

export const MAILPIT = 'http://127.0.0.1:54324';

type Summary = { ID: string; Subject: string; Created?: string; To: Array<{ Address: string }> };
export type Mail = { ID: string; Subject: string; HTML: string };

/** The mail catcher's page showing one mail, as a developer opens it. */
export const mailPageOf = (mail: Mail): string => `${MAILPIT}/?id=${mail.ID}`;

async function list(address: string, subject: RegExp): Promise<Summary[]> {
  const response = await fetch(`${MAILPIT}/api/v1/messages?limit=1000`);
  const { messages } = (await response.json()) as { messages: Summary[] };
  return messages.filter((message) => message.To.some((to) => to.Address.toLowerCase() === address.toLowerCase()) && subject.test(message.Subject));
}

/** How many mails with that subject the address has received. */
export async function mailCount(address: string, subject: RegExp): Promise<number> {
  return (await list(address, subject)).length;
}

/** Waits for the `count`-th mail (1 = the first) to the address with that subject, newest first in Mailpit's list. */
export async function waitForMail(address: string, subject: RegExp, count = 1): Promise<Mail> {
  await expect.poll(() => mailCount(address, subject), { timeout: 15_000, interval: 200 }).toBeGreaterThanOrEqual(count);
  const newest = (await list(address, subject))[0]!;
  return (await (await fetch(`${MAILPIT}/api/v1/message/${newest.ID}`)).json()) as Mail;
}

/** The mail's link: its one href, the /verify URL (supabase/templates/ also write it out as text). */
export function linkOf(mail: Mail): string {
  const href = /href="([^"]+)"/.exec(mail.HTML)?.[1];
  if (!href) throw new Error(`no link in "${mail.Subject}"`);
  return href.replaceAll('&amp;', '&');
}
