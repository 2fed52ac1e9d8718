// Phoenix framing of Realtime's websocket (local-stack/CONTRACT.md §3.2): frames, the client's binary
// broadcast push (kind 3) and the server's binary broadcast (kind 4).
export type Ref = string | null;

export interface Frame {
  joinRef: Ref;
  ref: Ref;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

export function hashBinding(binding: Record<string, unknown>): number {
  let hash = 0;
  for (const char of JSON.stringify(binding)) hash = (Math.imul(31, hash) + char.charCodeAt(0)) | 0;
  return Math.abs(hash);
}

/** Kind 3 binary frame: a client's channel.send broadcast (local-stack/CONTRACT.md §3.2). */
export function decodeBinaryPush(data: Buffer): { frame: Frame; binary?: Buffer } | undefined {
  if (data[0] !== 3 || data.length < 7) return undefined;
  const lengths = [data[1]!, data[2]!, data[3]!, data[4]!, data[5]!];
  const encoding = data[6];
  let offset = 7;
  const [joinRef, ref, topic, event, meta] = lengths.map((length) => {
    const text = data.subarray(offset, offset + length).toString('utf8');
    offset += length;
    return text;
  }) as [string, string, string, string, string];
  const body = data.subarray(offset);
  const payload = encoding === 1 ? (JSON.parse(body.toString('utf8') || 'null') as unknown) : undefined;
  return {
    frame: {
      joinRef: joinRef || null,
      ref: ref || null,
      topic,
      event: 'broadcast',
      payload: { type: 'broadcast', event, payload, ...(meta ? { meta: JSON.parse(meta) as unknown } : {}) },
    },
    binary: encoding === 1 ? undefined : Buffer.from(body),
  };
}

/** Kind 4 binary frame: a broadcast with a raw binary payload, server → client. */
export function encodeBinaryBroadcast(topic: string, event: string, body: Buffer): Buffer {
  const topicBytes = Buffer.from(topic);
  const eventBytes = Buffer.from(event);
  return Buffer.concat([Buffer.from([4, topicBytes.length, eventBytes.length, 0, 0]), topicBytes, eventBytes, body]);
}
