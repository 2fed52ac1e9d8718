// The chisme a comments dialog belongs to (its mode decides the comment age range). A read:
// over GET (docs/api.md, "Reads over GET").
import { toApiError } from '../../../lib/api-error';
import { getArgs } from '../../../lib/get-args';
import { supabase } from '../../../lib/supabase';
import type { FeedChisme } from '../../../types/api';

export async function getChisme(id: string): Promise<FeedChisme | null> {
  const { data, error } = await supabase.rpc('get_chisme', getArgs({ p_id: id }), { get: true });
  if (error) throw toApiError(error);
  const row = data as FeedChisme | null;
  return row && row.id ? row : null;
}
