// Runtime configuration. Two values point the app at any Supabase project; the defaults are the
// well-known local demo values (not secrets) so `npm run dev` works against the local stack.
import { ANON_KEY, API_URL } from '../../../local-stack/keys';
import { authStorageKeyFor } from './auth-storage-key';

function optional(value: string | undefined): string | null {
  return value && value.trim() !== '' ? value.trim() : null;
}

const supabaseUrl = optional(import.meta.env.VITE_SUPABASE_URL) ?? API_URL;

export const env = {
  supabaseUrl,
  supabaseAnonKey: optional(import.meta.env.VITE_SUPABASE_ANON_KEY) ?? ANON_KEY,
  /** Where supabase-js keeps the session (its default name, spelled out so the shell can read it). */
  authStorageKey: authStorageKeyFor(supabaseUrl),
  /** IP geolocation service returning `{ country_name }`; unset = skip the network. */
  geoIpUrl: optional(import.meta.env.VITE_GEO_IP_URL),
  /** Reverse geocoding service (`?format=json&lat=&lon=` → `{ address: { country } }`); unset = skip. */
  reverseGeocodeUrl: optional(import.meta.env.VITE_REVERSE_GEOCODE_URL),
} as const;
