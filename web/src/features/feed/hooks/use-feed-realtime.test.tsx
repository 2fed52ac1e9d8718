import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, userEvent, waitFor } from '../../../test-utils/render';
import { aChisme } from '../../../test-utils/fixtures';
import { fakeIntersection } from '../../../test-utils/fake-intersection';
import { fakeRealtime } from '../../../test-utils/fake-realtime';
import { emptyFilters, type FeedFilters } from '../../../lib/feed-filters';
import type { ChismeCounts } from '../api/get-chisme-counts';
import type { FeedChisme } from '../../../lib/feed-chisme';
import { FeedList } from '../components/feed-list';
import { SETTLE_MS } from './use-visible-cards';

vi.mock('../../../lib/supabase', async () => {
  const { fakeRealtime } = await import('../../../test-utils/fake-realtime');
  return { supabase: { channel: fakeRealtime.channel, removeChannel: fakeRealtime.removeChannel } };
});
const getFeed = vi.fn<() => Promise<FeedChisme[]>>();
// what the database holds: every row a page served, with the counts it served
const served = new Map<string, FeedChisme>();
vi.mock('../api/get-feed', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/get-feed')>()),
  getFeed: () =>
    getFeed().then((page) => {
      for (const c of page) served.set(c.id, c);
      return page;
    }),
}));
const getChismeCounts = vi.fn<(ids: readonly string[]) => Promise<ChismeCounts[]>>();
vi.mock('../api/get-chisme-counts', () => ({ getChismeCounts: (ids: readonly string[]) => getChismeCounts(ids) }));

const at = (iso: string) => `2026-11-27T${iso}.000Z`;
const rows = () => [
  aChisme({ id: 'a', content: 'uno', likes: 1, comments: 0, created_at: at('10:04:00') }),
  aChisme({ id: 'b', content: 'dos', likes: 2, comments: 0, created_at: at('10:03:00') }),
  aChisme({ id: 'old', content: 'viejo', likes: 3, comments: 0, created_at: at('09:30:00') }),
];
/** A list longer than the pushed head (30 cards): c0 … c39. */
const longList = () =>
  Array.from({ length: 40 }, (_, k) =>
    aChisme({ id: `c${k}`, content: `n${k}`, likes: 100 - k, comments: 0, created_at: at(`09:${String(59 - k).padStart(2, '0')}:00`) }),
  );
const live = (id: string, likes: number, comments = 0, image = false) => ({ id, likes, comments, file_exist: image, image_viewable: image });
const recentHead = 'head:recent:casual';

const renders = new Map<string, number>();
const renderChisme = (c: FeedChisme) => {
  renders.set(c.id, (renders.get(c.id) ?? 0) + 1);
  return <p>{`${c.content} · ${c.likes} · ${c.comments}${c.image_viewable ? ' · imagen' : ''}`}</p>;
};
/** Puts these cards on screen, and waits until the feed has heard it (the screen held still). */
async function onScreen(...ids: string[]) {
  fakeIntersection.show((element) => ids.includes((element as HTMLElement).dataset.chismeId ?? ''));
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS + 50));
}
const joinedSoon = (topics: string[]) => waitFor(() => expect(fakeRealtime.joinedTopics().sort()).toEqual([...topics].sort()));
/** The head topic joins, the server confirms it, and the catch-up read it makes is done (and
 * forgotten: a test counts the reads after it). */
async function headJoined(topic: string) {
  await joinedSoon([topic]);
  fakeRealtime.status('SUBSCRIBED');
  await new Promise((resolve) => setTimeout(resolve, 300));
  getChismeCounts.mockClear();
}
/** Time passes (the cards' data ages) without waiting. */
const later = (ms: number) => vi.setSystemTime(new Date(Date.now() + ms));

