// The list words a text contains, for the warning before submitting (casual mode).
import { supabase } from '../../../lib/supabase';
import { toApiError } from '../../../lib/api-error';

export async function findOffensiveWords(text: string): Promise<string[]> {
  const { data, error } = await supabase.rpc('find_offensive_words', { p_text: text });
  if (error) throw toApiError(error);
  return (data ?? []) as string[];
}
