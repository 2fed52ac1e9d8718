// The real dependencies of chisme-image-url: `get_chisme` as the caller, and a URL signed with
// the service role (the bucket has no read policy for users, so only it can sign).
import type { Caller } from '../_shared/caller.ts';
import { CallerRejectedError, isCallerRejected } from '../_shared/postgrest-errors.ts';
import { createCallerClient, createServiceClient } from '../_shared/supabase-clients.ts';
import type { ChismeImageUrlDeps } from './handler.ts';
import type { ChismeForView } from './view-rules.ts';

interface FeedChismeRow {
  id: string | null;
  cotilleo: boolean;
  file_exist: boolean;
  created_at: string;
}

async function findChisme(caller: Caller, chismeId: string): Promise<ChismeForView | null> {
  const { data, error } = await createCallerClient(caller.accessToken)
    .rpc('get_chisme', { p_id: chismeId })
    .maybeSingle<FeedChismeRow>();
  if (error) {
    if (isCallerRejected(error)) throw new CallerRejectedError();
    throw new Error(`get_chisme failed: ${error.code ?? ''} ${error.message}`);
  }
  if (!data || data.id === null) return null;
  return { cotilleo: data.cotilleo, fileExist: data.file_exist, createdAt: new Date(data.created_at) };
}

async function signUrl(chismeId: string, seconds: number): Promise<string | null> {
  const { data, error } = await createServiceClient().storage.from('chismes').createSignedUrl(chismeId, seconds);
  if (error) {
    if ('statusCode' in error && String(error.statusCode) === '404') return null;
    throw error;
  }
  return data.signedUrl;
}

export const supabaseChismeImageUrlDeps: ChismeImageUrlDeps = { findChisme, signUrl, now: () => new Date() };
