// The caught messages, newest first, in memory (as Mailpit without a database file keeps
// them), parsed once by mailparser; at most MAX_MESSAGES (Mailpit's default cap is 500) and
// MAX_BYTES of raw mail, the oldest dropped first.
import { randomBytes } from 'node:crypto';
import type { AddressObject, ParsedMail } from 'mailparser';

export const MAX_MESSAGES = 500;
export const MAX_BYTES = 100 * 1024 * 1024;

export interface Address {
  Name: string;
  Address: string;
}

export interface CaughtMessage {
  ID: string;
  MessageID: string;
  Read: boolean;
  From: Address | null;
  To: Address[];
  Cc: Address[];
  Bcc: Address[];
  ReplyTo: Address[];
  ReturnPath: string;
  Subject: string;
  Date: string;
  Created: string;
  Text: string;
  HTML: string;
  Size: number;
  Raw: Buffer;
}

function addresses(field: AddressObject | AddressObject[] | undefined): Address[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((item) => item.value).map((entry) => ({ Name: entry.name ?? '', Address: entry.address ?? '' }));
}

/** Mailpit's message IDs are short random strings (22 characters). */
const newId = (): string => randomBytes(16).toString('base64url').slice(0, 22);

export function createMailStore() {
  const messages: CaughtMessage[] = [];

  function add(parsed: ParsedMail, raw: Buffer, envelopeFrom: string, envelopeTo: string[]): CaughtMessage {
    const to = addresses(parsed.to);
    const headerTo = new Set(to.map((entry) => entry.Address.toLowerCase()));
    const now = new Date().toISOString();
    const message: CaughtMessage = {
      ID: newId(),
      MessageID: (parsed.messageId ?? '').replace(/^<|>$/g, ''),
      Read: false,
      From: addresses(parsed.from)[0] ?? null,
      To: to,
      Cc: addresses(parsed.cc),
      // Envelope recipients missing from the headers are the Bcc ones.
      Bcc: envelopeTo.filter((address) => !headerTo.has(address.toLowerCase())).map((Address) => ({ Name: '', Address })),
      ReplyTo: addresses(parsed.replyTo),
      ReturnPath: envelopeFrom,
      Subject: parsed.subject ?? '',
      Date: (parsed.date ?? new Date()).toISOString(),
      Created: now,
      Text: parsed.text ?? '',
      HTML: typeof parsed.html === 'string' ? parsed.html : '',
      Size: raw.length,
      Raw: raw,
    };
    messages.unshift(message);
    let bytes = messages.reduce((sum, item) => sum + item.Size, 0);
    while (messages.length > MAX_MESSAGES || (bytes > MAX_BYTES && messages.length > 1)) bytes -= messages.pop()!.Size;
    return message;
  }

  const find = (id: string): CaughtMessage | undefined => (id === 'latest' ? messages[0] : messages.find((message) => message.ID === id));

  /** Deletes the given IDs, or everything when none are given. */
  function remove(ids?: string[]): void {
    if (!ids?.length) {
      messages.length = 0;
      return;
    }
    const doomed = new Set(ids);
    for (let index = messages.length - 1; index >= 0; index -= 1) if (doomed.has(messages[index]!.ID)) messages.splice(index, 1);
  }

  return { messages, add, find, remove };
}

export type MailStore = ReturnType<typeof createMailStore>;
