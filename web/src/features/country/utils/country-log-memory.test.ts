import { beforeEach, describe, expect, it } from 'vitest';
import { countryLogDue, countryLogKey, rememberCountryLogged } from './country-log-memory';

const hour = 60 * 60 * 1000;
const t0 = Date.UTC(2026, 10, 24, 12);

describe('country log memory', () => {
  beforeEach(() => localStorage.clear());

  it('is due the first time, then not again for the same person and country within 24 hours', () => {
    expect(countryLogDue(localStorage, 'ana', 'Chile', t0)).toBe(true);
    rememberCountryLogged(localStorage, 'ana', 'Chile', t0);
    expect(countryLogDue(localStorage, 'ana', 'Chile', t0 + 23 * hour)).toBe(false);
    expect(countryLogDue(localStorage, 'ana', 'Chile', t0 + 24 * hour)).toBe(true);
  });

  it('is due for another country, another person, a clock set back, or an unreadable entry', () => {
    rememberCountryLogged(localStorage, 'ana', 'Chile', t0);
    expect(countryLogDue(localStorage, 'ana', 'Perú', t0 + hour)).toBe(true);
    expect(countryLogDue(localStorage, 'beto', 'Chile', t0 + hour)).toBe(true);
    expect(countryLogDue(localStorage, 'ana', 'Chile', t0 - hour)).toBe(true);
    for (const junk of ['{', '"Chile"', '{"userId":"ana","country":"Chile","at":"ayer"}', 'null']) {
      localStorage.setItem(countryLogKey, junk);
      expect(countryLogDue(localStorage, 'ana', 'Chile', t0 + hour)).toBe(true);
    }
  });
});
