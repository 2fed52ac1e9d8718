// "Eliminar mi cuenta": POST JSON { password } with the person's access token →
// 200 { deleted: true } once the account and everything of theirs is gone; 400 password_invalid
// when the password is wrong (nothing changes); 401 without a signed-in user.
// The password is checked with the Auth API itself (a password sign-in, as on a hosted
// project), then the database deletes everything in one transaction (public.delete_account,
// service role only) and the person's images are removed through the Storage API (hosted
// Supabase forbids deleting storage rows with SQL; one left behind is an orphan that
// chisme-image-purge removes within a minute).
import type { Caller } from '../_shared/caller.ts';
import { callerEndpoint } from '../_shared/caller-endpoint.ts';
import { type ApiFailure, errorResponse, jsonResponse, notAuthenticated, readJsonObject } from '../_shared/http.ts';

export interface DeleteAccountDeps {
  /** The caller's e-mail, as the Auth API knows it (null when the token names no user). */
  emailOf(caller: Caller): Promise<string | null>;
  /** Whether the Auth API accepts this e-mail and password. */
  passwordMatches(email: string, password: string): Promise<boolean>;
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

export function createDeleteAccountHandler(deps: DeleteAccountDeps): (request: Request) => Promise<Response> {
  return callerEndpoint('delete-account', () => deps.now(), async (request, caller) => {
    const password = await readPassword(request);
    if (!password) return errorResponse(passwordInvalid);
    const email = await deps.emailOf(caller);
    if (!email) return errorResponse(notAuthenticated);
    if (!(await deps.passwordMatches(email, password))) return errorResponse(passwordInvalid);

    const images = await deps.deleteAccount(caller.userId);
    if (images.length > 0) {
      // The account is already gone; an image left here is removed by the purge.
      await deps.removeImages(images).catch((error: unknown) => console.error('delete-account: image removal failed', error));
    }
    return jsonResponse(200, { deleted: true });
  });
}

async function readPassword(request: Request): Promise<string | null> {
  const password = (await readJsonObject(request))?.password;
  return typeof password === 'string' && password.length > 0 && password.length <= 200 ? password : null;
}
