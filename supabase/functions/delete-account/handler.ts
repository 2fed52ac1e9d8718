// "Eliminar mi cuenta": POST JSON { password } or { code } with the person's access token →
// 200 { deleted: true } once the account and everything of theirs is gone. Proof of the person
// comes first, on the server: their current password, or the code Supabase Auth mailed them
// (GET /auth/v1/reauthenticate; for accounts without a password), checked in the database
// (public.check_account_proof, supabase/schemas/13-auth-limits.sql). A wrong one is 400
// password_invalid / code_invalid and changes nothing; past 5 wrong ones an hour for the account,
// or 20 for the client, every proof is 429 rate_limited with Retry-After
// (docs/decisions/0027-auth-abuse-limits.md). A token whose user or session Auth no longer knows
// (a deleted account's) is 401 not_authenticated. Then the database deletes everything in one
// transaction (public.delete_account, service role only) and the images are removed through the
// Storage API (hosted Supabase forbids deleting storage rows with SQL; one left behind is an
// orphan that chisme-image-purge removes within a minute).
import type { Caller } from '../_shared/caller.ts';
import { callerEndpoint } from '../_shared/caller-endpoint.ts';
import { type ApiFailure, errorResponse, jsonResponse, notAuthenticated, rateLimitedResponse, readJsonObject } from '../_shared/http.ts';

/** What the database says about a proof (public.check_account_proof). */
export type ProofCheck = { ok: true } | { ok: false; reason: 'proof_invalid' } | { ok: false; reason: 'rate_limited'; retry_after: number };

export interface Proof {
  password?: string;
  code?: string;
}

export interface DeleteAccountDeps {
  /** Whether the Auth API still knows the token's user and session (false for a deleted account). */
  isSignedIn(caller: Caller): Promise<boolean>;
  /** Checks the proof for the user, counting a wrong one against the account and the client. */
  checkProof(userId: string, client: string, proof: Proof): Promise<ProofCheck>;
  /** Deletes the person and everything of theirs; returns their images' object names. */
  deleteAccount(userId: string): Promise<string[]>;
  removeImages(names: string[]): Promise<void>;
  now(): Date;
}

export const passwordInvalid: ApiFailure = {
  status: 400,
  code: 'password_invalid',
  message: 'La contraseña no es correcta',
};

export const codeInvalid: ApiFailure = {
  status: 400,
  code: 'code_invalid',
  message: 'El código no es correcto o ha caducado',
};

/** The caller's address as the platform's edge forwards it (first X-Forwarded-For value). */
export function clientOf(request: Request): string {
  return (request.headers.get('X-Forwarded-For') ?? '').split(',')[0]!.trim().slice(0, 100);
}

export function createDeleteAccountHandler(deps: DeleteAccountDeps): (request: Request) => Promise<Response> {
  return callerEndpoint('delete-account', () => deps.now(), async (request, caller) => {
    const proof = await readProof(request);
    if (!proof) return errorResponse(passwordInvalid);
    if (!(await deps.isSignedIn(caller))) return errorResponse(notAuthenticated);
    const check = await deps.checkProof(caller.userId, clientOf(request), proof);
    if (!check.ok && check.reason === 'rate_limited') return rateLimitedResponse(check.retry_after);
    if (!check.ok) return errorResponse(proof.code ? codeInvalid : passwordInvalid);

    const images = await deps.deleteAccount(caller.userId);
    if (images.length > 0) {
      // The account is already gone; an image left here is removed by the purge.
      await deps.removeImages(images).catch((error: unknown) => console.error('delete-account: image removal failed', error));
    }
    return jsonResponse(200, { deleted: true });
  });
}

/** A password (at most 200 characters) or a 6 to 10 digit code; null when there is neither. */
async function readProof(request: Request): Promise<Proof | null> {
  const body = await readJsonObject(request, 10_000);
  const password = body?.password;
  const code = body?.code;
  if (typeof password === 'string' && password.length > 0 && password.length <= 200) return { password };
  if (typeof code === 'string' && /^\s*\d{6,10}\s*$/.test(code)) return { code: code.trim() };
  return null;
}
