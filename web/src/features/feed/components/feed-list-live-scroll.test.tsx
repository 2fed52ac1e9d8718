// Infinite scroll never stalls while live counts change under it: count messages patch the
// pages while the next page is being fetched, and the page still arrives (lib/cached-lists.ts
// holds the patches until the fetch is over). The next page's cursor is the one taken when the
// previous page was fetched, so a live like on its last card refetches nothing.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, userEvent, waitFor } from '../../../test-utils/render';
import { aChisme } from '../../../test-utils/fixtures';
import { fakeIntersection } from '../../../test-utils/fake-intersection';
import { fakeRealtime } from '../../../test-utils/fake-realtime';
import { emptyFilters } from '../../../lib/feed-filters';
import type { FeedChisme } from '../../../lib/feed-chisme';
import type { ChismeCounts } from '../api/get-chisme-counts';
import type { FeedPageKey } from '../api/get-feed';
import { SETTLE_MS } from '../hooks/use-visible-cards';
import { FeedList } from './feed-list';

vi.mock('../../../lib/supabase', async () => {
  const { fakeRealtime } = await import('../../../test-utils/fake-realtime');
  return { supabase: { channel: fakeRealtime.channel, removeChannel: fakeRealtime.removeChannel } };
});
const getFeed = vi.fn<(key: FeedPageKey) => Promise<FeedChisme[]>>();
vi.mock('../api/get-feed', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/get-feed')>()),
  getFeed: (key: FeedPageKey) => getFeed(key),
}));
const getChismeCounts = vi.fn<(ids: readonly string[]) => Promise<ChismeCounts[]>>();
vi.mock('../api/get-chisme-counts', () => ({ getChismeCounts: (ids: readonly string[]) => getChismeCounts(ids) }));

// The top tab: 100 chismes by likes, pages of 20 after a (likes, created_at, id) cursor.
const all = Array.from({ length: 100 }, (_, k) =>
  aChisme({ id: `c${String(k).padStart(2, '0')}`, content: `n${k}`, likes: 1000 - k, comments: 0, created_at: '2026-11-27T10:00:00.000Z' }),
);
const pageAfter = (likes: number | null) => all.filter((c) => likes === null || c.likes < likes).slice(0, 20);
const head = 'head:top:casual';
const renderChisme = (c: FeedChisme) => <p>{`${c.content} · ${c.likes}`}</p>;
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS + 50));
// What the database holds: a flush sends counts it has committed, so a count read asked after a
// message answers at least that message's counts (the reads are served from here).
const stored = new Map<string, { likes: number; comments: number }>();
const counts = (ids: string[], likes: number) => {
  for (const id of ids) stored.set(id, { likes, comments: 1 });
  return { counts: ids.map((id) => ({ id, likes, comments: 1, file_exist: false, image_viewable: false })) };
};

describe('FeedList with live counts during infinite scroll', () => {
  beforeEach(() => {
    fakeRealtime.reset();
    fakeIntersection.install();
    getFeed.mockReset();
    stored.clear();
    // a count read answers what the database holds: the pages' counts, or the latest flushed
    getChismeCounts.mockImplementation(async (ids) =>
      all
        .filter((c) => ids.includes(c.id))
        .map((c) => ({ id: c.id, likes: c.likes, comments: c.comments, ...stored.get(c.id), file_exist: false, image_viewable: false })),
    );
  });

  it('keeps loading pages while every card on screen changes during each page fetch', async () => {
    // each page answers only when the test says so
    const pending: (() => void)[] = [];
    getFeed.mockImplementation(([, , , , cursor]) => new Promise((resolve) => pending.push(() => resolve(pageAfter(cursor?.likes ?? null)))));
    render(<FeedList tab="top" cotilleo={false} filters={emptyFilters} renderChisme={renderChisme} />);
    await waitFor(() => expect(pending).toHaveLength(1));
    pending.shift()!();
    await screen.findByText('n0 · 1000');
    fakeIntersection.show((element) => ['c00', 'c01', 'c02'].includes((element as HTMLElement).dataset.chismeId ?? ''));
    await settle();
    await waitFor(() => expect(fakeRealtime.joinedTopics()).toEqual([head]));
    fakeRealtime.status('SUBSCRIBED');

    for (let page = 1; page <= 3; page++) {
      await userEvent.click(await screen.findByRole('button', { name: 'Cargar más chismes' }));
      await waitFor(() => expect(pending).toHaveLength(1));
      // while the page is on its way, the flush changes every card on screen, several times
      for (let k = 0; k < 3; k++) fakeRealtime.emitTo(head, 'chisme_counts', counts(['c00', 'c01', 'c02'], 5000 + page * 10 + k));
      pending.shift()!();
      // the page arrives, and so do the counts (the latest)
      await waitFor(() => expect(screen.getAllByTestId('feed-item')).toHaveLength(20 * (page + 1)));
      expect(await screen.findByText(`n0 · ${5000 + page * 10 + 2}`)).toBeInTheDocument();
    }
    expect(screen.getByText('n79 · 921')).toBeInTheDocument();
  });

  it("a live count on a page's last card does not move the next page's cursor (no page is fetched again)", async () => {
    getFeed.mockImplementation(async ([, , , , cursor]) => pageAfter(cursor?.likes ?? null));
    render(<FeedList tab="top" cotilleo={false} filters={emptyFilters} renderChisme={renderChisme} />);
    await screen.findByText('n0 · 1000');
    await userEvent.click(await screen.findByRole('button', { name: 'Cargar más chismes' }));
    await waitFor(() => expect(screen.getAllByTestId('feed-item')).toHaveLength(40));
    expect(getFeed).toHaveBeenCalledTimes(2);
    // the last card of page 1 (c19) is on screen, at the top of the list's head, and gets liked
    fakeIntersection.show((element) => (element as HTMLElement).dataset.chismeId === 'c19');
    await settle();
    await waitFor(() => expect(fakeRealtime.joinedTopics()).toEqual([head]));
    fakeRealtime.status('SUBSCRIBED');
    await settle();
    fakeRealtime.emitTo(head, 'chisme_counts', counts(['c19'], 2000));
    expect(await screen.findByText('n19 · 2000')).toBeInTheDocument();
    // the next page load asks for page 3 only, after page 2's last card as it was fetched
    await userEvent.click(await screen.findByRole('button', { name: 'Cargar más chismes' }));
    await waitFor(() => expect(screen.getAllByTestId('feed-item')).toHaveLength(60));
    expect(getFeed).toHaveBeenCalledTimes(3);
    expect(getFeed.mock.calls.map(([key]) => key[4]?.likes ?? null)).toEqual([null, 981, 961]);
    expect(screen.getAllByTestId('feed-item').map((item) => item.textContent)).toEqual(
      all.slice(0, 60).map((c) => `${c.content} · ${c.id === 'c19' ? 2000 : c.likes}`),
    );
  });
});
