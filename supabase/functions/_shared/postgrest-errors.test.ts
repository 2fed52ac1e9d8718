import assert from 'node:assert/strict';
import { databaseRefusalKey, isCallerRejected, rateLimitRetryAfter } from './postgrest-errors.ts';

Deno.test('PostgREST JWT errors and the not_authenticated key reject the caller', () => {
  assert.equal(isCallerRejected({ code: 'PGRST301', message: 'JWSError' }), true);
  assert.equal(isCallerRejected({ code: 'PGRST303', message: 'JWT expired' }), true);
  assert.equal(isCallerRejected({ code: 'P0001', message: 'not_authenticated' }), true);
});

Deno.test('other database errors do not', () => {
  assert.equal(isCallerRejected({ code: 'P0001', message: 'chisme_not_found' }), false);
  assert.equal(isCallerRejected({ code: '42501', message: 'permission denied' }), false);
  assert.equal(isCallerRejected({}), false);
});

Deno.test('the rate_limited key gives the wait in whole seconds from its detail', () => {
  assert.equal(rateLimitRetryAfter({ code: 'P0001', message: 'rate_limited', details: '{"action": "country", "retry_after": 1234}' }), 1234);
  assert.equal(rateLimitRetryAfter({ code: 'P0001', message: 'rate_limited', details: '{"retry_after": 2.2}' }), 3);
  // A detail it cannot read still refuses, for the shortest wait.
  assert.equal(rateLimitRetryAfter({ code: 'P0001', message: 'rate_limited', details: 'nonsense' }), 1);
  assert.equal(rateLimitRetryAfter({ code: 'P0001', message: 'rate_limited' }), 1);
  assert.equal(rateLimitRetryAfter({ code: 'P0001', message: 'country_invalid', details: '{"retry_after": 5}' }), null);
});

Deno.test("a database rule's refusal is read as its key; other errors are not refusals", () => {
  assert.equal(databaseRefusalKey({ code: 'P0001', message: 'country_required' }), 'country_required');
  assert.equal(databaseRefusalKey({ code: 'P0001', message: 'something broke: see log' }), null);
  assert.equal(databaseRefusalKey({ code: '23514', message: 'country_logs_country_check' }), null);
  assert.equal(databaseRefusalKey({}), null);
});
