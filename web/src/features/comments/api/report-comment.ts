// Report a comment (one's own comment is silently ignored by the database).
import { chisme } from '../../../i18n/es/chisme';
import { toApiError } from '../../../lib/api-error';
import { supabase } from '../../../lib/supabase';

export async function reportComment(commentId: string): Promise<void> {
  const { error } = await supabase.rpc('report_comment', { p_comment_id: commentId, p_reason: chisme.report.reason });
  if (error) throw toApiError(error);
}
