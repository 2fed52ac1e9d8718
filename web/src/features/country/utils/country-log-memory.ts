// Which country this browser last logged for which person, and when: the app logs a person's
// country once a day, not on every page load. The database stores a repeat within 24 hours once
// anyway, but every call counts towards the person's country rate limit (20 an hour), which a
// person opening shared links one after another would otherwise reach.
import { limits } from '../../../config/limits';

export const countryLogKey = 'countryLogged';

type Logged = { userId: string; country: string; at: number };

function read(storage: Storage): Logged | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(countryLogKey) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { userId, country, at } = value as Partial<Logged>;
    return typeof userId === 'string' && typeof country === 'string' && typeof at === 'number' ? { userId, country, at } : null;
  } catch {
    return null;
  }
}

/** True unless this person's same country was logged from this browser in the last 24 hours. */
export function countryLogDue(storage: Storage, userId: string, country: string, now: number): boolean {
  const last = read(storage);
  return !last || last.userId !== userId || last.country !== country || now - last.at >= limits.logCountryRepeatMs || now < last.at;
}

export function rememberCountryLogged(storage: Storage, userId: string, country: string, now: number): void {
  try {
    storage.setItem(countryLogKey, JSON.stringify({ userId, country, at: now } satisfies Logged));
  } catch {
    // Storage full or blocked: the next page load logs again, which the database tolerates.
  }
}
