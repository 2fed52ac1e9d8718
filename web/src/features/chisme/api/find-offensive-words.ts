// The list words a text contains, for the warning before submitting (casual mode). A read: over
// GET (docs/api.md, "Reads over GET").
import { getArgs } from '../../../lib/get-args';
import { supabase } from '../../../lib/supabase';
import { toApiError } from '../../../lib/api-error';

export async function findOffensiveWords(text: string): Promise<string[]> {
  const { data, error } = await supabase.rpc('find_offensive_words', getArgs({ p_text: text }), { get: true });
  if (error) throw toApiError(error);
  return (data ?? []) as string[];
}
