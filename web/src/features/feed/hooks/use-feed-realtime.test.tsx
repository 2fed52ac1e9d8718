import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '../../../test-utils/render';
import { aChisme } from '../../../test-utils/fixtures';
import { fakeRealtime } from '../../../test-utils/fake-realtime';
import { emptyFilters, type FeedChisme } from '../../../types/api';
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

const renderChisme = (c: FeedChisme) => (
  <p>{`${c.content} · ${c.likes} · ${c.comments}${c.image_viewable ? ' · imagen' : ''}`}</p>
);
const { emit } = fakeRealtime;

describe('feed realtime', () => {
  beforeEach(() => {
    fakeRealtime.reset();
    getFeed.mockReset().mockResolvedValue([aChisme({ id: 'old', content: 'viejo', likes: 1, comments: 0 })]);
  });

  it('joins the channel of the mode and leaves it on unmount', async () => {
    const { unmount } = render(<FeedList tab="recent" cotilleo filters={emptyFilters} renderChisme={renderChisme} />);
    await screen.findByText('viejo · 1 · 0');
    expect(fakeRealtime.topics).toEqual(['feed:cotilleo']);
    unmount();
    expect(fakeRealtime.removeChannel).toHaveBeenCalled();
  });

  it('fetches the feed again each time the channel joins, so a change made before the join is not lost', async () => {
    render(<FeedList tab="recent" cotilleo={false} filters={emptyFilters} renderChisme={renderChisme} />);
    await screen.findByText('viejo · 1 · 0');
    // the like was undone after the page's fetch and before the channel joined: no broadcast reaches us
    getFeed.mockResolvedValue([aChisme({ id: 'old', content: 'viejo', likes: 0, comments: 0 })]);
    fakeRealtime.status('CHANNEL_ERROR');
    expect(screen.getByText('viejo · 1 · 0')).toBeInTheDocument();
    fakeRealtime.status('SUBSCRIBED');
    await screen.findByText('viejo · 0 · 0');
  });

  it('puts a new chisme at the top of the recent feed', async () => {
    render(<FeedList tab="recent" cotilleo={false} filters={emptyFilters} renderChisme={renderChisme} />);
    await screen.findByText('viejo · 1 · 0');
    emit('chisme_created', aChisme({ id: 'new', content: 'nuevo', likes: 0, comments: 0 }));
    const items = await screen.findAllByTestId('feed-item');
    expect(items[0]).toHaveTextContent('nuevo');
    expect(items).toHaveLength(2);
  });

  it('leaves out a new chisme that does not match the filters, and does not insert into other tabs', async () => {
    const { unmount } = render(<FeedList tab="recent" cotilleo={false} filters={{ ...emptyFilters, gender: 'Hombre' }} renderChisme={renderChisme} />);
    await screen.findByText('viejo · 1 · 0');
    emit('chisme_created', aChisme({ id: 'new', gender: 'Mujer', content: 'nuevo' }));
    expect(screen.getAllByTestId('feed-item')).toHaveLength(1);
    unmount();
    render(<FeedList tab="top" cotilleo={false} filters={emptyFilters} renderChisme={renderChisme} />);
    await screen.findByText('viejo · 1 · 0');
    emit('chisme_created', aChisme({ id: 'new2', content: 'nuevo' }));
    expect(screen.getAllByTestId('feed-item')).toHaveLength(1);
  });

  it('drops a chisme hidden by moderation, except the author\'s own', async () => {
    getFeed.mockResolvedValue([
      aChisme({ id: 'bad', content: 'oculto', likes: 0, comments: 0 }),
      aChisme({ id: 'mine', content: 'mío', likes: 0, comments: 0, is_mine: true }),
    ]);
    render(<FeedList tab="recent" cotilleo={false} filters={emptyFilters} renderChisme={renderChisme} />);
    await screen.findByText('oculto · 0 · 0');
    emit('chisme_hidden', { id: 'bad' });
    emit('chisme_hidden', { id: 'mine' });
    const items = await screen.findAllByTestId('feed-item');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('mío');
  });

  it('shows a chisme again when a moderator restores it', async () => {
    render(<FeedList tab="recent" cotilleo={false} filters={emptyFilters} renderChisme={renderChisme} />);
    await screen.findByText('viejo · 1 · 0');
    getFeed.mockResolvedValue([
      aChisme({ id: 'back', content: 'restaurado', likes: 0, comments: 0 }),
      aChisme({ id: 'old', content: 'viejo', likes: 1, comments: 0 }),
    ]);
    emit('chisme_restored', { id: 'back' });
    expect(await screen.findByText('restaurado · 0 · 0')).toBeInTheDocument();
    expect(screen.getAllByTestId('feed-item')).toHaveLength(2);
  });

  it('updates like and comment counters live', async () => {
    render(<FeedList tab="top" cotilleo={false} filters={emptyFilters} renderChisme={renderChisme} />);
    await screen.findByText('viejo · 1 · 0');
    emit('chisme_counts', { id: 'old', likes: 5, comments: 2 });
    expect(await screen.findByText('viejo · 5 · 2')).toBeInTheDocument();
  });

  it('enables the image of a chisme live when its image is stored', async () => {
    render(<FeedList tab="recent" cotilleo filters={emptyFilters} renderChisme={renderChisme} />);
    await screen.findByText('viejo · 1 · 0');
    emit('chisme_image', { id: 'old', file_exist: true, image_viewable: true });
    expect(await screen.findByText('viejo · 1 · 0 · imagen')).toBeInTheDocument();
  });
});
