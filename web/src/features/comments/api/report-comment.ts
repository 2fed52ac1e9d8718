// Report a comment (one's own comment is silently ignored by the database).
import { chisme } from '../../../i18n/es/chisme';
import { rpc } from '../../../lib/rpc';

export async function reportComment(commentId: string): Promise<void> {
  await rpc('report_comment', { p_comment_id: commentId, p_reason: chisme.report.reason });
}
