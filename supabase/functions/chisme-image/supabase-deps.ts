// The real dependencies of chisme-image: `get_chisme` as the caller, and the bucket and the
// `file_exist` flag written with the service role.
import type { Caller } from '../_shared/caller.ts';
import { CallerRejectedError, isCallerRejected } from '../_shared/postgrest-errors.ts';
import { createCallerClient, createServiceClient } from '../_shared/supabase-clients.ts';
import type { ChismeImageDeps } from './handler.ts';
import type { ImageStore } from './store-image.ts';
import type { ChismeForUpload } from './upload-rules.ts';

const bucket = 'chismes';

interface FeedChismeRow {
  id: string | null;
  is_mine: boolean;
  cotilleo: boolean;
  file_exist: boolean;
  created_at: string;
}

async function findChisme(caller: Caller, chismeId: string): Promise<ChismeForUpload | null> {
  // As the caller, so the database decides what they may see and computes `is_mine` from
  // their token (the author is not a column anyone can read: anonymity).
  const { data, error } = await createCallerClient(caller.accessToken)
    .rpc('get_chisme', { p_id: chismeId })
    .maybeSingle<FeedChismeRow>();
  if (error) {
    if (isCallerRejected(error)) throw new CallerRejectedError();
    throw new Error(`get_chisme failed: ${error.code ?? ''} ${error.message}`);
  }
  // "null row when not found": PostgREST renders it as null or as a row of nulls.
  if (!data || data.id === null) return null;
  return {
    isMine: data.is_mine,
    cotilleo: data.cotilleo,
    fileExist: data.file_exist,
    createdAt: new Date(data.created_at),
  };
}

/**
 * Service role, because users may write neither to the bucket nor to `file_exist`: an image
 * must pass this function's checks (real type by its bytes, size, author, cotilleo) before it
 * is stored, so the bucket has no insert policy for users and only the service role, which
 * bypasses RLS, can store it and mark the chisme.
 */
function serviceImageStore(): ImageStore {
  return {
    async put(chismeId, bytes, mime) {
      const { error } = await createServiceClient().storage.from(bucket)
        .upload(chismeId, bytes, { contentType: mime, upsert: false });
      if (!error) return 'stored';
      // Storage answers a duplicate name with statusCode "409" (never overwritten: upsert off).
      if ('statusCode' in error && String(error.statusCode) === '409') return 'exists';
      throw error;
    },
    async markStored(chismeId) {
      const { data, error } = await createServiceClient().from('chismes')
        .update({ file_exist: true }).eq('id', chismeId).select('id');
      if (error) throw new Error(`marking file_exist failed: ${error.code ?? ''} ${error.message}`);
      if (!data?.length) throw new Error('marking file_exist failed: the chisme no longer exists');
    },
    async remove(chismeId) {
      const { error } = await createServiceClient().storage.from(bucket).remove([chismeId]);
      if (error) throw error;
    },
  };
}

export const supabaseChismeImageDeps: ChismeImageDeps = {
  findChisme,
  images: serviceImageStore(),
  now: () => new Date(),
};
