import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '../../../test-utils/render';
import { aChisme } from '../../../test-utils/fixtures';
import type { FeedChisme } from '../../../lib/feed-chisme';
import { MyChismes } from './my-chismes';

const getMyChismes = vi.fn<(key: readonly unknown[]) => Promise<FeedChisme[]>>();
vi.mock('../api/get-my-chismes', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/get-my-chismes')>()),
  getMyChismes: (key: readonly unknown[]) => getMyChismes(key),
}));

const renderChisme = (c: FeedChisme) => <p>{c.content}</p>;

describe('MyChismes', () => {
  beforeEach(() => {
    getMyChismes.mockReset();
  });

  it('counts the casual chismes and lists them', async () => {
    getMyChismes.mockResolvedValue([aChisme({ id: 'a', content: 'uno' }), aChisme({ id: 'b', content: 'dos' })]);
    render(<MyChismes userId="u" cotilleo={false} renderChisme={renderChisme} />);
    expect(await screen.findByText('2 Chismes casuales')).toBeInTheDocument();
    expect(screen.getByText('uno')).toBeInTheDocument();
    expect(getMyChismes).toHaveBeenCalledWith(['my-chismes', 'u', false]);
  });

  it('asks only for the chismes of the current mode and says "1 Chisme cotilleo"', async () => {
    getMyChismes.mockResolvedValue([aChisme({ cotilleo: true })]);
    render(<MyChismes userId="u" cotilleo renderChisme={renderChisme} />);
    expect(await screen.findByText('1 Chisme cotilleo')).toBeInTheDocument();
    expect(getMyChismes).toHaveBeenCalledWith(['my-chismes', 'u', true]);
  });

  it('shows the empty state', async () => {
    getMyChismes.mockResolvedValue([]);
    render(<MyChismes userId="u" cotilleo={false} renderChisme={renderChisme} />);
    expect(await screen.findByText('Oh, no! Aún no has publicado nada')).toBeInTheDocument();
  });

  it('shows the load error', async () => {
    getMyChismes.mockRejectedValue(new Error('offline'));
    render(<MyChismes userId="u" cotilleo={false} renderChisme={renderChisme} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar tus chismes o notificaciones');
  });
});
