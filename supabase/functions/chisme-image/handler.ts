// POST multipart form { chisme_id, file } → 201 { path }: the cotilleo image of one's own
// chisme. Checks, in order: the caller; the file (present, real type by its bytes, size); the
// chisme (exists, the caller's, cotilleo, no image yet, still inside the viewing window);
// then stores and marks it (store-image.ts). The dependencies are injected so tests can run
// every path without a network; `handler` is the one wired to Supabase.
import { type Caller, callerFromRequest } from '../_shared/caller.ts';
import { isPreflight, preflightResponse } from '../_shared/cors.ts';
import {
  errorResponse,
  jsonResponse,
  methodNotAllowed,
  notAuthenticated,
  withErrorBoundary,
} from '../_shared/http.ts';
import { CallerRejectedError } from '../_shared/postgrest-errors.ts';
import { uploadErrors } from './errors.ts';
import { SIGNATURE_BYTES, sniffImageType } from './file-type.ts';
import { isWithinImageLimit, isWithinRequestLimit } from './size-limit.ts';
import { type ImageStore, storeImage } from './store-image.ts';
import { type ChismeForUpload, isChismeId, refuseUpload } from './upload-rules.ts';
import { supabaseChismeImageDeps } from './supabase-deps.ts';

export interface ChismeImageDeps {
  /** The chisme as the caller sees it (`get_chisme` with their token), or null if none. */
  findChisme(caller: Caller, chismeId: string): Promise<ChismeForUpload | null>;
  images: ImageStore;
  now(): Date;
}

export function createChismeImageHandler(deps: ChismeImageDeps): (request: Request) => Promise<Response> {
  return withErrorBoundary('chisme-image', async (request) => {
    if (isPreflight(request)) return preflightResponse();
    if (request.method !== 'POST') return errorResponse(methodNotAllowed);
    const caller = callerFromRequest(request, deps.now());
    if (!caller) return errorResponse(notAuthenticated);
    if (!isWithinRequestLimit(request.headers.get('Content-Length'))) return errorResponse(uploadErrors.tooLarge);

    const form = await readForm(request);
    const file = form?.get('file');
    // An empty file part is what a form sends when nothing was chosen: no file.
    if (!form || !(file instanceof File) || file.size === 0) return errorResponse(uploadErrors.noFile);
    const type = sniffImageType(new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer()));
    if (!type) return errorResponse(uploadErrors.typeNotAllowed);
    if (!isWithinImageLimit(file.size)) return errorResponse(uploadErrors.tooLarge);

    const chismeId = form.get('chisme_id');
    if (!isChismeId(chismeId)) return errorResponse(uploadErrors.chismeIdInvalid);
    let chisme: ChismeForUpload | null;
    try {
      chisme = await deps.findChisme(caller, chismeId);
    } catch (error) {
      if (error instanceof CallerRejectedError) return errorResponse(notAuthenticated);
      throw error;
    }
    const refusal = refuseUpload(chisme, deps.now());
    if (refusal) return errorResponse(refusal);

    const bytes = new Uint8Array(await file.arrayBuffer());
    const outcome = await storeImage(deps.images, chismeId, bytes, type.mime);
    switch (outcome.kind) {
      case 'stored':
        return jsonResponse(201, { path: chismeId });
      case 'exists':
        return errorResponse(uploadErrors.imageExists);
      case 'failed':
        console.error(`chisme-image: ${outcome.step} failed for ${chismeId}`, outcome.cause, outcome.cleanupCause ?? '');
        // Either way nothing is left behind (see store-image.ts): the user may simply retry.
        return errorResponse(uploadErrors.storeFailed);
    }
  });
}

/** The multipart form, or null when the body is not one (then there is no file either). */
async function readForm(request: Request): Promise<FormData | null> {
  if (!(request.headers.get('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data')) return null;
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

export const handler = createChismeImageHandler(supabaseChismeImageDeps);
