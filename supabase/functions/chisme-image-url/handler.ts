// POST { chisme_id } → 200 { url, expires_in }: a short-lived URL to a cotilleo image, issued
// by the server. Clients cannot sign URLs for the bucket themselves (no read policy); here the
// chisme is read as the caller (`get_chisme`, so the database decides what they may see), the
// window is checked (view-rules.ts) and the URL is signed with the service role for at most
// 60 s and never past the 20 minutes.
import type { Caller } from '../_shared/caller.ts';
import { callerEndpoint } from '../_shared/caller-endpoint.ts';
import { isChismeId } from '../_shared/chisme-image-rules.ts';
import { errorResponse, jsonResponse, readJsonObject } from '../_shared/http.ts';
import { supabaseChismeImageUrlDeps } from './supabase-deps.ts';
import { type ChismeForView, viewErrors, viewSeconds } from './view-rules.ts';

export interface ChismeImageUrlDeps {
  findChisme(caller: Caller, chismeId: string): Promise<ChismeForView | null>;
  /** A URL to the stored object valid for `seconds`, or null when there is no object. */
  signUrl(chismeId: string, seconds: number): Promise<string | null>;
  now(): Date;
}

export function createChismeImageUrlHandler(deps: ChismeImageUrlDeps): (request: Request) => Promise<Response> {
  return callerEndpoint('chisme-image-url', () => deps.now(), async (request, caller) => {
    // A small JSON body: at most 1 KiB is read.
    const chismeId = (await readJsonObject(request, 1024))?.chisme_id;
    if (!isChismeId(chismeId)) return errorResponse(viewErrors.chismeIdInvalid);
    const chisme = await deps.findChisme(caller, chismeId);
    const seconds = viewSeconds(chisme, deps.now());
    if (typeof seconds !== 'number') return errorResponse(seconds);
    const url = await deps.signUrl(chismeId, seconds);
    if (!url) return errorResponse(viewErrors.noImage);
    return jsonResponse(200, { url, expires_in: seconds });
  });
}

export const handler = createChismeImageUrlHandler(supabaseChismeImageUrlDeps);
