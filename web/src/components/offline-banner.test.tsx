import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '../test-utils/render';
import { OfflineBanner } from './offline-banner';

const banner = 'Sin conexión a internet. Lo que hagas ahora no se guardará hasta que vuelvas a conectarte.';
let serverAnswers = true;

function browserSays(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('OfflineBanner', () => {
  beforeEach(() => {
    serverAnswers = true;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      if (!serverAnswers) throw new TypeError('Failed to fetch');
      return new Response(null, { status: 200 });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows nothing while online, without probing', () => {
    render(<OfflineBanner />);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the Spanish banner when the network drops and a toast when it comes back', async () => {
    render(<OfflineBanner />);
    serverAnswers = false;
    browserSays(false);
    expect(await screen.findByRole('status')).toHaveTextContent(banner);
    serverAnswers = true;
    browserSays(true);
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).toBeNull());
    expect(await screen.findByText('Conexión restablecida')).toBeInTheDocument();
  });

  it('trusts the app server over the browser flag: no banner while it still answers', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineBanner />);
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/robots.txt', { method: 'HEAD', cache: 'no-store' }));
    await act(async () => {});
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('shows the banner at once when the page opens offline', async () => {
    serverAnswers = false;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineBanner />);
    expect(await screen.findByTestId('offline-banner')).toBeInTheDocument();
  });
});
