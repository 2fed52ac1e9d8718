import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetOwnContent, holdOwnChisme } from '../../../lib/own-content';
import { emptyFilters, type FeedChisme } from '../../../types/api';
import { adoptEarlyFirstPage, arrivedEarly, cursorAfter, feedKeys, getFeed } from './get-feed';

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
    // Another feed's key: an early request is handed out once per key and page life.
    adoptEarlyFirstPage('recent', true, { page: Promise.reject(new Error('get_feed answered 401')), at: Date.now() });
    await expect(getFeed(feedKeys.page('recent', true, emptyFilters, null))).resolves.toEqual([{ id: 'c-2' }]);
    expect(rpc).toHaveBeenCalledWith('get_feed', expect.objectContaining({ p_tab: 'recent', p_cotilleo: 'true', p_limit: '20' }), { get: true });
  });

  it('shows rows that arrived before the feed mounted in its first render', () => {
    adoptEarlyFirstPage('top', false, { page: Promise.resolve([{ id: 'c-3' }]), at: Date.now(), rows: [{ id: 'c-3' }] });
    expect(arrivedEarly(feedKeys.page('top', false, emptyFilters, null))).toEqual([{ id: 'c-3' }]);
  });
});

describe('getFeed over GET (read replicas)', () => {
  beforeEach(() => {
    rpc.mockReset();
    forgetOwnContent();
  });

  it('asks with GET, the tags as a JSON array and unset filters left out', async () => {
    rpc.mockResolvedValue({ data: [], error: null });
    await getFeed(feedKeys.page('top', true, { ...emptyFilters, tags: ['#amor'], yearsFrom: 18 }, null));
    expect(rpc).toHaveBeenCalledWith('get_feed', { p_tab: 'top', p_cotilleo: 'true', p_years_from: '18', p_tags: '["#amor"]', p_limit: '20' }, { get: true });
  });

  it("keeps the person's new chisme at the top of the recent feed until the answer has it", async () => {
    const now = new Date().toISOString();
    const mine = { id: 'mine', cotilleo: false, created_at: now, tags: [], gender: 'Mujer', country: 'España', years: 30 } as unknown as FeedChisme;
    const other = { ...mine, id: 'other', created_at: '2026-01-01T00:00:00+00:00' };
    holdOwnChisme(mine);
    rpc.mockResolvedValue({ data: [other], error: null });
    expect((await getFeed(firstPage)).map((c) => c.id)).toEqual(['mine', 'other']);
    // not in another mode's feed, nor on a later page
    expect((await getFeed(feedKeys.page('recent', true, emptyFilters, null))).map((c) => c.id)).toEqual(['other']);
    expect((await getFeed(feedKeys.page('recent', false, emptyFilters, cursorAfter(other)))).map((c) => c.id)).toEqual(['other']);
    rpc.mockResolvedValue({ data: [mine, other], error: null });
    expect((await getFeed(firstPage)).map((c) => c.id)).toEqual(['mine', 'other']);
    rpc.mockResolvedValue({ data: [other], error: null });
    expect((await getFeed(firstPage)).map((c) => c.id)).toEqual(['other']);
  });
});
