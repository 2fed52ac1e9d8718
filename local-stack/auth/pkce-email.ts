// PKCE for e-mail links, as GoTrue (supabase/auth internal/api/pkce.go, verify.go): a request
// with `code_challenge` stores the token as `pkce_<hash>` and keeps the challenge (GoTrue's
// flow_state; here in memory, for otp_expiry); GET /verify of such a token redirects with
// `?code=`, which POST /token?grant_type=pkce exchanges with the verifier (oauth.ts).
import { str } from '../shared/http.ts';
import { AuthError } from './store.ts';

export const PKCE_PREFIX = 'pkce_';

export interface Challenge {
  codeChallenge: string;
  method: string;
}

/** The challenge of a request body, checked as GoTrue's validatePKCEParams. */
export function challengeOf(body: Record<string, unknown>): Challenge | undefined {
  const codeChallenge = str(body.code_challenge) ?? '';
  const method = str(body.code_challenge_method) ?? '';
  if (!codeChallenge && !method) return undefined;
  if (!codeChallenge || !method) throw new AuthError(400, 'validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  if (!['s256', 'plain'].includes(method.toLowerCase())) throw new AuthError(400, 'validation_failed', `code challenge method not supported: ${method}`);
  return { codeChallenge, method: method.toLowerCase() };
}

export function createPkceFlows(lifetimeSeconds: number) {
  const flows = new Map<string, Challenge & { expiresAt: number }>();

  function remember(storedToken: string, challenge: Challenge): void {
    const now = Date.now();
    for (const [key, flow] of flows) if (flow.expiresAt < now) flows.delete(key);
    flows.set(storedToken, { ...challenge, expiresAt: now + lifetimeSeconds * 1000 });
  }

  function take(storedToken: string): Challenge | undefined {
    const flow = flows.get(storedToken);
    flows.delete(storedToken);
    return flow && flow.expiresAt >= Date.now() ? flow : undefined;
  }

  return { remember, take };
}

export type PkceFlows = ReturnType<typeof createPkceFlows>;
