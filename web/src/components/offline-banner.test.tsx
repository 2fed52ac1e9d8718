import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '../test-utils/render';
import { OfflineBanner } from './offline-banner';

function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('OfflineBanner', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows nothing while online', () => {
    render(<OfflineBanner />);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('shows the Spanish banner when the network drops and a toast when it comes back', async () => {
    render(<OfflineBanner />);
    goOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent('Sin conexión a internet. Lo que hagas ahora no se guardará hasta que vuelvas a conectarte.');
    goOnline(true);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    expect(await screen.findByText('Conexión restablecida')).toBeInTheDocument();
  });

  it('shows the banner at once when the page opens offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineBanner />);
    expect(screen.getByTestId('offline-banner')).toBeInTheDocument();
  });
});
