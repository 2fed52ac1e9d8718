// The chisme a comments dialog belongs to (its mode decides the comment age range).
// supabase-js is imported when it is needed: on a shared link the chisme usually comes from
// index.html's first-load script (lib/early-request.ts), so the page renders without it.
import { toApiError } from '../../../lib/api-error';
import { takeEarly } from '../../../lib/early-request';
import type { FeedChisme } from '../../../types/api';
import { commentKeys } from './comment-keys';

export async function getChisme(id: string): Promise<FeedChisme | null> {
  const early = takeEarly<unknown>(JSON.stringify(commentKeys.chisme(id)));
  const data = early ? await early.catch(() => fetchChisme(id)) : await fetchChisme(id);
  const row = data as FeedChisme | null;
  return row && row.id ? row : null;
}

async function fetchChisme(id: string): Promise<unknown> {
  const { supabase } = await import('../../../lib/supabase');
  const { data, error } = await supabase.rpc('get_chisme', { p_id: id });
  if (error) throw toApiError(error);
  return data;
}
