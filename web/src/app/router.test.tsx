// The real route table: redirects and guards as a visitor and as a signed-in user.
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { StaticSessionProvider, type SessionState } from '../lib/auth';
import { signedIn, signedOut } from '../test-utils/render';
import { buildTheme } from '../theme';
import { routes } from './router';

vi.mock('../features/feed/api/get-feed', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../features/feed/api/get-feed')>()),
  getFeed: vi.fn().mockResolvedValue([]),
}));
vi.mock('../features/feed/hooks/use-feed-realtime', () => ({ useFeedRealtime: () => ({ observe: () => () => {}, newCount: 0, showNew: () => {} }) }));
vi.mock('../features/chisme/hooks/use-chisme-realtime', () => ({ useChismeRealtime: () => {} }));
vi.mock('./layout/signed-in-effects', () => ({ SignedInEffects: () => null }));

function renderAt(path: string, session: SessionState) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MantineProvider theme={buildTheme(false)}>
        <StaticSessionProvider value={session}>
          <RouterProvider router={router} />
        </StaticSessionProvider>
      </MantineProvider>
    </SWRConfig>,
  );
  return router;
}

describe('routes', () => {
  it('sends a visitor from / to the welcome screen at /login', async () => {
    const router = renderAt('/', signedOut);
    expect(await screen.findByRole('heading', { name: 'Bienvenido a Chismes' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Nuevo chisme' })).not.toBeInTheDocument();
  });

  it.each(['/chismes/tranding/', '/chismes/top/', '/chismes/old/', '/profile/', '/notifications/'])('sends a visitor of %s to /login', async (path) => {
    const router = renderAt(path, signedOut);
    expect(await screen.findByRole('heading', { name: 'Bienvenido a Chismes' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in user from / and from /login to the recent feed', async () => {
    const router = renderAt('/login', signedIn);
    expect(await screen.findByText('No hay chismes por aquí...')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/chismes/');
    expect(screen.getByRole('button', { name: 'Nuevo chisme' })).toBeInTheDocument();
  });

  it('shows nothing but the loader while the initial auth check runs', async () => {
    renderAt('/chismes/top/', { status: 'loading', user: null });
    // The router's hydrate fallback and the shell both show the same loader; wait until settled.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await waitFor(() => expect(screen.getByLabelText('Cargando...')).toBeInTheDocument());
    expect(screen.queryByText('No hay chismes por aquí...')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Bienvenido a Chismes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Abrir menú' })).not.toBeInTheDocument();
  });

  it('highlights the active feed tab', async () => {
    renderAt('/chismes/top/', signedIn);
    await screen.findByText('No hay chismes por aquí...');
    const tops = await screen.findAllByRole('tab', { name: 'Tops' });
    expect(tops[0]).toHaveAttribute('aria-selected', 'true');
  });

  it.each([
    ['/chismes/top/', 'Tops'],
    ['/profile/', 'Mis Chismes'],
  ])('gives %s one h1 and its own document title', async (path, name) => {
    renderAt(path, signedIn);
    expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe(`${name} · Chismes`);
  });

  it('gives the welcome screen one h1', async () => {
    renderAt('/login', signedOut);
    await screen.findByRole('heading', { name: 'Bienvenido a Chismes' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('Bienvenido a Chismes');
  });
});
