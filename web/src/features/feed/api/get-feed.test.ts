import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyFilters } from '../../../types/api';
import { adoptEarlyFirstPage, arrivedEarly, feedKeys, getFeed } from './get-feed';

const rpc = vi.fn();
vi.mock('../../../lib/supabase', () => ({ supabase: { rpc: (...args: unknown[]) => rpc(...args) } }));

const firstPage = feedKeys.page('recent', false, emptyFilters, null);

describe('getFeed with the first page index.html already asked for', () => {
  beforeEach(() => rpc.mockReset());

  it('takes that answer instead of asking again', async () => {
    adoptEarlyFirstPage('recent', false, { page: Promise.resolve([{ id: 'c-1' }]), at: Date.now() });
    await expect(getFeed(firstPage)).resolves.toEqual([{ id: 'c-1' }]);
    expect(rpc).not.toHaveBeenCalled();
  });

  it('asks again through supabase-js when that answer was refused', async () => {
    rpc.mockResolvedValue({ data: [{ id: 'c-2' }], error: null });
    adoptEarlyFirstPage('recent', false, { page: Promise.reject(new Error('get_feed answered 401')), at: Date.now() });
    await expect(getFeed(firstPage)).resolves.toEqual([{ id: 'c-2' }]);
    expect(rpc).toHaveBeenCalledWith('get_feed', expect.objectContaining({ p_tab: 'recent', p_cotilleo: 'false', p_limit: '20' }));
  });

  it('shows rows that arrived before the feed mounted in its first render', () => {
    adoptEarlyFirstPage('top', false, { page: Promise.resolve([{ id: 'c-3' }]), at: Date.now(), rows: [{ id: 'c-3' }] });
    expect(arrivedEarly(feedKeys.page('top', false, emptyFilters, null))).toEqual([{ id: 'c-3' }]);
  });
});
