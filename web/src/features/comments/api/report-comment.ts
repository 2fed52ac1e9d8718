// Report a comment with a reason from the list and an optional explanation (one's own comment
// is silently ignored by the database).
import { rpc } from '../../../lib/rpc';

export async function reportComment(commentId: string, reason: string, explanation: string): Promise<void> {
  await rpc('report_comment', { p_comment_id: commentId, p_reason: reason, p_explanation: explanation || null });
}
