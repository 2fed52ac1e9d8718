// GoTrue's per-IP rate limits (tollbooth token buckets) with the [auth.rate_limit] values:
// sign-ups and PUT /user use sign_in_sign_ups per 5 minutes, every /token grant (password,
// refresh_token, pkce) uses token_refresh per 5 minutes, each with a burst of 30; over the
// limit: 429 over_request_rate_limit "Request rate limit reached".
//
// GoTrue applies them only where a rate-limit header names the client's IP: hosted projects
// key by X-Forwarded-For, while `supabase start` sets no GOTRUE_RATE_LIMIT_HEADER, so direct
// local traffic is never limited there. The stack does the same: requests carrying
// X-Forwarded-For are limited by its first address, others are not (so the e2e journeys and
// the bench, which sign up many users from 127.0.0.1, behave as under `supabase start`).
import type { IncomingMessage } from 'node:http';
import { AuthError } from './store.ts';

const BURST = 30;
const WINDOW_SECONDS = 5 * 60;
const TTL_MS = 60 * 60 * 1000;

interface Bucket {
  tokens: number;
  at: number;
}

export function createRateLimiter(perFiveMinutes: number) {
  const buckets = new Map<string, Bucket>();
  const rate = perFiveMinutes / WINDOW_SECONDS; // tokens per second

  function take(key: string, now = Date.now()): boolean {
    if (buckets.size > 10_000) for (const [name, bucket] of buckets) if (now - bucket.at > TTL_MS) buckets.delete(name);
    const bucket = buckets.get(key) ?? { tokens: BURST, at: now };
    bucket.tokens = Math.min(BURST, bucket.tokens + ((now - bucket.at) / 1000) * rate);
    bucket.at = now;
    buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Throws GoTrue's 429 when the caller's IP has no request left. */
  return function limit(req: IncomingMessage): void {
    const header = req.headers['x-forwarded-for'];
    const key = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim();
    if (!key) return;
    if (!take(key)) throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
  };
}
