// The thread_comment check: a shown comment with its author details, or the "Comentario oculto"
// and "Comentario eliminado" placeholders with none; nothing in between passes.
import { describe, expect, it } from 'vitest';
import { aComment } from '../test-utils/fixtures';
import { ApiError } from './api-error';
import { expectThreadComment, expectThreadComments } from './thread-comment';

describe('thread comments as they arrive', () => {
  it('takes a shown comment and a placeholder, as the same objects', () => {
    const shown = aComment({ id: 'shown' });
    const placeholder = aComment({ id: 'placeholder', content: '', is_hidden: true });
    expect(placeholder).toMatchObject({ gender: null, country: null, years: null, commenter_number: null });
    const deleted = aComment({ id: 'deleted', content: '', is_deleted: true });
    expect(deleted).toMatchObject({ gender: null, country: null, years: null, commenter_number: null, is_hidden: false });
    const page = [shown, placeholder, deleted];
    expect(expectThreadComments(page, 'get_comments')).toBe(page);
    expect(expectThreadComments(null, 'get_comments')).toEqual([]);
  });

  it('refuses a placeholder that carries author details, and a shown comment without them', () => {
    const shown = aComment({ id: 'shown' });
    for (const row of [
      { ...shown, is_hidden: true },
      { ...shown, is_deleted: true },
      { ...shown, is_hidden: true, is_deleted: true },
      { ...shown, gender: null },
      { ...shown, is_hidden: null },
      { ...shown, crisis: undefined },
    ]) {
      expect(() => expectThreadComment(row, 'add_comment')).toThrow(ApiError);
    }
  });
});
