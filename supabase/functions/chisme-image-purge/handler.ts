// POST → 200 { removed }: purges expired cotilleo images (purge.ts). Only the service role may
// call it: the pg_cron job `purge-chisme-images` does, every minute through pg_net, sending the
// Vault secret `service_role_key` as `apikey`. That key may be an `sb_secret_…` key, which is
// no JWT, so the gateway's JWT check is off for this function (`verify_jwt = false` in
// supabase/config.toml) and the key is checked here: the `apikey` header or a Bearer token
// must be one of the project's service keys.
import { presentedKeys } from '../_shared/api-keys.ts';
import { isPreflight, preflightResponse } from '../_shared/cors.ts';
import { errorResponse, jsonResponse, methodNotAllowed, notAuthenticated, withErrorBoundary } from '../_shared/http.ts';
import { type PurgeDeps, purgeExpiredImages } from './purge.ts';

export function createPurgeHandler(deps: PurgeDeps, isServiceKey: (key: string) => boolean) {
  return withErrorBoundary('chisme-image-purge', async (request) => {
    if (isPreflight(request)) return preflightResponse();
    if (request.method !== 'POST') return errorResponse(methodNotAllowed);
    if (!presentedKeys(request).some(isServiceKey)) return errorResponse(notAuthenticated);
    return jsonResponse(200, { removed: await purgeExpiredImages(deps) });
  });
}
