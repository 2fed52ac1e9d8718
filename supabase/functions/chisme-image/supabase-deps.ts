// The real dependencies of chisme-image: the chisme as the caller sees it
// (_shared/find-chisme.ts), their suspension, and the bucket written with the service role (the
// bucket's trigger then sets `file_exist`).
import type { Caller } from '../_shared/caller.ts';
import { findChisme } from '../_shared/find-chisme.ts';
import { CallerRejectedError, isCallerRejected } from '../_shared/postgrest-errors.ts';
import { createCallerClient, createServiceClient } from '../_shared/supabase-clients.ts';
import type { ChismeImageDeps } from './handler.ts';
import type { ImageStore } from './store-image.ts';

const bucket = 'chismes';

async function findSuspension(caller: Caller): Promise<Date | null> {
  const { data, error } = await createCallerClient(caller.accessToken).rpc('get_my_suspension');
  if (error) {
    if (isCallerRejected(error)) throw new CallerRejectedError();
    throw new Error(`get_my_suspension failed: ${error.code ?? ''} ${error.message}`);
  }
  return typeof data === 'string' ? new Date(data) : null;
}

/**
 * What browsers and proxies may do with a stored image, set on the object at upload. Signed
 * downloads (the app's only way to show an image) carry `Expires` at the token's expiry
 * instead (storage-api's renderer); every other download path serves this value. A signed
 * image URL lives at most 60 s and may have only a second left, so no positive max-age is safe
 * here: 0 keeps a cotilleo image out of shared caches (private) and out of reuse.
 */
export const IMAGE_CACHE_CONTROL = 'private, max-age=0';

/**
 * Service role, because users may write neither to the bucket nor to `file_exist`: an image
 * must pass this function's checks (real type by its bytes, size, author, cotilleo) before it
 * is stored, so the bucket has no insert policy for users and only the service role, which
 * bypasses RLS, can store it.
 */
function serviceImageStore(): ImageStore {
  return {
    async put(chismeId, bytes, mime) {
      const { error } = await createServiceClient().storage.from(bucket)
        .upload(chismeId, bytes, { contentType: mime, upsert: false, headers: { 'cache-control': IMAGE_CACHE_CONTROL } });
      if (!error) return 'stored';
      // Storage answers a duplicate name with statusCode "409" (never overwritten: upsert off).
      if ('statusCode' in error && String(error.statusCode) === '409') return 'exists';
      // A racing upload may also lose inside the database (the bucket's triggers refuse a
      // second version of the object): then the chisme already has its image.
      if (await hasImage(chismeId)) return 'exists';
      throw error;
    },
  };
}

async function hasImage(chismeId: string): Promise<boolean> {
  const { data } = await createServiceClient().from('chismes').select('file_exist').eq('id', chismeId).maybeSingle();
  return data?.file_exist === true;
}

export const supabaseChismeImageDeps: ChismeImageDeps = {
  findChisme,
  findSuspension,
  images: serviceImageStore(),
  now: () => new Date(),
};
