// One chisme as the caller sees it: a shared link's page, the comments dialog's header, and the
// fresh counters after a comment. A read: over GET (docs/api.md, "Reads over GET"). supabase-js
// is imported when it is needed: on a shared link the chisme usually comes from index.html's
// first-load script (lib/early-request.ts), so the page renders without it.
import { toApiError } from '../../../lib/api-error';
import { takeEarly } from '../../../lib/early-request';
import { getArgs } from '../../../lib/get-args';
import type { FeedChisme } from '../../../types/api';
import { chismeKeys } from './chisme-keys';

/** `primary`: right after the person's own write, ask with POST, which the primary answers
 * (a replica may not have that write yet); never from the first-load answer then. */
export async function getChisme(id: string, { primary = false } = {}): Promise<FeedChisme | null> {
  const early = primary ? undefined : takeEarly<unknown>(JSON.stringify(chismeKeys.one(id)));
  const data = early ? await early.catch(() => fetchChisme(id, primary)) : await fetchChisme(id, primary);
  const row = data as FeedChisme | null;
  return row && row.id ? row : null;
}

async function fetchChisme(id: string, primary: boolean): Promise<unknown> {
  const { supabase } = await import('../../../lib/supabase');
  const { data, error } = await supabase.rpc('get_chisme', getArgs({ p_id: id }), { get: !primary });
  if (error) throw toApiError(error);
  return data;
}
