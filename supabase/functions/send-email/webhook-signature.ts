// Standard Webhooks verification (https://www.standardwebhooks.com), as Supabase Auth signs its
// hook calls (supabase/auth internal/hooks/hookshttp/hookshttp.go): the signed content is
// "<webhook-id>.<webhook-timestamp>.<body>", HMAC-SHA256 with the secret's key (the base64 after
// "v1,whsec_"), sent as "v1,<base64>" in webhook-signature (several, space or comma separated,
// one per secret Auth holds). A timestamp more than five minutes away is refused (replays).

const TOLERANCE_SECONDS = 5 * 60;

function base64ToBytes(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    return Uint8Array.from(atob(text), (character) => character.charCodeAt(0));
  } catch {
    return null;
  }
}

/** The key bytes of one configured secret ("v1,whsec_<base64>", or "whsec_<base64>"). */
function keyOf(secret: string): Uint8Array<ArrayBuffer> | null {
  return base64ToBytes(secret.trim().replace(/^v1,/, '').replace(/^whsec_/, ''));
}

/** Byte comparison that takes the same time wherever the strings differ. */
function equalInConstantTime(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a[index]! ^ b[index]!;
  return difference === 0;
}

async function sign(key: Uint8Array<ArrayBuffer>, content: string): Promise<Uint8Array> {
  const hmacKey = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', hmacKey, new TextEncoder().encode(content)));
}

/** Whether the request was signed, recently, with one of the secrets. */
export async function verifyWebhook(secrets: string[], headers: Headers, body: string, now: Date): Promise<boolean> {
  const id = headers.get('webhook-id') ?? '';
  const timestamp = headers.get('webhook-timestamp') ?? '';
  if (!id || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  const given = (headers.get('webhook-signature') ?? '')
    .split(/[\s]+/)
    .map((part) => part.replace(/,$/, ''))
    .filter((part) => part.startsWith('v1,'))
    .map((part) => base64ToBytes(part.slice(3)))
    .filter((bytes): bytes is Uint8Array<ArrayBuffer> => bytes !== null);
  const content = `${id}.${timestamp}.${body}`;
  for (const secret of secrets) {
    const key = keyOf(secret);
    if (!key || key.length === 0) continue;
    const expected = await sign(key, content);
    if (given.some((signature) => equalInConstantTime(signature, expected))) return true;
  }
  return false;
}
