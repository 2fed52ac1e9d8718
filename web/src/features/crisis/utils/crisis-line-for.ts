// The crisis line for a country (its code or Spanish name), or null for the fallback.
import { crisisLines, type CrisisLine } from '../../../config/crisis-lines';
import { findCountry } from '../../../lib/countries';

export function crisisLineFor(country: string | null | undefined): CrisisLine | null {
  const code = findCountry(country)?.code;
  return (code && crisisLines[code]) || null;
}
