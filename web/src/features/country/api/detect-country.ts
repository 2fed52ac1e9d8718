// Country detection (spec section 7): cached 24 h; IP lookup, else browser geolocation plus
// reverse geocoding; "Desconocido" on failure. Service URLs come from configuration, and a
// service left unset is skipped, so tests and offline machines never wait on the network.
import { env } from '../../../config/env';
import { limits } from '../../../config/limits';
import { common } from '../../../i18n/es/common';
import { field } from '../../../lib/answer-shape';
import { findCountry } from '../../../lib/countries';

export const countryCacheKey = 'country';

export type DetectOptions = {
  geoIpUrl: string | null;
  reverseGeocodeUrl: string | null;
  fetchJson: (url: string, timeoutMs: number) => Promise<unknown>;
  geolocation: Geolocation | undefined;
  storage: Storage;
  now: () => number;
};

async function fetchJsonWithTimeout(url: string, timeoutMs: number): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

const defaults: DetectOptions = {
  geoIpUrl: env.geoIpUrl,
  reverseGeocodeUrl: env.reverseGeocodeUrl,
  fetchJson: fetchJsonWithTimeout,
  geolocation: typeof navigator !== 'undefined' ? navigator.geolocation : undefined,
  // undefined where there is none (not in a browser); the DOM types say it is always there
  storage: globalThis.localStorage,
  now: () => Date.now(),
};

function readCache(options: DetectOptions): string | null {
  try {
    const cached: unknown = JSON.parse(options.storage.getItem(countryCacheKey) ?? 'null');
    const country = field(cached, 'country');
    const timestamp = field(cached, 'timestamp');
    if (typeof country === 'string' && country !== '' && typeof timestamp === 'number' && options.now() - timestamp < limits.countryCacheMs) {
      return country;
    }
  } catch {
    // A corrupt cache entry is ignored and replaced.
  }
  return null;
}

function currentPosition(geolocation: Geolocation): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: false,
      timeout: limits.geoBrowserTimeoutMs,
      maximumAge: limits.geoBrowserMaxAgeMs,
    }),
  );
}

async function byIp(options: DetectOptions): Promise<string | null> {
  if (!options.geoIpUrl) return null;
  const country = field(await options.fetchJson(options.geoIpUrl, limits.geoHttpTimeoutMs), 'country_name');
  return typeof country === 'string' ? country : null;
}

async function byPosition(options: DetectOptions): Promise<string | null> {
  if (!options.reverseGeocodeUrl || !options.geolocation) return null;
  const { coords } = await currentPosition(options.geolocation);
  const url = new URL(options.reverseGeocodeUrl);
  url.searchParams.set('format', 'json');
  url.searchParams.set('lat', String(coords.latitude));
  url.searchParams.set('lon', String(coords.longitude));
  const country = field(field(await options.fetchJson(url.toString(), limits.geoHttpTimeoutMs), 'address'), 'country');
  return typeof country === 'string' ? country : null;
}

/** The user's country, by its canonical Spanish name when known. Never throws. */
export async function detectCountry(overrides: Partial<DetectOptions> = {}): Promise<string> {
  const options = { ...defaults, ...overrides };
  const cached = readCache(options);
  if (cached) return cached;
  for (const strategy of [byIp, byPosition]) {
    try {
      const found = await strategy(options);
      if (found) {
        const country = findCountry(found)?.name ?? found;
        options.storage.setItem(countryCacheKey, JSON.stringify({ country, timestamp: options.now() }));
        return country;
      }
    } catch (error) {
      console.warn('country detection step failed', error);
    }
  }
  return common.unknownCountry;
}
