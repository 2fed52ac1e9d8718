import { describe, expect, it } from 'vitest';
import type { AppNotification } from '../../../lib/app-notification';
import { mergeLiveNotification } from './merge-live-notification';

const note = (id: string, message: string): AppNotification => ({ id, message }) as AppNotification;

describe('mergeLiveNotification', () => {
  it('puts a new notification on top', () => {
    expect(mergeLiveNotification([note('a', 'A')], note('b', 'B')).map((n) => n.id)).toEqual(['b', 'a']);
  });
  it('replaces a collapsed notification in place of its old row, on top, once', () => {
    const page = [note('a', 'A'), note('b', 'Nuevo comentario'), note('c', 'C')];
    const merged = mergeLiveNotification(page, note('b', '3 personas comentaron tu chisme'));
    expect(merged.map((n) => [n.id, n.message])).toEqual([
      ['b', '3 personas comentaron tu chisme'],
      ['a', 'A'],
      ['c', 'C'],
    ]);
  });
});
