import { afterEach, describe, expect, it } from 'vitest';
import type { FeedChisme } from './feed-chisme';
import type { ThreadComment } from './thread-comment';
import { forgetOwnChisme, forgetOwnComment, forgetOwnContent, HOLD_MS, holdOwnChisme, holdOwnComment, withOwnChismes, withOwnComments } from './own-content';

const chisme = (id: string, createdAt: string, cotilleo = false): FeedChisme => ({
  id,
  gender: 'Mujer',
  years: 30,
  country: 'España',
  tags: [],
  content: `Chisme ${id}`,
  cotilleo,
  likes: 0,
  comments: 0,
  report: 0,
  file_exist: false,
  created_at: createdAt,
  updated_at: createdAt,
  is_mine: id.startsWith('mine'),
  liked_by_me: false,
  image_viewable: false,
  crisis: false,
  is_deleted: false,
});
const comment = (id: string, createdAt: string, parentId: string | null = null): ThreadComment => ({
  id,
  chisme_id: 'c-1',
  parent_id: parentId,
  depth: parentId ? 2 : 1,
  gender: 'Mujer',
  country: 'España',
  years: 30,
  content: `Comentario ${id}`,
  report: 0,
  created_at: createdAt,
  updated_at: createdAt,
  is_mine: true,
  is_chisme_author: false,
  commenter_number: 1,
  is_hidden: false,
  is_deleted: false,
  crisis: false,
});
const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
const any = () => true;

afterEach(() => forgetOwnContent());

describe('own new chismes while a read replica lags', () => {
  const t0 = Date.parse('2026-11-27T03:00:00Z');
  const older = chisme('other-1', '2026-11-27T02:59:00.000000+00:00');
  const newer = chisme('other-2', '2026-11-27T03:00:30.000000+00:00');
  const mine = chisme('mine-1', '2026-11-27T03:00:10.000000+00:00');

  it("shows the person's chisme in its place when the answer lacks it", () => {
    holdOwnChisme(mine, t0);
    expect(ids(withOwnChismes([newer, older], any, 20, t0 + 1000))).toEqual(['other-2', 'mine-1', 'other-1']);
  });

  it('lets it go once an answer has it: a later answer without it (deleted, hidden) is shown as it is', () => {
    holdOwnChisme(mine, t0);
    expect(ids(withOwnChismes([newer, mine, older], any, 20, t0 + 1000))).toEqual(['other-2', 'mine-1', 'other-1']);
    expect(ids(withOwnChismes([newer, older], any, 20, t0 + 2000))).toEqual(['other-2', 'other-1']);
  });

  it('keeps it no longer than the hold time', () => {
    holdOwnChisme(mine, t0);
    expect(ids(withOwnChismes([older], any, 20, t0 + HOLD_MS - 1))).toEqual(['mine-1', 'other-1']);
    expect(ids(withOwnChismes([older], any, 20, t0 + HOLD_MS + 1))).toEqual(['other-1']);
  });

  it('leaves it out of feeds it does not belong to, and out of a full page it is older than', () => {
    holdOwnChisme(mine, t0);
    expect(ids(withOwnChismes([older], (c) => c.cotilleo, 20, t0))).toEqual(['other-1']);
    expect(ids(withOwnChismes([newer], any, 1, t0))).toEqual(['other-2']);
    expect(ids(withOwnChismes([newer], any, 2, t0))).toEqual(['other-2', 'mine-1']);
  });

  it('forgets a chisme or comment the person deleted, before any answer had it', () => {
    holdOwnChisme(mine, t0);
    holdOwnComment(comment('mine-c', '2026-11-27T03:00:10.000000+00:00'), t0);
    forgetOwnChisme('mine-1');
    forgetOwnComment('mine-c');
    expect(ids(withOwnChismes([older], any, 20, t0 + 1000))).toEqual(['other-1']);
    expect(ids(withOwnComments('c-1', [], t0 + 1000))).toEqual([]);
  });

  it('forgets everything at sign-out', () => {
    holdOwnChisme(mine, t0);
    forgetOwnContent();
    expect(ids(withOwnChismes([older], any, 20, t0))).toEqual(['other-1']);
  });
});

describe('own new comments while a read replica lags', () => {
  const t0 = Date.parse('2026-11-27T03:00:00Z');
  const root = { ...comment('other-root', '2026-11-27T02:59:00+00:00'), is_mine: false };

  it('puts a held root before the roots and a held reply after the rows, until an answer has them', () => {
    holdOwnComment(comment('mine-root', '2026-11-27T03:00:05+00:00'), t0);
    holdOwnComment(comment('mine-reply', '2026-11-27T03:00:06+00:00', 'other-root'), t0);
    holdOwnComment({ ...comment('elsewhere', '2026-11-27T03:00:07+00:00'), chisme_id: 'c-2' }, t0);
    expect(ids(withOwnComments('c-1', [root], t0 + 1000))).toEqual(['mine-root', 'other-root', 'mine-reply']);
    const answered = [comment('mine-root', '2026-11-27T03:00:05+00:00'), root];
    expect(ids(withOwnComments('c-1', answered, t0 + 2000))).toEqual(['mine-root', 'other-root', 'mine-reply']);
    expect(ids(withOwnComments('c-1', [root], t0 + 3000))).toEqual(['other-root', 'mine-reply']);
    expect(ids(withOwnComments('c-2', [], t0 + 3000))).toEqual(['elsewhere']);
  });
});
