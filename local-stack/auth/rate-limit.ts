// GoTrue's per-IP rate limits (supabase/auth internal/api/apilimiter/apilimiter.go: tollbooth
// token buckets, one per endpoint, burst 30, forgotten after an hour idle; the CLI hands
// [auth.rate_limit] to GoTrue as internal/start/start.go shows):
//   token    /token (password, refresh_token, pkce)        token_refresh per 5 minutes
//   verify   GET and POST /verify                           token_verifications per 5 minutes
//   signups, recover, resend, magicLink, otp, user
//            POST /signup, /recover, /resend, /magiclink, /otp, PUT /user — each its own bucket
//                                                           sign_in_sign_ups (GOTRUE_RATE_LIMIT_OTP) per 5 minutes
// Over the limit: 429 over_request_rate_limit "Request rate limit reached"
// (internal/api/middleware.go performRateLimiting).
//
// Which client: GoTrue keys by the first value of its rate-limit header; a hosted project
// always has one (its edge names the caller), so every request is limited there. The stack keys
// by the first X-Forwarded-For value, and without one by the socket's address for verification
// and every endpoint that sends mail (what hosted Auth limits for any caller). /token without
// X-Forwarded-For stays unlimited: the test suites and the bench sign hundreds of accounts in
// from one address (local-stack/README.md, "What still differs").
import type { IncomingMessage } from 'node:http';
import { parseGoIp } from './go-url.ts';
import { AuthError } from './store.ts';

const BURST = 30;
const WINDOW_SECONDS = 5 * 60;
const TTL_MS = 60 * 60 * 1000;

interface Bucket {
  tokens: number;
  at: number;
}

/** The first X-Forwarded-For value, as GoTrue's performRateLimitingWithHeader takes it (not parsed). */
function forwardedKey(req: IncomingMessage): string | undefined {
  const header = req.headers['x-forwarded-for'];
  return (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim() || undefined;
}

/**
 * GoTrue's utilities.GetIPAddress (the `ip_address` of hook payloads): the first X-Forwarded-For
 * value that parses as an IP, else the socket's address.
 */
export function clientIp(req: IncomingMessage): string {
  const header = req.headers['x-forwarded-for'];
  for (const value of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const candidate = value.trim();
    if (candidate && parseGoIp(candidate)) return candidate;
  }
  return req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '';
}

function createBucketLimiter(perFiveMinutes: number, socketFallback: boolean) {
  const buckets = new Map<string, Bucket>();
  const rate = perFiveMinutes / WINDOW_SECONDS; // tokens per second

  function take(key: string, now = Date.now()): boolean {
    if (buckets.size > 10_000) for (const [name, bucket] of buckets) if (now - bucket.at > TTL_MS) buckets.delete(name);
    const bucket = buckets.get(key) ?? { tokens: BURST, at: now };
    if (now - bucket.at > TTL_MS) bucket.tokens = BURST;
    bucket.tokens = Math.min(BURST, bucket.tokens + ((now - bucket.at) / 1000) * rate);
    bucket.at = now;
    buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Throws GoTrue's 429 when the caller has no request left. */
  return function limit(req: IncomingMessage): void {
    const key = forwardedKey(req) ?? (socketFallback ? `socket:${req.socket.remoteAddress ?? ''}` : undefined);
    if (key === undefined) return;
    if (!take(key)) throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
  };
}

type Limit = (req: IncomingMessage) => void;

export function createRateLimits(rateLimit: { signInSignUps: number; tokenRefresh: number; tokenVerifications: number }) {
  const otp = (): Limit => createBucketLimiter(rateLimit.signInSignUps, true);
  return {
    token: createBucketLimiter(rateLimit.tokenRefresh, false),
    verify: createBucketLimiter(rateLimit.tokenVerifications, true),
    signups: otp(),
    recover: otp(),
    resend: otp(),
    magicLink: otp(),
    otp: otp(),
    user: otp(),
  };
}
