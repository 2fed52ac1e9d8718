import assert from 'node:assert/strict';
import { isCallerRejected } from './postgrest-errors.ts';

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
