// "No ver más a esta persona" from a chisme: the database finds its author; no id comes back.
// supabase-js is imported when the call runs (lib/rpc.ts).
import { rpc } from '../../../lib/rpc';

export async function blockChismeAuthor(chismeId: string): Promise<void> {
  await rpc('block_chisme_author', { p_chisme_id: chismeId });
}
