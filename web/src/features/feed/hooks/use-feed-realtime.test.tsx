import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, userEvent, waitFor } from '../../../test-utils/render';
import { aChisme } from '../../../test-utils/fixtures';
import { fakeIntersection } from '../../../test-utils/fake-intersection';
import { fakeRealtime } from '../../../test-utils/fake-realtime';
import { emptyFilters } from '../../../lib/feed-filters';
import type { ChismeCounts } from '../api/get-chisme-counts';
import type { FeedChisme } from '../../../lib/feed-chisme';
import { FeedList } from '../components/feed-list';

vi.mock('../../../lib/supabase', async () => {
  const { fakeRealtime } = await import('../../../test-utils/fake-realtime');
  return { supabase: { channel: fakeRealtime.channel, removeChannel: fakeRealtime.removeChannel } };
});
const getFeed = vi.fn<() => Promise<FeedChisme[]>>();
vi.mock('../api/get-feed', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/get-feed')>()),
  getFeed: () => getFeed(),
}));
const getChismeCounts = vi.fn<(ids: readonly string[]) => Promise<ChismeCounts[]>>();
vi.mock('../api/get-chisme-counts', () => ({ getChismeCounts: (ids: readonly string[]) => getChismeCounts(ids) }));

// Two five-minute groups: 'a' and 'b' share one, 'old' is in an earlier one.
const at = (iso: string) => `2026-11-27T${iso}.000Z`;
const group = (iso: string, mode = 'casual') => `chismes:${mode}:${Math.floor(Date.parse(at(iso)) / 300_000)}`;
const rows = () => [
  aChisme({ id: 'a', content: 'uno', likes: 1, comments: 0, created_at: at('10:04:00') }),
  aChisme({ id: 'b', content: 'dos', likes: 2, comments: 0, created_at: at('10:03:00') }),
  aChisme({ id: 'old', content: 'viejo', likes: 3, comments: 0, created_at: at('09:30:00') }),
];
const groupAB = group('10:04:00');
const groupOld = group('09:30:00');

const renders = new Map<string, number>();
const renderChisme = (c: FeedChisme) => {
  renders.set(c.id, (renders.get(c.id) ?? 0) + 1);
  return <p>{`${c.content} · ${c.likes} · ${c.comments}${c.image_viewable ? ' · imagen' : ''}`}</p>;
};
const onScreen = (...ids: string[]) => fakeIntersection.show((element) => ids.includes((element as HTMLElement).dataset.chismeId ?? ''));
const joinedSoon = (topics: string[]) => waitFor(() => expect(fakeRealtime.joinedTopics().sort()).toEqual([...topics].sort()));

