// The country a client reports: a name (what the browser detected, or "Desconocido" when
// detection failed), trimmed, 1–64 characters, no control characters.
import type { ApiFailure } from '../_shared/http.ts';

export const MAX_COUNTRY_LENGTH = 64;

export const countryInvalid: ApiFailure = {
  status: 400,
  code: 'country_invalid',
  message: `Error API: El país debe ser un nombre de 1 a ${MAX_COUNTRY_LENGTH} caracteres`,
};

export type CountryResult = { ok: true; country: string } | { ok: false; error: ApiFailure };

export function parseCountry(value: unknown): CountryResult {
  if (typeof value !== 'string') return { ok: false, error: countryInvalid };
  const country = value.trim().normalize('NFC');
  // Length in characters (code points), not UTF-16 units: "Perú" is 4.
  const length = [...country].length;
  if (length === 0 || length > MAX_COUNTRY_LENGTH || /\p{Cc}/u.test(country)) {
    return { ok: false, error: countryInvalid };
  }
  return { ok: true, country };
}
