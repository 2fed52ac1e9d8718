// Builds the comment tree from get_comments rows and holds the thread display rules of spec
// sections 4 and 9: reply only below depth 3; 4 replies shown first, one fewer per level
// (minimum 2), a "+N" button for the rest; reply banner with the parent's first 50 characters.
import { limits } from '../../../config/limits';
import type { ThreadComment } from '../../../lib/thread-comment';

export type CommentNode = ThreadComment & { children: CommentNode[] };

const newestFirst = (a: ThreadComment, b: ThreadComment) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

export function buildThread(rows: ThreadComment[]): CommentNode[] {
  const nodes = new Map<string, CommentNode>();
  for (const row of rows) nodes.set(row.id, { ...row, children: [] });
  const roots: CommentNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id ? nodes.get(node.parent_id) : undefined;
    if (parent) parent.children.push(node);
    else if (node.parent_id === null) roots.push(node);
  }
  const sort = (list: CommentNode[]) => {
    list.sort(newestFirst);
    list.forEach((node) => sort(node.children));
  };
  sort(roots);
  return roots;
}

export const canReply = (comment: Pick<ThreadComment, 'depth'>) => comment.depth < limits.maxReplyDepth;

/** How many replies of a comment at `parentDepth` are shown before "+N": 4, 3, 2, 2… */
export function repliesShownAt(parentDepth: number): number {
  return Math.max(limits.repliesShown.min, limits.repliesShown.first - (parentDepth - 1));
}

/** The replies to show and how many stay behind the "+N" button. */
export function visibleReplies<T>(replies: T[], parentDepth: number, expanded: boolean): { shown: T[]; hidden: number } {
  if (expanded) return { shown: replies, hidden: 0 };
  const count = repliesShownAt(parentDepth);
  return { shown: replies.slice(0, count), hidden: Math.max(0, replies.length - count) };
}

/** The reply banner's snippet: the parent's first 50 characters. */
export function replySnippet(content: string): string {
  return content.slice(0, limits.replyBannerChars);
}

export function countDescendants(node: CommentNode): number {
  return node.children.reduce((sum, child) => sum + 1 + countDescendants(child), 0);
}
