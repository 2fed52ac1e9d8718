// The moderation queue's rows are checked where they arrive: `reasons` is jsonb and every field
// of the generated moderation_item is nullable, so nothing else says what a row holds.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getModerationQueue } from './moderation-api';

const rpc = vi.fn();
vi.mock('../../../lib/supabase', () => ({ supabase: { rpc: (...args: unknown[]) => rpc(...args) } }));

const item = {
  kind: 'comment',
  id: 'm-1',
  chisme_id: 'c-1',
  content: 'Un comentario denunciado',
  cotilleo: false,
  pending_reports: 2,
  total_reports: 3,
  reasons: [{ reason: 'Spam', code: 'spam', count: 2, explanations: ['Publicidad'] }],
  hidden: false,
  last_reported_at: '2026-11-27T10:00:00Z',
  created_at: '2026-11-26T10:00:00Z',
};

describe('getModerationQueue', () => {
  beforeEach(() => rpc.mockReset());

  it('answers the rows as the database sent them, over GET', async () => {
    rpc.mockResolvedValue({ data: [item], error: null });
    await expect(getModerationQueue()).resolves.toEqual([item]);
    expect(rpc).toHaveBeenCalledWith('get_moderation_queue', { p_limit: '50' }, { get: true });
  });

  it('fails with unexpected_answer on a kind, a reason or a count it does not know', async () => {
    for (const row of [
      { ...item, kind: 'profile' },
      { ...item, reasons: [{ reason: 'x' }] },
      { ...item, reasons: null },
      { ...item, pending_reports: null },
    ]) {
      rpc.mockResolvedValueOnce({ data: [row], error: null });
      await expect(getModerationQueue()).rejects.toMatchObject({ key: 'unexpected_answer' });
    }
  });
});
