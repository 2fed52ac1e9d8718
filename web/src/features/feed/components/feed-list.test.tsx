import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '../../../test-utils/render';
import { aChisme } from '../../../test-utils/fixtures';
import { emptyFilters } from '../../../lib/feed-filters';
import type { FeedChisme } from '../../../lib/feed-chisme';
import type { FeedPageKey } from '../api/get-feed';
import { FeedList } from './feed-list';

const getFeed = vi.fn<(key: FeedPageKey) => Promise<FeedChisme[]>>();
vi.mock('../api/get-feed', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/get-feed')>()),
  getFeed: (key: FeedPageKey) => getFeed(key),
}));

const renderChisme = (c: FeedChisme) => <p>{c.content}</p>;

describe('FeedList', () => {
  beforeEach(() => {
    getFeed.mockReset();
    performance.clearMarks('feed:first-rows');
  });

  it("marks 'feed:first-rows' once, when the first rows are in the list (not for an empty feed)", async () => {
    getFeed.mockResolvedValueOnce([]);
    const { unmount } = render(<FeedList tab="top" cotilleo={false} filters={emptyFilters} renderChisme={renderChisme} live={false} />);
    await screen.findByText('No hay chismes por aquí...');
    expect(performance.getEntriesByName('feed:first-rows')).toHaveLength(0);
    unmount();
    getFeed.mockResolvedValue([aChisme({ id: 'a', content: 'Primer chisme' })]);
    const { rerender } = render(<FeedList tab="recent" cotilleo={false} filters={emptyFilters} renderChisme={renderChisme} live={false} />);
    await screen.findByText('Primer chisme');
    await waitFor(() => expect(performance.getEntriesByName('feed:first-rows')).toHaveLength(1));
    rerender(<FeedList tab="recent" cotilleo filters={emptyFilters} renderChisme={renderChisme} live={false} />);
    await screen.findByText('Primer chisme');
    expect(performance.getEntriesByName('feed:first-rows')).toHaveLength(1);
  });

  it('lists the chismes of the first page', async () => {
    getFeed.mockResolvedValue([aChisme({ id: 'a', content: 'Primer chisme' }), aChisme({ id: 'b', content: 'Segundo chisme' })]);
    render(<FeedList tab="recent" cotilleo={false} filters={emptyFilters} renderChisme={renderChisme} live={false} />);
    const list = await screen.findByRole('list', { name: 'Lista de chismes' });
    expect(list.querySelectorAll('li')).toHaveLength(2);
    expect(getFeed).toHaveBeenCalledWith(['feed', 'recent', false, emptyFilters, null]);
  });

  it('says "No hay chismes por aquí..." when the feed is empty', async () => {
    getFeed.mockResolvedValue([]);
    render(<FeedList tab="top" cotilleo={false} filters={emptyFilters} renderChisme={renderChisme} live={false} />);
    expect(await screen.findByText('No hay chismes por aquí...')).toBeInTheDocument();
  });

  it('says "No hay más chismes" at the end, not while more can come', async () => {
    const page = Array.from({ length: 20 }, (_, i) => aChisme({ id: `c${i}`, content: `chisme ${i}` }));
    getFeed.mockResolvedValueOnce(page);
    const { unmount } = render(<FeedList tab="recent" cotilleo={false} filters={emptyFilters} renderChisme={renderChisme} live={false} />);
    await screen.findByText('chisme 19');
    expect(screen.queryByText('No hay más chismes')).toBeNull();
    unmount();
    getFeed.mockResolvedValueOnce([aChisme({ id: 'a', content: 'El único chisme' })]);
    render(<FeedList tab="old" cotilleo={false} filters={emptyFilters} renderChisme={renderChisme} live={false} />);
    await screen.findByText('El único chisme');
    expect(await screen.findByText('No hay más chismes')).toBeInTheDocument();
  });

  it('shows the red error line when loading fails', async () => {
    getFeed.mockRejectedValue(new Error('offline'));
    render(<FeedList tab="old" cotilleo={false} filters={emptyFilters} renderChisme={renderChisme} live={false} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar los chismes trending en tiempo real');
  });

  it('offers more when a page is full and asks for the next page after the last row', async () => {
    const page = Array.from({ length: 20 }, (_, i) => aChisme({ id: `c${i}`, content: `chisme ${i}`, likes: i }));
    getFeed.mockResolvedValueOnce(page).mockResolvedValueOnce([aChisme({ id: 'x', content: 'de la página dos' })]);
    render(<FeedList tab="recent" cotilleo={false} filters={emptyFilters} renderChisme={renderChisme} live={false} />);
    (await screen.findByRole('button', { name: 'Cargar más chismes' })).click();
    expect(await screen.findByText('de la página dos')).toBeInTheDocument();
    const last = page[19]!;
    expect(getFeed).toHaveBeenLastCalledWith(['feed', 'recent', false, emptyFilters, { createdAt: last.created_at, likes: last.likes, id: last.id }]);
  });

  it('starts again from the first page when the mode changes', async () => {
    getFeed.mockImplementation(async ([, , cotilleo]) => [aChisme({ id: String(cotilleo), content: cotilleo ? 'chisme cotilleo' : 'chisme casual' })]);
    const { rerender } = render(<FeedList tab="recent" cotilleo={false} filters={emptyFilters} renderChisme={renderChisme} live={false} />);
    expect(await screen.findByText('chisme casual')).toBeInTheDocument();
    rerender(<FeedList tab="recent" cotilleo filters={emptyFilters} renderChisme={renderChisme} live={false} />);
    expect(await screen.findByText('chisme cotilleo')).toBeInTheDocument();
    expect(screen.queryByText('chisme casual')).not.toBeInTheDocument();
    expect(getFeed).toHaveBeenLastCalledWith(['feed', 'recent', true, emptyFilters, null]);
  });

  it('starts again from the first page when the filters change', async () => {
    const women = { ...emptyFilters, gender: 'Mujer' as const, tags: ['#amor'] };
    getFeed.mockImplementation(async ([, , , filters]) => [aChisme({ id: filters.gender ?? 'all', content: filters.gender ? 'solo mujeres' : 'todos' })]);
    const { rerender } = render(<FeedList tab="top" cotilleo={false} filters={emptyFilters} renderChisme={renderChisme} live={false} />);
    expect(await screen.findByText('todos')).toBeInTheDocument();
    rerender(<FeedList tab="top" cotilleo={false} filters={women} renderChisme={renderChisme} live={false} />);
    expect(await screen.findByText('solo mujeres')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('todos')).not.toBeInTheDocument());
    expect(getFeed).toHaveBeenLastCalledWith(['feed', 'top', false, women, null]);
  });
});
