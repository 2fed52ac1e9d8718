import { describe, expect, it } from 'vitest';
import { crisisLines } from '../../../config/crisis-lines';
import { browserPlace, crisisLineFor, type BrowserPlace } from './crisis-line-for';

const nowhere: BrowserPlace = { timeZone: 'UTC', languages: ['es'] };

describe('crisisLineFor', () => {
  it('finds the line by code or Spanish name', () => {
    expect(crisisLineFor('ES', nowhere)?.number).toBe('024');
    expect(crisisLineFor('México', nowhere)?.number).toBe('800 911 2000');
    expect(crisisLineFor('Chile', nowhere)?.tel).toBe('*4141');
  });

  it('gives null (the fallback) for other or unknown countries when the browser tells nothing', () => {
    expect(crisisLineFor('Francia', nowhere)).toBeNull();
    expect(crisisLineFor('Desconocido', nowhere)).toBeNull();
    expect(crisisLineFor(null, nowhere)).toBeNull();
  });

  it("uses the browser's time zone when the country is unknown: a person in Spain gets 024", () => {
    expect(crisisLineFor('Desconocido', { timeZone: 'Europe/Madrid', languages: ['es-ES'] })?.number).toBe('024');
    expect(crisisLineFor(null, { timeZone: 'Atlantic/Canary', languages: ['es'] })?.number).toBe('024');
    expect(crisisLineFor('Desconocido', { timeZone: 'America/Argentina/Cordoba', languages: ['es'] })?.number).toBe('135');
    expect(crisisLineFor('Desconocido', { timeZone: 'America/Indiana/Indianapolis', languages: ['en'] })?.number).toBe('988');
  });

  it('trusts the time zone over the language: where the person is decides which line answers', () => {
    expect(crisisLineFor('Desconocido', { timeZone: 'America/Mexico_City', languages: ['es-ES'] })?.number).toBe('800 911 2000');
    // A zone of a country without a line here: the directory, not the language's country.
    expect(crisisLineFor('Desconocido', { timeZone: 'America/Costa_Rica', languages: ['es-ES'] })).toBeNull();
  });

  it("falls back on the language's region when the time zone says nothing", () => {
    expect(crisisLineFor('Desconocido', { timeZone: 'UTC', languages: ['es-ES', 'en'] })?.number).toBe('024');
    expect(crisisLineFor('Desconocido', { timeZone: undefined, languages: ['es-CO'] })?.number).toBe('192 opción 4');
    expect(crisisLineFor('Desconocido', { timeZone: 'Etc/GMT+5', languages: ['es', 'es-PE'] })?.number).toBe('113 opción 5');
    expect(crisisLineFor('Desconocido', { timeZone: 'UTC', languages: ['en-GB'] })).toBeNull();
    expect(crisisLineFor('Desconocido', { timeZone: 'UTC', languages: ['not a tag'] })).toBeNull();
  });

  it('never lets the browser override a country that was detected', () => {
    expect(crisisLineFor('Francia', { timeZone: 'Europe/Madrid', languages: ['es-ES'] })).toBeNull();
    expect(crisisLineFor('Chile', { timeZone: 'Europe/Madrid', languages: ['es-ES'] })?.number).toBe('*4141');
  });

  it("reads the browser's time zone and languages", () => {
    const place = browserPlace();
    expect(place.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(place.languages).toEqual([...navigator.languages]);
  });

  it('covers the countries the product must, each with an https source', () => {
    expect(Object.keys(crisisLines).sort()).toEqual(['AR', 'CL', 'CO', 'ES', 'MX', 'PE', 'US']);
    for (const line of Object.values(crisisLines)) expect(line.source).toMatch(/^https:\/\//);
  });
});
