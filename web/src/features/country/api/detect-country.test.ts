import { describe, expect, it, vi } from 'vitest';
import { countryCacheKey, detectCountry } from './detect-country';

const now = 1_000_000_000;
const base = () => ({
  geoIpUrl: null,
  reverseGeocodeUrl: null,
  fetchJson: vi.fn(),
  geolocation: undefined,
  storage: window.localStorage,
  now: () => now,
});

describe('detectCountry', () => {
  it('says "Desconocido" without touching the network when no service is configured', async () => {
    const options = base();
    await expect(detectCountry(options)).resolves.toBe('Desconocido');
    expect(options.fetchJson).not.toHaveBeenCalled();
  });

  it('uses the IP service and caches the canonical name for 24 hours', async () => {
    const options = { ...base(), geoIpUrl: 'https://ip.test/json', fetchJson: vi.fn().mockResolvedValue({ country_name: 'Spain' }) };
    await expect(detectCountry(options)).resolves.toBe('España');
    expect(options.fetchJson).toHaveBeenCalledWith('https://ip.test/json', 5000);
    expect(JSON.parse(localStorage.getItem(countryCacheKey) ?? '{}')).toEqual({ country: 'España', timestamp: now });
    await expect(detectCountry({ ...options, fetchJson: vi.fn() })).resolves.toBe('España');
  });

  it('ignores a cache older than 24 hours', async () => {
    localStorage.setItem(countryCacheKey, JSON.stringify({ country: 'Chile', timestamp: now - 25 * 3600 * 1000 }));
    await expect(detectCountry(base())).resolves.toBe('Desconocido');
  });

  it('falls back to browser geolocation and reverse geocoding when the IP lookup fails', async () => {
    const fetchJson = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ address: { country: 'Costa Rica' } });
    const geolocation = {
      getCurrentPosition: (ok: PositionCallback, _fail: PositionErrorCallback, opts: PositionOptions) => {
        expect(opts).toEqual({ enableHighAccuracy: false, timeout: 10000, maximumAge: 30000 });
        ok({ coords: { latitude: 9.9, longitude: -84.1 } } as GeolocationPosition);
      },
    } as unknown as Geolocation;
    const result = await detectCountry({ ...base(), geoIpUrl: 'https://ip.test', reverseGeocodeUrl: 'https://geo.test/reverse', fetchJson, geolocation });
    expect(result).toBe('Costa Rica');
    expect(fetchJson).toHaveBeenLastCalledWith('https://geo.test/reverse?format=json&lat=9.9&lon=-84.1', 5000);
  });
});
