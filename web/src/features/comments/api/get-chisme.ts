// The chisme a comments dialog belongs to (its mode decides the comment age range). A read:
// over GET (docs/api.md, "Reads over GET").
import { toApiError } from '../../../lib/api-error';
import { getArgs } from '../../../lib/get-args';
import { supabase } from '../../../lib/supabase';
import type { FeedChisme } from '../../../types/api';

/** `primary`: right after the person's own write, ask with POST, which the primary answers
 * (a replica may not have that write yet). */
export async function getChisme(id: string, { primary = false } = {}): Promise<FeedChisme | null> {
  const { data, error } = await supabase.rpc('get_chisme', getArgs({ p_id: id }), { get: !primary });
  if (error) throw toApiError(error);
  const row = data as FeedChisme | null;
  return row && row.id ? row : null;
}
