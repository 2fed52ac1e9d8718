// Checking a REST broadcast (`POST /api/broadcast`) as Realtime's BatchBroadcast changeset
// does: `messages` is required and a list of objects, each with topic, event and payload.
// Errors come back as Phoenix's changeset view renders them (422 `{errors: {messages: …}}`).

/** Plug.Parsers' default `length` (8,000,000 bytes). */
export const PLUG_BODY_LIMIT = 8_000_000;

type MessageErrors = Record<string, string[]>;

export function broadcastErrors(body: Record<string, unknown>): Record<string, unknown> | null {
  const messages = body.messages;
  if (messages === undefined || messages === null) return { messages: ["can't be blank"] };
  if (!Array.isArray(messages) || messages.some((message) => !message || typeof message !== 'object' || Array.isArray(message))) {
    return { messages: ['is invalid'] };
  }
  let failed = false;
  const perMessage = messages.map((message: Record<string, unknown>) => {
    const errors: MessageErrors = {};
    for (const field of ['topic', 'event'] as const) {
      if (message[field] !== undefined && message[field] !== null && typeof message[field] !== 'string') errors[field] = ['is invalid'];
      else if (!message[field]) errors[field] = ["can't be blank"];
    }
    const payload = message.payload;
    if (payload === undefined || payload === null) errors.payload = ["can't be blank"];
    else if (typeof payload !== 'object' || Array.isArray(payload)) errors.payload = ['is invalid'];
    if (message.private !== undefined && message.private !== null && typeof message.private !== 'boolean') errors.private = ['is invalid'];
    if (Object.keys(errors).length) failed = true;
    return errors;
  });
  return failed ? { messages: perMessage } : null;
}
