import { describe, expect, it } from 'vitest';
import type { ThreadComment } from '../../../lib/thread-comment';
import { buildThread, canReply, replySnippet, repliesShownAt, visibleReplies } from './build-thread';

let clock = 0;
function row(id: string, parent: string | null, depth: number): ThreadComment {
  clock += 1;
  return {
    id,
    chisme_id: 'c1',
    parent_id: parent,
    depth,
    gender: 'Mujer',
    country: 'Chile',
    years: 30,
    content: `comentario ${id}`,
    report: 0,
    created_at: new Date(1_700_000_000_000 + clock * 1000).toISOString(),
    updated_at: '',
    is_mine: false,
    is_chisme_author: false,
    commenter_number: 1,
    is_hidden: false,
    is_deleted: false,
    crisis: false,
  };
}

describe('buildThread', () => {
  it('nests replies under their parents, newest first', () => {
    const rows = [row('r1', null, 1), row('r2', null, 1), row('a', 'r1', 2), row('b', 'a', 3)];
    const tree = buildThread(rows);
    expect(tree.map((n) => n.id)).toEqual(['r2', 'r1']);
    expect(tree[1]?.children[0]?.id).toBe('a');
    expect(tree[1]?.children[0]?.children[0]?.id).toBe('b');
  });
});

describe('thread rules', () => {
  it('allows replying only below depth 3', () => {
    expect(canReply({ depth: 1 })).toBe(true);
    expect(canReply({ depth: 2 })).toBe(true);
    expect(canReply({ depth: 3 })).toBe(false);
  });
  it('shows 4, 3, then 2 replies per level, never fewer than 2', () => {
    expect([1, 2, 3, 4, 5].map(repliesShownAt)).toEqual([4, 3, 2, 2, 2]);
  });
  it('hides the rest behind a +N count until expanded', () => {
    const replies = [1, 2, 3, 4, 5, 6, 7];
    expect(visibleReplies(replies, 1, false)).toEqual({ shown: [1, 2, 3, 4], hidden: 3 });
    expect(visibleReplies(replies, 2, false)).toEqual({ shown: [1, 2, 3], hidden: 4 });
    expect(visibleReplies(replies, 1, true)).toEqual({ shown: replies, hidden: 0 });
    expect(visibleReplies([1, 2], 1, false)).toEqual({ shown: [1, 2], hidden: 0 });
  });
  it('cuts the reply banner at 50 characters', () => {
    const long = 'a'.repeat(49) + 'bcdef';
    expect(replySnippet(long)).toBe('a'.repeat(49) + 'b');
    expect(replySnippet('corto')).toBe('corto');
  });
});
