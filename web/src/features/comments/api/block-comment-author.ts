// "No ver más a esta persona" from a comment: the database finds its author; no id comes back.
import { rpc } from '../../../lib/rpc';

export async function blockCommentAuthor(commentId: string): Promise<void> {
  await rpc('block_comment_author', { p_comment_id: commentId });
}
