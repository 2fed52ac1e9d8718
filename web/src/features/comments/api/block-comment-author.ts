// "No ver más a esta persona" from a comment: the database finds its author; no id comes back.
import { toApiError } from '../../../lib/api-error';
import { supabase } from '../../../lib/supabase';

export async function blockCommentAuthor(commentId: string): Promise<void> {
  const { error } = await supabase.rpc('block_comment_author', { p_comment_id: commentId });
  if (error) throw toApiError(error);
}
