// The caller's own chismes of one mode, newest first. supabase-js is imported when it is
// needed: on a first load of /profile/ the rows usually come from index.html's first-load
// script (lib/early-request.ts), so the page renders without it.
import { toApiError } from '../../../lib/api-error';
import { takeEarly } from '../../../lib/early-request';
import type { FeedChisme } from '../../../types/api';
import { profileKeys } from './profile-keys';

export { profileKeys };

export async function getMyChismes(key: ReturnType<typeof profileKeys.myChismes>): Promise<FeedChisme[]> {
  const early = takeEarly<FeedChisme[] | null>(JSON.stringify(key));
  if (early) return early.then((data) => data ?? [], () => fetchMyChismes(key));
  return fetchMyChismes(key);
}

async function fetchMyChismes([, , cotilleo]: ReturnType<typeof profileKeys.myChismes>): Promise<FeedChisme[]> {
  const { supabase } = await import('../../../lib/supabase');
  const { data, error } = await supabase.rpc('get_my_chismes', { p_cotilleo: cotilleo });
  if (error) throw toApiError(error);
  return (data ?? []) as FeedChisme[];
}
