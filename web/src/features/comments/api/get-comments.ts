// A page of root comments (newest first) with all their replies.
import { limits } from '../../../config/limits';
import { getArgs } from '../../../lib/get-args';
import { withOwnComments } from '../../../lib/own-content';
import { rpc } from '../../../lib/rpc';
import { expectThreadComments, type ThreadComment } from '../../../lib/thread-comment';

export { commentKeys } from './comment-keys';
import type { commentKeys } from './comment-keys';

// The RPC takes text arguments (a malformed one gets a stable key, not a cast error). A read:
// over GET (docs/api.md); the first page also shows the person's own new comments a read
// replica may not have yet (lib/own-content.ts).
export async function getComments([, chismeId, cursor]: ReturnType<typeof commentKeys.page>): Promise<ThreadComment[]> {
  const answer = await rpc(
    'get_comments',
    getArgs({
      p_chisme_id: chismeId,
      p_cursor_created_at: cursor?.createdAt,
      p_cursor_id: cursor?.id,
      p_limit: String(limits.rootCommentsPage),
    }),
    { get: true },
  );
  const rows = expectThreadComments(answer, 'get_comments');
  return cursor === null ? withOwnComments(chismeId, rows) : rows;
}
