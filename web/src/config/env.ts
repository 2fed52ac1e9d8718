// Runtime configuration. The Supabase project is fixed at build time: web/vite.config.ts gives
// VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY (a build refuses to run without them; the dev
// server and the tests get the local stack's well-known values), so nothing here falls back.
import { authStorageKeyFor } from './auth-storage-key';

function optional(value: string | undefined): string | null {
  return value && value.trim() !== '' ? value.trim() : null;
}

function required(name: string, value: string | undefined): string {
  const given = optional(value);
  if (!given) throw new Error(`${name} is not set (web/vite.config.ts sets it for every build, dev server and test)`);
  return given;
}

const supabaseUrl = required('VITE_SUPABASE_URL', import.meta.env.VITE_SUPABASE_URL);

export const env = {
  supabaseUrl,
  supabaseAnonKey: required('VITE_SUPABASE_ANON_KEY', import.meta.env.VITE_SUPABASE_ANON_KEY),
  /** Where supabase-js keeps the session (its default name, spelled out so the shell can read it). */
  authStorageKey: authStorageKeyFor(supabaseUrl),
  /** IP geolocation service returning `{ country_name }`; unset = skip the network. */
  geoIpUrl: optional(import.meta.env.VITE_GEO_IP_URL),
  /** Reverse geocoding service (`?format=json&lat=&lon=` → `{ address: { country } }`); unset = skip. */
  reverseGeocodeUrl: optional(import.meta.env.VITE_REVERSE_GEOCODE_URL),
} as const;
