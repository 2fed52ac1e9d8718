// The error page and the stale-chunk reload, through React Router's real error handling.
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTheme } from '../theme';
import { RouteError } from './route-error';

const reload = vi.fn();

function renderFailingRoute(error: Error) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteError />,
        lazy: async () => {
          throw error;
        },
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <MantineProvider theme={buildTheme(false)}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe('RouteError', () => {
  beforeEach(() => {
    sessionStorage.clear();
    reload.mockReset();
    vi.stubGlobal('location', { ...window.location, reload });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows a Spanish error page (not React Router’s English one) for an unexpected error', async () => {
    renderFailingRoute(new Error('boom'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Algo salió mal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recargar' })).toBeInTheDocument();
    expect(screen.queryByText(/Unexpected Application Error/i)).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Algo salió mal · Chismes'));
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page once when a lazy chunk is missing, then shows the error page', async () => {
    const missing = new TypeError('Failed to fetch dynamically imported module: http://x/assets/feed-1.js');
    renderFailingRoute(missing);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(screen.queryByRole('heading', { name: 'Algo salió mal' })).not.toBeInTheDocument();

    // The reloaded page still cannot find the chunk: no reload loop, the Spanish page instead.
    document.body.innerHTML = '';
    renderFailingRoute(missing);
    expect(await screen.findByRole('heading', { level: 1, name: 'Algo salió mal' })).toBeInTheDocument();
    expect(reload).toHaveBeenCalledOnce();
  });
});
