// The current like and comment counts of a few chismes (the cards that came back on screen, or
// whose group topic just joined): one GET on public.chismes, whose RLS hides what the caller
// may not see. A GET, so hosted Supabase may serve it from a read replica.
import { toApiError } from '../../../lib/api-error';
import type { Tables } from '../../../lib/database';

export type ChismeCounts = Pick<Tables<'chismes'>, 'id' | 'likes' | 'comments'>;

export async function getChismeCounts(ids: readonly string[]): Promise<ChismeCounts[]> {
  if (ids.length === 0) return [];
  const { supabase } = await import('../../../lib/supabase');
  const { data, error } = await supabase
    .from('chismes')
    .select('id, likes, comments')
    .in('id', [...ids]);
  if (error) throw toApiError(error);
  return data;
}
