// "Eliminar" on one's own comment: without replies it goes; with replies a "Comentario
// eliminado" placeholder keeps them (docs/decisions/0034-deletion-keeps-others-words.md).
import { rpc } from '../../../lib/rpc';

export async function deleteMyComment(commentId: string): Promise<void> {
  await rpc('delete_my_comment', { p_comment_id: commentId });
}