async function showFeed(tab: 'recent' | 'top' | 'trending' | 'old' = 'recent', cotilleo = false, filters: FeedFilters = emptyFilters) {
  const view = render(<FeedList tab={tab} cotilleo={cotilleo} filters={filters} renderChisme={renderChisme} />);
  await screen.findAllByTestId('feed-item');
  return view;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('feed realtime', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(at('10:04:50')));
    fakeRealtime.reset();
    fakeIntersection.install();
    renders.clear();
    getFeed.mockReset().mockResolvedValue(rows());
    served.clear();
    getChismeCounts.mockReset().mockImplementation(async (ids) =>
      ids.flatMap((id) => {
        const row = served.get(id);
        return row ? [live(id, row.likes, row.comments)] : [];
      }),
    );
  });

  it('on recent joins one count topic, the head of its mode, however many cards are on screen; leaves it on unmount', async () => {
    const { unmount } = await showFeed();
    await onScreen('a', 'b', 'old');
    await joinedSoon([recentHead]);
    expect(fakeRealtime.topics).toEqual([recentHead]);
    unmount();
    expect(fakeRealtime.joinedTopics()).toEqual([]);
  });

  it('on top joins the head of top while a head card is on screen, and nothing for a deep reader', async () => {
    getFeed.mockResolvedValue(longList());
    const { unmount } = await showFeed('top');
    await onScreen('c35', 'c36');
    expect(fakeRealtime.topics).toEqual([]);
    await onScreen('c2', 'c3');
    await joinedSoon(['head:top:casual']);
    unmount();
    getFeed.mockResolvedValue(rows());
    await showFeed('old');
    await onScreen('a');
    expect(fakeRealtime.joinedTopics()).toEqual([]);
  });

  it('updates the counts of a card on screen live', async () => {
    await showFeed('top');
    await onScreen('a');
    await headJoined('head:top:casual');
    fakeRealtime.emitTo('head:top:casual', 'chisme_counts', { counts: [live('a', 5, 2)] });
    expect(await screen.findByText('uno · 5 · 2')).toBeInTheDocument();
  });

  it('a read asked before a count message does not write its older counts back over it', async () => {
    await showFeed('top');
    await onScreen('a');
    await joinedSoon(['head:top:casual']);
    // the catch-up read of the join is asked, and answers only when the test says so
    let answer = (_rows: ChismeCounts[]) => {};
    getChismeCounts.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    fakeRealtime.status('SUBSCRIBED');
    await waitFor(() => expect(getChismeCounts).toHaveBeenCalledWith(['a']));
    // a flush's newer counts arrive while the read is on its way
    fakeRealtime.emitTo('head:top:casual', 'chisme_counts', { counts: [live('a', 9, 4)] });
    expect(await screen.findByText('uno · 9 · 4')).toBeInTheDocument();
    answer([live('a', 1, 0)]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('uno · 9 · 4')).toBeInTheDocument();
  });

  it('a burst of 200 count messages for chismes not on screen re-renders no visible card', async () => {
    await showFeed();
    await onScreen('a');
    await headJoined(recentHead);
    const before = renders.get('a');
    let reached = 0;
    for (let k = 0; k < 100; k++) {
      reached += fakeRealtime.emitTo(recentHead, 'chisme_counts', { counts: [live('b', 100 + k, k), live(`x${k}`, k)] });
      reached += fakeRealtime.emitTo('head:top:casual', 'chisme_counts', { counts: [live('old', 100 + k, k)] });
    }
    expect(reached).toBe(100); // the other 100 never reach the browser: nobody joined that head
    expect(renders.get('a')).toBe(before);
    expect(screen.getByText('dos · 2 · 0')).toBeInTheDocument();
  });

  it('refreshes cards outside the pushed set on view, all of them in one batched request', async () => {
    getFeed.mockResolvedValue(longList());
    await showFeed('top');
    await onScreen('c1');
    await headJoined('head:top:casual');
    later(31_000);
    getChismeCounts.mockResolvedValue([live('c33', 7), live('c34', 8), live('c35', 9)]);
    await onScreen('c33', 'c34', 'c35');
    expect(await screen.findByText('n35 · 9 · 0')).toBeInTheDocument();
    expect(getChismeCounts).toHaveBeenCalledTimes(1);
    expect([...(getChismeCounts.mock.calls[0]?.[0] ?? [])].sort()).toEqual(['c33', 'c34', 'c35']);
  });

  it('does not ask again for cards it fetched less than 30 s ago, nor for pushed head cards', async () => {
    getFeed.mockResolvedValue(longList());
    await showFeed('top');
    await onScreen('c1', 'c2');
    await headJoined('head:top:casual');
    later(31_000);
    await onScreen('c3', 'c4'); // pushed by the head: no GET
    later(1_000);
    await onScreen('c33');
    await waitFor(() => expect(getChismeCounts).toHaveBeenCalledTimes(1));
    expect(getChismeCounts.mock.calls[0]?.[0]).toEqual(['c33']);
    await onScreen('c34');
    await onScreen('c33'); // back on screen 1 s after its refresh: not asked again
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(getChismeCounts.mock.calls.flatMap(([ids]) => [...ids])).toEqual(['c33', 'c34']);
  });

  it("on recent, cards the news pushed out of the database's head are refreshed on view like the long tail", async () => {
    await showFeed();
    await onScreen('a');
    await headJoined(recentHead);
    later(31_000);
    await onScreen('b'); // still in the head: pushed, no GET
    await onScreen('a');
    expect(getChismeCounts).not.toHaveBeenCalled();
    const ids = Array.from({ length: 30 }, (_, k) => `new${k}`);
    fakeRealtime.emitTo(recentHead, 'chisme_counts', { counts: [], created: { count: 30, ids, newest: at('10:04:45') } });
    await screen.findByRole('button', { name: '30 chismes nuevos' });
    getChismeCounts.mockResolvedValue([live('b', 6)]);
    await onScreen('b');
    expect(await screen.findByText('dos · 6 · 0')).toBeInTheDocument();
    expect(getChismeCounts.mock.calls.map(([batch]) => [...batch])).toEqual([['b']]);
  });

  it('while cards stay on screen: the long tail every 30 s, head cards once a minute without news of them', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date(at('10:04:50')));
    getFeed.mockResolvedValue(longList());
    await showFeed('top');
    await onScreen('c1', 'c2'); // a head card keeps the head joined
    await headJoined('head:top:casual');
    await onScreen('c1', 'c2', 'c33');
    const asked = () => getChismeCounts.mock.calls.map(([batch]) => [...batch].sort());
    const tick = async () => {
      vi.advanceTimersByTime(10_000); // (the faked clock moves with it)
      await new Promise((resolve) => setTimeout(resolve, 300));
    };
    await tick();
    await tick();
    expect(asked()).toEqual([]);
    await tick(); // 30 s: the long-tail card
    expect(asked()).toEqual([['c33']]);
    await tick();
    await tick();
    await tick(); // 60 s: the head cards too (nothing was heard of them), and c33 again
    expect(asked()).toEqual([['c33'], ['c1', 'c2', 'c33']]);
  });

  it('a filtered feed is no head: its cards are refreshed on view', async () => {
    await showFeed('top', false, { ...emptyFilters, country: 'España' });
    await onScreen('a');
    await headJoined('head:top:casual');
    later(31_000);
    getChismeCounts.mockResolvedValue([live('b', 4)]);
    await onScreen('a', 'b');
    expect(await screen.findByText('dos · 4 · 0')).toBeInTheDocument();
    expect(getChismeCounts.mock.calls[0]?.[0]).toEqual(['b']);
  });

  it("drops a card the refresh no longer returns (hidden, or its author blocked), except the reader's own", async () => {
    getFeed.mockResolvedValue([...rows(), aChisme({ id: 'mine', content: 'mío', likes: 0, comments: 0, is_mine: true, created_at: at('09:00:00') })]);
    await showFeed('old');
    later(31_000);
    getChismeCounts.mockResolvedValue([live('a', 1)]);
    await onScreen('a', 'b', 'mine');
    await waitFor(() => expect(screen.getAllByTestId('feed-item').map((item) => item.textContent)).toEqual(['uno · 1 · 0', 'viejo · 3 · 0', 'mío · 0 · 0']));
  });

  it('asks again for the counts of a pushed card that changed off screen when it comes back', async () => {
    await showFeed();
    await onScreen('a');
    await headJoined(recentHead);
    fakeRealtime.emitTo(recentHead, 'chisme_counts', { counts: [live('b', 9, 1)] });
    getChismeCounts.mockResolvedValue([live('b', 9, 1)]);
    await onScreen('a', 'b');
    expect(await screen.findByText('dos · 9 · 1')).toBeInTheDocument();
    expect(getChismeCounts).toHaveBeenCalledWith(['b']);
  });

  it('asks for the counts of the pushed cards on screen each time the head joins', async () => {
    await showFeed();
    await onScreen('a', 'b');
    await joinedSoon([recentHead]);
    getChismeCounts.mockResolvedValueOnce([live('a', 0), live('b', 2)]);
    fakeRealtime.status('SUBSCRIBED');
    expect(await screen.findByText('uno · 0 · 0')).toBeInTheDocument();
    expect([...(getChismeCounts.mock.calls[0]?.[0] ?? [])].sort()).toEqual(['a', 'b']);
  });

  it('shows new chismes as a pill without moving the list; tapping brings them in at the top', async () => {
    await showFeed();
    await onScreen('a');
    await headJoined(recentHead);
    const news = { count: 2, ids: ['n2', 'n1'], newest: at('10:04:30') };
    fakeRealtime.emitTo(recentHead, 'chisme_counts', { counts: [], created: news });
    const pill = await screen.findByRole('button', { name: '2 chismes nuevos' });
    expect(screen.getByRole('status')).toHaveTextContent('2 chismes nuevos');
    expect(screen.getAllByTestId('feed-item').map((item) => item.textContent)).toEqual(['uno · 1 · 0', 'dos · 2 · 0', 'viejo · 3 · 0']);
    getFeed.mockResolvedValue([
      aChisme({ id: 'n2', content: 'nuevo2', likes: 0, comments: 0, created_at: at('10:04:30') }),
      aChisme({ id: 'n1', content: 'nuevo1', likes: 0, comments: 0, created_at: at('10:04:20') }),
      ...rows(),
    ]);
    const scrollTo = vi.spyOn(window, 'scrollTo');
    await userEvent.click(pill);
    const items = await screen.findAllByText(/nuevo/);
    expect(items[0]).toHaveTextContent('nuevo2');
    expect(screen.getAllByTestId('feed-item')[0]).toHaveTextContent('nuevo2');
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(screen.queryByRole('button', { name: /chismes? nuevos?/ })).not.toBeInTheDocument();
  });

  it('adds up news of several intervals, wherever the reader scrolled, and leaves out what the list already has', async () => {
    getFeed.mockResolvedValue(longList());
    await showFeed();
    await onScreen('c38', 'c39'); // deep in the recent feed: still on the head, for the pill
    await headJoined(recentHead);
    fakeRealtime.emitTo(recentHead, 'chisme_counts', { counts: [], created: { count: 1, ids: ['n1'], newest: at('10:04:40') } });
    fakeRealtime.emitTo(recentHead, 'chisme_counts', { counts: [], created: { count: 2, ids: ['n3', 'c0'], newest: at('10:04:44') } });
    expect(await screen.findByRole('button', { name: '2 chismes nuevos' })).toBeInTheDocument();
  });

  it('counts one new chisme in the singular and shows no pill on other tabs', async () => {
    const { unmount } = await showFeed();
    await onScreen('a');
    await headJoined(recentHead);
    fakeRealtime.emitTo(recentHead, 'chisme_counts', { counts: [], created: { count: 2, ids: ['n1', 'a'], newest: at('10:04:40') } });
    expect(await screen.findByRole('button', { name: '1 chisme nuevo' })).toBeInTheDocument();
    unmount();
    await showFeed('top');
    await onScreen('a');
    await headJoined('head:top:casual');
    fakeRealtime.emitTo('head:top:casual', 'chisme_counts', { counts: [], created: { count: 1, ids: ['n3'], newest: at('10:04:50') } });
    expect(screen.queryByRole('button', { name: /chismes? nuevos?/ })).not.toBeInTheDocument();
  });

  it("drops a chisme the head says was hidden, except the author's own", async () => {
    getFeed.mockResolvedValue([
      aChisme({ id: 'bad', content: 'oculto', likes: 0, comments: 0, created_at: at('10:04:00') }),
      aChisme({ id: 'mine', content: 'mío', likes: 0, comments: 0, is_mine: true, created_at: at('10:04:00') }),
    ]);
    await showFeed();
    await onScreen('bad', 'mine');
    await headJoined(recentHead);
    fakeRealtime.emitTo(recentHead, 'chisme_counts', { counts: [], hidden: ['bad', 'mine'] });
    await waitFor(() => expect(screen.getAllByTestId('feed-item')).toHaveLength(1));
    expect(screen.getByTestId('feed-item')).toHaveTextContent('mío');
  });

  it('enables the image of a chisme live when the head says its image is stored', async () => {
    getFeed.mockResolvedValue(rows().map((c) => ({ ...c, cotilleo: true })));
    await showFeed('recent', true);
    await onScreen('a');
    await headJoined('head:recent:cotilleo');
    fakeRealtime.emitTo('head:recent:cotilleo', 'chisme_counts', { counts: [live('a', 1, 0, true)] });
    expect(await screen.findByText('uno · 1 · 0 · imagen')).toBeInTheDocument();
  });
});
