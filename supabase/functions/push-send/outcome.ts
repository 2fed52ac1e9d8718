// What a push service's answer means for a delivery (RFC 8030 §5, §6.2; the services' docs):
// 2xx accepted; 404/410 the subscription is gone for good; 429 and 5xx try again later (after
// Retry-After when given); any other 4xx will not get better by repeating (a payload too
// large, a bad VAPID signature), so the delivery is dropped.

export type Outcome = { outcome: 'sent' | 'gone' | 'failed' } | { outcome: 'retry'; retryAfter: number };

export function outcomeOf(status: number, retryAfterHeader: string | null, now: Date = new Date()): Outcome {
  if (status >= 200 && status < 300) return { outcome: 'sent' };
  if (status === 404 || status === 410) return { outcome: 'gone' };
  if (status === 429 || status >= 500) return { outcome: 'retry', retryAfter: retryAfterSeconds(retryAfterHeader, now) };
  return { outcome: 'failed' };
}

/** Retry-After as seconds: a number of seconds or an HTTP date; 0 when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now: Date): number {
  if (!header) return 0;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed), 86_400);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? 0 : Math.min(Math.max(Math.ceil((at - now.getTime()) / 1000), 0), 86_400);
}
