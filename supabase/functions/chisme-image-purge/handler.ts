// POST → 200 { removed }: purges expired cotilleo images (purge.ts). Only the service role may
// call it: on hosted Supabase pg_cron calls it every minute through pg_net (see the migration
// supabase/schemas/85-storage.sql); on the local stack, which has no pg_net, the
// function's own timer (index.ts) runs the same purge every minute.
import { isPreflight, preflightResponse } from '../_shared/cors.ts';
import { errorResponse, jsonResponse, methodNotAllowed, notAuthenticated, withErrorBoundary } from '../_shared/http.ts';
import { type PurgeDeps, purgeExpiredImages } from './purge.ts';

export function createPurgeHandler(deps: PurgeDeps, isServiceKey: (token: string) => boolean) {
  return withErrorBoundary('chisme-image-purge', async (request) => {
    if (isPreflight(request)) return preflightResponse();
    if (request.method !== 'POST') return errorResponse(methodNotAllowed);
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '')?.[1];
    if (!token || !isServiceKey(token)) return errorResponse(notAuthenticated);
    return jsonResponse(200, { removed: await purgeExpiredImages(deps) });
  });
}
