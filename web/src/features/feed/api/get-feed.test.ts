import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { forgetOwnContent, holdOwnChisme } from '../../../lib/own-content';
import { aChisme } from '../../../test-utils/fixtures';
import { emptyFilters } from '../../../lib/feed-filters';
import { adoptEarlyFirstPage, arrivedEarly, cursorAfter, feedKeys, getFeed } from './get-feed';

const rpc = vi.fn();
vi.mock('../../../lib/supabase', () => ({ supabase: { rpc: (...args: unknown[]) => rpc(...args) } }));

const firstPage = feedKeys.page('recent', false, emptyFilters, null);

describe('getFeed with the first page index.html already asked for', () => {
  beforeEach(() => rpc.mockReset());

  it('takes that answer instead of asking again', async () => {
    const page = [aChisme({ id: 'c-1' })];
    adoptEarlyFirstPage('recent', false, { page: Promise.resolve(page), at: Date.now() });
    await expect(getFeed(firstPage)).resolves.toEqual(page);
    expect(rpc).not.toHaveBeenCalled();
  });

  it('asks again through supabase-js when that answer was refused', async () => {
    const page = [aChisme({ id: 'c-2', cotilleo: true })];
    rpc.mockResolvedValue({ data: page, error: null });
    // Another feed's key: an early request is handed out once per key and page life.
    adoptEarlyFirstPage('recent', true, { page: Promise.reject(new Error('get_feed answered 401')), at: Date.now() });
    await expect(getFeed(feedKeys.page('recent', true, emptyFilters, null))).resolves.toEqual(page);
    expect(rpc).toHaveBeenCalledWith('get_feed', expect.objectContaining({ p_tab: 'recent', p_cotilleo: 'true', p_limit: '20' }), { get: true });
  });

  it('asks again through supabase-js when that answer is not a page of chismes', async () => {
    const page = [aChisme({ id: 'c-4' })];
    rpc.mockResolvedValue({ data: page, error: null });
    adoptEarlyFirstPage('old', false, { page: Promise.resolve({ message: 'not rows' }), at: Date.now(), rows: { message: 'not rows' } });
    expect(arrivedEarly(feedKeys.page('old', false, emptyFilters, null))).toBeUndefined();
    await expect(getFeed(feedKeys.page('old', false, emptyFilters, null))).resolves.toEqual(page);
    expect(rpc).toHaveBeenCalledTimes(1);
  });

  it('shows rows that arrived before the feed mounted in its first render', () => {
    const page = [aChisme({ id: 'c-3' })];
    adoptEarlyFirstPage('top', false, { page: Promise.resolve(page), at: Date.now(), rows: page });
    expect(arrivedEarly(feedKeys.page('top', false, emptyFilters, null))).toEqual(page);
  });
});

describe('what get_feed answers is checked, not cast', () => {
  beforeEach(() => {
    rpc.mockReset();
    forgetOwnContent();
  });

  it('fails with unexpected_answer when a row lacks a field or has one of another type', async () => {
    const { crisis: _, ...withoutCrisis } = aChisme({ id: 'c-5' });
    for (const row of [withoutCrisis, { ...aChisme({ id: 'c-6' }), likes: '3' }, { ...aChisme({ id: 'c-7' }), tags: null }]) {
      rpc.mockResolvedValueOnce({ data: [aChisme({ id: 'fine' }), row], error: null });
      const failure = getFeed(feedKeys.page('trending', false, emptyFilters, { createdAt: '2026-01-01T00:00:00Z', likes: 0, id: 'x' }));
      await expect(failure).rejects.toBeInstanceOf(ApiError);
      await expect(failure).rejects.toMatchObject({ key: 'unexpected_answer' });
    }
  });

  it('answers an empty page for no rows', async () => {
    rpc.mockResolvedValue({ data: [], error: null });
    await expect(getFeed(feedKeys.page('trending', true, emptyFilters, null))).resolves.toEqual([]);
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
    const mine = aChisme({ id: 'mine', cotilleo: false, created_at: now, tags: [], is_mine: true });
    const other = aChisme({ id: 'other', created_at: '2026-01-01T00:00:00+00:00' });
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