async function showFeed(tab: 'recent' | 'top' = 'recent', cotilleo = false) {
  const view = render(<FeedList tab={tab} cotilleo={cotilleo} filters={emptyFilters} renderChisme={renderChisme} />);
  await screen.findByText('uno · 1 · 0');
  return view;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('feed realtime', () => {
  beforeEach(() => {
    // "now" falls in the group of 'a' and 'b' (a reader at the top also joins the group of now)
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(at('10:04:50')));
    fakeRealtime.reset();
    fakeIntersection.install();
    renders.clear();
    getFeed.mockReset().mockResolvedValue(rows());
    getChismeCounts.mockReset().mockResolvedValue([]);
  });

  it('joins only the groups of the cards on screen, and leaves them on unmount', async () => {
    const { unmount } = await showFeed();
    onScreen('a', 'b');
    await joinedSoon([groupAB]);
    expect(fakeRealtime.topics).not.toContain(groupOld);
    expect(fakeRealtime.topics.some((topic) => topic.startsWith('feed:'))).toBe(false);
    unmount();
    expect(fakeRealtime.joinedTopics()).toEqual([]);
  });

  it('updates the counts of a card on screen live', async () => {
    await showFeed('top');
    onScreen('a');
    await joinedSoon([groupAB]);
    fakeRealtime.emitTo(groupAB, 'chisme_counts', { counts: [{ id: 'a', likes: 5, comments: 2 }] });
    expect(await screen.findByText('uno · 5 · 2')).toBeInTheDocument();
  });

  it('a burst of 200 count messages for chismes not on screen re-renders no visible card', async () => {
    await showFeed();
    onScreen('a');
    await joinedSoon([groupAB]);
    const before = renders.get('a');
    let reached = 0;
    for (let k = 0; k < 100; k++) {
      // 'b' shares the joined group but is off screen; 'old''s group was never joined
      reached += fakeRealtime.emitTo(groupAB, 'chisme_counts', {
        counts: [
          { id: 'b', likes: 100 + k, comments: k },
          { id: `x${k}`, likes: k, comments: 0 },
        ],
      });
      reached += fakeRealtime.emitTo(groupOld, 'chisme_counts', { counts: [{ id: 'old', likes: 100 + k, comments: k }] });
    }
    expect(reached).toBe(100); // the other 100 never reach the browser: nobody joined that group
    expect(renders.get('a')).toBe(before);
    expect(screen.getByText('dos · 2 · 0')).toBeInTheDocument();
  });

  it('asks again for the counts of a card that changed off screen when it comes back', async () => {
    await showFeed();
    onScreen('a');
    await joinedSoon([groupAB]);
    fakeRealtime.emitTo(groupAB, 'chisme_counts', { counts: [{ id: 'b', likes: 9, comments: 1 }] });
    getChismeCounts.mockResolvedValue([{ id: 'b', likes: 9, comments: 1 }]);
    onScreen('a', 'b');
    expect(await screen.findByText('dos · 9 · 1')).toBeInTheDocument();
    expect(getChismeCounts).toHaveBeenCalledWith(['b']);
  });

  it('asks for the counts of the cards on screen each time their group joins', async () => {
    await showFeed();
    onScreen('a', 'b');
    await joinedSoon([groupAB]);
    getChismeCounts.mockResolvedValue([
      { id: 'a', likes: 0, comments: 0 },
      { id: 'b', likes: 2, comments: 0 },
    ]);
    fakeRealtime.status('SUBSCRIBED');
    expect(await screen.findByText('uno · 0 · 0')).toBeInTheDocument();
    expect([...(getChismeCounts.mock.calls[0]?.[0] ?? [])].sort()).toEqual(['a', 'b']);
  });

  it('shows new chismes as a pill without moving the list; tapping brings them in at the top', async () => {
    await showFeed();
    onScreen('a');
    await joinedSoon([groupAB]);
    const news = { count: 2, ids: ['n2', 'n1'], newest: at('10:04:30') };
    fakeRealtime.emitTo(groupAB, 'chisme_counts', { counts: [], created: news });
    // the same news arrives on another group of the flush: counted once
    fakeRealtime.emit('chisme_counts', { counts: [], created: news });
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

  it('counts one new chisme in the singular, leaves out what the list already has, and shows no pill on other tabs', async () => {
    const { unmount } = await showFeed();
    onScreen('a');
    await joinedSoon([groupAB]);
    // 'a' is already in the list (the person's own post is put there by its create)
    fakeRealtime.emitTo(groupAB, 'chisme_counts', { counts: [], created: { count: 2, ids: ['n1', 'a'], newest: at('10:04:40') } });
    expect(await screen.findByRole('button', { name: '1 chisme nuevo' })).toBeInTheDocument();
    unmount();
    await showFeed('top');
    onScreen('a');
    await joinedSoon([groupAB]);
    fakeRealtime.emitTo(groupAB, 'chisme_counts', { counts: [], created: { count: 1, ids: ['n3'], newest: at('10:04:50') } });
    expect(screen.queryByRole('button', { name: /chismes? nuevos?/ })).not.toBeInTheDocument();
  });

  it('at the top of the recent feed, hears of new chismes in the group of now even when its newest card is older', async () => {
    getFeed.mockResolvedValue(rows().slice(2)); // only 'old', from 09:30
    render(<FeedList tab="recent" cotilleo={false} filters={emptyFilters} renderChisme={renderChisme} />);
    await screen.findByText('viejo · 3 · 0');
    onScreen('old');
    await joinedSoon([groupOld, groupAB]);
    fakeRealtime.emitTo(groupAB, 'chisme_counts', { counts: [], created: { count: 1, ids: ['n1'], newest: at('10:04:45') } });
    expect(await screen.findByRole('button', { name: '1 chisme nuevo' })).toBeInTheDocument();
  });

  it("drops a chisme hidden by moderation, except the author's own", async () => {
    getFeed.mockResolvedValue([
      aChisme({ id: 'bad', content: 'oculto', likes: 0, comments: 0, created_at: at('10:04:00') }),
      aChisme({ id: 'mine', content: 'mío', likes: 0, comments: 0, is_mine: true, created_at: at('10:04:00') }),
    ]);
    render(<FeedList tab="recent" cotilleo={false} filters={emptyFilters} renderChisme={renderChisme} />);
    await screen.findByText('oculto · 0 · 0');
    onScreen('bad', 'mine');
    await joinedSoon([groupAB]);
    fakeRealtime.emitTo(groupAB, 'chisme_hidden', { id: 'bad' });
    fakeRealtime.emitTo(groupAB, 'chisme_hidden', { id: 'mine' });
    const items = await screen.findAllByTestId('feed-item');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('mío');
  });

  it('shows a chisme again when a moderator restores it', async () => {
    await showFeed();
    onScreen('a');
    await joinedSoon([groupAB]);
    getFeed.mockResolvedValue([aChisme({ id: 'back', content: 'restaurado', likes: 0, comments: 0, created_at: at('10:04:10') }), ...rows()]);
    fakeRealtime.emitTo(groupAB, 'chisme_restored', { id: 'back' });
    expect(await screen.findByText('restaurado · 0 · 0')).toBeInTheDocument();
  });

  it('enables the image of a chisme live when its image is stored', async () => {
    getFeed.mockResolvedValue(rows().map((c) => ({ ...c, cotilleo: true })));
    render(<FeedList tab="recent" cotilleo filters={emptyFilters} renderChisme={renderChisme} />);
    await screen.findByText('uno · 1 · 0');
    onScreen('a');
    const topic = group('10:04:00', 'cotilleo');
    await joinedSoon([topic]);
    fakeRealtime.emitTo(topic, 'chisme_image', { id: 'a', file_exist: true, image_viewable: true });
    expect(await screen.findByText('uno · 1 · 0 · imagen')).toBeInTheDocument();
  });
});
