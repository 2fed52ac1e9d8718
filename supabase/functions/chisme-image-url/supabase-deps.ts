// The real dependencies of chisme-image-url: the chisme as the caller sees it
// (_shared/find-chisme.ts), and a URL signed with the service role (the bucket has no read
// policy for users, so only it can sign).
import { findChisme } from '../_shared/find-chisme.ts';
import { createServiceClient } from '../_shared/supabase-clients.ts';
import type { ChismeImageUrlDeps } from './handler.ts';

async function signUrl(chismeId: string, seconds: number): Promise<string | null> {
  const { data, error } = await createServiceClient().storage.from('chismes').createSignedUrl(chismeId, seconds);
  if (error) {
    if ('statusCode' in error && String(error.statusCode) === '404') return null;
    throw error;
  }
  return data.signedUrl;
}

export const supabaseChismeImageUrlDeps: ChismeImageUrlDeps = { findChisme, signUrl, now: () => new Date() };
