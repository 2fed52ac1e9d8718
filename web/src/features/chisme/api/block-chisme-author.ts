// "No ver más a esta persona" from a chisme: the database finds its author; no id comes back.
import { toApiError } from '../../../lib/api-error';

export async function blockChismeAuthor(chismeId: string): Promise<void> {
  const { supabase } = await import('../../../lib/supabase');
  const { error } = await supabase.rpc('block_chisme_author', { p_chisme_id: chismeId });
  if (error) throw toApiError(error);
}
