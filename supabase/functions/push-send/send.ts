// Sends claimed deliveries: each payload encrypted for its device (RFC 8291 aes128gcm) and
// signed (RFC 8292 VAPID) by web-push's generateRequestDetails, posted with fetch (so the
// status, Retry-After and a timeout are ours), a few at a time.
import webpush from 'web-push';
import { type Outcome, outcomeOf } from './outcome.ts';
import type { Vapid } from './vapid.ts';

/** A row of claim_push_deliveries. */
export interface Delivery {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: Record<string, unknown>;
  topic: string;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  ttl: number;
  attempts: number;
}

export type Result = { id: number } & Outcome;

export const SEND_CONCURRENCY = 8;
export const SEND_TIMEOUT_MS = 10_000;

/**
 * The VAPID Authorization header for an endpoint's push service (RFC 8292: a JWT for the
 * service's origin, valid 12 hours), signed once per origin per call: signing is over half of
 * a push's CPU (docs/scaling.md, "Web Push").
 */
export function vapidAuthorization(endpoint: string, vapid: Vapid, signed: Map<string, string> = new Map()): string {
  const audience = new URL(endpoint).origin;
  const known = signed.get(audience);
  if (known) return known;
  const header: string = String(webpush.getVapidHeaders(audience, vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm').Authorization);
  signed.set(audience, header);
  return header;
}

/** The HTTP request of one push: encrypted body and its headers (TTL, Urgency, Topic, VAPID). */
export function pushRequest(delivery: Delivery, vapid: Vapid, signed?: Map<string, string>): { url: string; init: RequestInit } {
  const details = webpush.generateRequestDetails(
    { endpoint: delivery.endpoint, keys: { p256dh: delivery.p256dh, auth: delivery.auth } },
    JSON.stringify(delivery.payload),
    {
      vapidDetails: null,
      headers: { Authorization: vapidAuthorization(delivery.endpoint, vapid, signed) },
      TTL: delivery.ttl,
      urgency: delivery.urgency,
      topic: delivery.topic,
      contentEncoding: 'aes128gcm',
    },
  );
  const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
  return { url: details.endpoint, init: { method: 'POST', headers, body: details.body as Uint8Array<ArrayBuffer> } };
}

async function sendOne(delivery: Delivery, vapid: Vapid, fetcher: typeof fetch, signed: Map<string, string>): Promise<Result> {
  let request: { url: string; init: RequestInit };
  try {
    request = pushRequest(delivery, vapid, signed);
  } catch (error) {
    // keys the library refuses (saved as well-formed, yet not a usable point): never retried
    console.error(`push-send: delivery ${delivery.id} could not be encrypted`, error);
    return { id: delivery.id, outcome: 'failed' };
  }
  try {
    const response = await fetcher(request.url, { ...request.init, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
    await response.body?.cancel();
    return { id: delivery.id, ...outcomeOf(response.status, response.headers.get('Retry-After')) };
  } catch {
    // network error or timeout: the service may be down; again later
    return { id: delivery.id, outcome: 'retry', retryAfter: 0 };
  }
}

/** Sends every delivery, SEND_CONCURRENCY at a time; one result per delivery, in order. */
export async function sendAll(deliveries: Delivery[], vapid: Vapid, fetcher: typeof fetch = fetch): Promise<Result[]> {
  const results: Result[] = new Array(deliveries.length);
  const signed = new Map<string, string>();
  let next = 0;
  const worker = async () => {
    while (next < deliveries.length) {
      const index = next++;
      results[index] = await sendOne(deliveries[index]!, vapid, fetcher, signed);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, deliveries.length) }, worker));
  return results;
}
