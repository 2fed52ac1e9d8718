// "Eliminar" on one's own chisme: it goes with its thread, likes and the notifications about
// it; its image is purged from Storage (docs/decisions/0034-deletion-keeps-others-words.md).
import { rpc } from '../../../lib/rpc';

export async function deleteMyChisme(chismeId: string): Promise<void> {
  await rpc('delete_my_chisme', { p_chisme_id: chismeId });
}
