// A page of root comments (newest first) with all their replies.
import { limits } from '../../../config/limits';
import { toApiError } from '../../../lib/api-error';
import { supabase } from '../../../lib/supabase';
import type { ThreadComment } from '../../../types/api';

export { commentKeys, type CommentsCursor } from './comment-keys';
import type { commentKeys } from './comment-keys';

// The RPC takes text arguments (a malformed one gets a stable key, not a cast error).
export async function getComments([, chismeId, cursor]: ReturnType<typeof commentKeys.page>): Promise<ThreadComment[]> {
  const { data, error } = await supabase.rpc('get_comments', {
    p_chisme_id: chismeId,
    p_cursor_created_at: cursor?.createdAt,
    p_cursor_id: cursor?.id,
    p_limit: String(limits.rootCommentsPage),
  });
  if (error) throw toApiError(error);
  return (data ?? []) as ThreadComment[];
}
