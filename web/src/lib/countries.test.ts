import { describe, expect, it } from 'vitest';
import { countries, findCountry, flagEmoji } from './countries';

describe('countries', () => {
  it('lists Costa Rica first and 33 countries in the filter list', () => {
    const listed = countries.filter((c) => c.inFilterList);
    expect(listed[0]?.name).toBe('Costa Rica');
    expect(listed).toHaveLength(33);
  });
  it('knows about 40 countries with a flag', () => {
    expect(countries.length).toBeGreaterThanOrEqual(38);
  });
  it('matches by Spanish or English alias, ignoring accents and case', () => {
    expect(findCountry('España')?.code).toBe('ES');
    expect(findCountry('spain')?.code).toBe('ES');
    expect(findCountry('MEXICO')?.code).toBe('MX');
    expect(findCountry('United States')?.code).toBe('US');
  });
  it('matches by two-letter code', () => {
    expect(findCountry('cr')?.name).toBe('Costa Rica');
    expect(findCountry('JP')?.name).toBe('Japón');
  });
  it('returns null for unknown or empty countries', () => {
    expect(findCountry('unknow')).toBeNull();
    expect(findCountry('Desconocido')).toBeNull();
    expect(findCountry('')).toBeNull();
    expect(findCountry(null)).toBeNull();
  });
  it('builds the flag emoji from the code', () => {
    expect(flagEmoji('CR')).toBe('🇨🇷');
  });
});
