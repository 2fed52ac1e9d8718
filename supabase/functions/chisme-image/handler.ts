// POST multipart form { chisme_id, file } → 201 { path }: the cotilleo image of one's own
// chisme. Checks, in order: the caller; the body (read only up to the size limit, whatever
// Content-Length or chunking says); the file (present, size, a whole real image by its bytes,
// rewritten without metadata: sanitize-image.ts); the caller not suspended; the chisme
// (exists, the caller's, cotilleo, no image yet, still inside the viewing window); then
// stores it. The chisme's `file_exist`
// is set by a trigger on storage.objects in the same transaction that stores the object, so
// no crash can leave one without the other. The dependencies are injected so tests can run
// every path without a network; `handler` is the one wired to Supabase.
import type { Caller } from '../_shared/caller.ts';
import { callerEndpoint } from '../_shared/caller-endpoint.ts';
import { isChismeId } from '../_shared/chisme-image-rules.ts';
import { errorResponse, jsonResponse } from '../_shared/http.ts';
import { uploadErrors } from './errors.ts';
import { readBoundedBody } from './bounded-body.ts';
import { sanitizeImage } from './sanitize-image.ts';
import { isWithinImageLimit, isWithinRequestLimit, MAX_REQUEST_BYTES } from './size-limit.ts';
import { type ImageStore, storeImage } from './store-image.ts';
import { type ChismeForUpload, refuseUpload } from './upload-rules.ts';
import { supabaseChismeImageDeps } from './supabase-deps.ts';

export interface ChismeImageDeps {
  /** The chisme as the caller sees it (`get_chisme` with their token), or null if none. */
  findChisme(caller: Caller, chismeId: string): Promise<ChismeForUpload | null>;
  /** The end of the caller's suspension (`get_my_suspension` with their token), or null. */
  findSuspension(caller: Caller): Promise<Date | null>;
  images: ImageStore;
  now(): Date;
}

export function createChismeImageHandler(deps: ChismeImageDeps): (request: Request) => Promise<Response> {
  return callerEndpoint('chisme-image', () => deps.now(), async (request, caller) => {
    if (!isWithinRequestLimit(request.headers.get('Content-Length'))) return errorResponse(uploadErrors.tooLarge);

    const body = await readBoundedBody(request, MAX_REQUEST_BYTES);
    if (body.kind === 'too_large') return errorResponse(uploadErrors.tooLarge);
    const form = await readForm(request.headers.get('Content-Type'), body.bytes);
    const file = form?.get('file');
    // An empty file part is what a form sends when nothing was chosen: no file.
    if (!form || !(file instanceof File) || file.size === 0) return errorResponse(uploadErrors.noFile);
    if (!isWithinImageLimit(file.size)) return errorResponse(uploadErrors.tooLarge);
    const image = sanitizeImage(new Uint8Array(await file.arrayBuffer()));
    if (!image) return errorResponse(uploadErrors.typeNotAllowed);

    const chismeId = form.get('chisme_id');
    if (!isChismeId(chismeId)) return errorResponse(uploadErrors.chismeIdInvalid);
    // A suspended author changes nothing others see, their chisme's image included (the
    // database refuses the object too: the storage.objects trigger, docs/api.md).
    const suspendedUntil = await deps.findSuspension(caller);
    if (suspendedUntil && suspendedUntil.getTime() > deps.now().getTime()) return errorResponse(uploadErrors.userSuspended);
    const chisme = await deps.findChisme(caller, chismeId);
    const refusal = refuseUpload(chisme, deps.now());
    if (refusal) return errorResponse(refusal);

    const outcome = await storeImage(deps.images, chismeId, image.bytes, image.mime);
    switch (outcome.kind) {
      case 'stored':
        return jsonResponse(201, { path: chismeId });
      case 'exists':
        return errorResponse(uploadErrors.imageExists);
      case 'failed':
        console.error(`chisme-image: storing failed for ${chismeId}`, outcome.cause);
        // Nothing is half-stored (object and mark are one transaction): the user may retry.
        return errorResponse(uploadErrors.storeFailed);
    }
  });
}

/** The multipart form, or null when the body is not one (then there is no file either). */
async function readForm(contentType: string | null, body: Uint8Array<ArrayBuffer>): Promise<FormData | null> {
  if (!contentType?.toLowerCase().startsWith('multipart/form-data')) return null;
  try {
    return await new Request('http://body.local/', { method: 'POST', headers: { 'Content-Type': contentType }, body })
      .formData();
  } catch {
    return null;
  }
}

export const handler = createChismeImageHandler(supabaseChismeImageDeps);
