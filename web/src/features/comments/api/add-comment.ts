// Add a root comment or a reply. The RPC takes its scalars as text (docs/api.md), so the age
// is sent as its text, and a root comment's parent as null.
import { holdOwnComment } from '../../../lib/own-content';
import { rpc } from '../../../lib/rpc';
import { expectThreadComment, type ThreadComment } from '../../../lib/thread-comment';

export type NewComment = { chismeId: string; parentId: string | null; content: string; gender: string; years: number; country: string };

export async function addComment(input: NewComment): Promise<ThreadComment> {
  const answer = await rpc('add_comment', {
    p_chisme_id: input.chismeId,
    p_parent_id: input.parentId,
    p_content: input.content,
    p_gender: input.gender,
    p_years: String(input.years),
    p_country: input.country,
  });
  // The RPC returns json, the thread_comment object (docs/decisions/0024-refused-writes-count.md).
  const added = expectThreadComment(answer, 'add_comment');
  // Shown in the person's thread until a (replica's) read has it.
  holdOwnComment(added);
  return added;
}
