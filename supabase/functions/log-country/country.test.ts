import assert from 'node:assert/strict';
import { countryInvalid, MAX_COUNTRY_LENGTH, parseCountry } from './country.ts';

const accepted = (value: unknown) => {
  const result = parseCountry(value);
  assert.ok(result.ok, `${JSON.stringify(value)} should be accepted`);
  return result.country;
};
const refused = (value: unknown) => assert.deepEqual(parseCountry(value), { ok: false, error: countryInvalid }, JSON.stringify(value));

Deno.test('country names are accepted, trimmed', () => {
  assert.equal(accepted('Costa Rica'), 'Costa Rica');
  assert.equal(accepted('  España \n'), 'España');
  assert.equal(accepted('Desconocido'), 'Desconocido');
  assert.equal(accepted('日本'), '日本');
});

Deno.test('accents are normalised to one form, so one country is one string', () => {
  assert.equal(accepted('Peru\u0301'), 'Perú');
});

Deno.test('up to 64 characters, counted as characters, not UTF-16 units', () => {
  assert.equal(MAX_COUNTRY_LENGTH, 64);
  assert.equal(accepted('a'.repeat(64)).length, 64);
  assert.equal([...accepted('🇨🇷'.repeat(32))].length, 64);
  refused('a'.repeat(65));
  refused(`  ${'ñ'.repeat(65)}  `);
});

Deno.test('empty, blank, control characters and non-strings are refused', () => {
  for (const value of ['', '   ', '\n\t', 'Costa\u0000Rica', 'Costa\nRica', null, undefined, 42, true, ['Chile'], { name: 'Chile' }]) {
    refused(value);
  }
});

Deno.test('the refusal is a 400 with a stable code and a Spanish message', () => {
  assert.equal(countryInvalid.status, 400);
  assert.equal(countryInvalid.code, 'country_invalid');
  assert.match(countryInvalid.message, /^Error API: El país/);
});
