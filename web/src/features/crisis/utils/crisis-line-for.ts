// The crisis line for a person, or null for the international directory. The detected country
// (its code or Spanish name) decides when known. When it is not (no geolocation, a failed
// lookup), the browser tells where the person probably is: first its time zone, which follows
// the device's location, and, only when the zone says nothing (UTC, Etc/…), the region of its
// preferred languages ("es-ES"). A zone of a country without a line here means the directory,
// whatever the language says: the line must answer where the person is.
import { crisisLines, type CrisisLine } from '../../../config/crisis-lines';
import { findCountry } from '../../../lib/countries';

export type BrowserPlace = { timeZone: string | undefined; languages: readonly string[] };

export function browserPlace(): BrowserPlace {
  return { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, languages: navigator.languages ?? [] };
}

const lines = Object.values(crisisLines);

/** Zones that name no place: the language decides then. */
function placeless(timeZone: string | undefined): boolean {
  return !timeZone || timeZone === 'UTC' || timeZone.startsWith('Etc/') || timeZone === 'GMT';
}

function lineOfTimeZone(timeZone: string): CrisisLine | null {
  return lines.find((line) => line.timeZones.some((zone) => (zone.endsWith('/') ? timeZone.startsWith(zone) : timeZone === zone))) ?? null;
}

/** The region a language tag names itself ("es-ES" → ES); none for a bare "es". */
function regionOf(tag: string): string | undefined {
  try {
    return new Intl.Locale(tag).region;
  } catch {
    return undefined;
  }
}

export function crisisLineFor(country: string | null | undefined, place: BrowserPlace = browserPlace()): CrisisLine | null {
  const known = findCountry(country);
  if (known) return crisisLines[known.code] ?? null;
  if (!placeless(place.timeZone)) return lineOfTimeZone(place.timeZone as string);
  const region = place.languages.map(regionOf).find((code) => code !== undefined);
  return (region && crisisLines[region]) || null;
}
