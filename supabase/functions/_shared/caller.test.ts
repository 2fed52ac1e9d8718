import assert from 'node:assert/strict';
import { accessToken, anonToken, expiredUserToken, TEST_NOW, userId, userToken } from '../_tests/support/access-token.ts';
import { callerFromRequest } from './caller.ts';

const withAuthorization = (value?: string) => new Request('http://functions.test/f', { method: 'POST', headers: value ? { Authorization: value } : {} });

Deno.test('a signed-in user token gives the caller with its id', () => {
  assert.deepEqual(callerFromRequest(withAuthorization(`Bearer ${userToken}`), TEST_NOW), {
    accessToken: userToken,
    userId,
  });
});

Deno.test('the Bearer scheme is case-insensitive', () => {
  assert.equal(callerFromRequest(withAuthorization(`bearer ${userToken}`), TEST_NOW)?.userId, userId);
});

Deno.test('no caller without the header, without a token, or with another scheme', () => {
  assert.equal(callerFromRequest(withAuthorization(), TEST_NOW), null);
  assert.equal(callerFromRequest(withAuthorization('Bearer '), TEST_NOW), null);
  assert.equal(callerFromRequest(withAuthorization(`Basic ${userToken}`), TEST_NOW), null);
});

Deno.test('no caller for the anon key, a service key, an expired or a malformed token', () => {
  assert.equal(callerFromRequest(withAuthorization(`Bearer ${anonToken}`), TEST_NOW), null);
  const service = accessToken({ role: 'service_role', exp: 1983812996 });
  assert.equal(callerFromRequest(withAuthorization(`Bearer ${service}`), TEST_NOW), null);
  assert.equal(callerFromRequest(withAuthorization(`Bearer ${expiredUserToken}`), TEST_NOW), null);
  assert.equal(callerFromRequest(withAuthorization('Bearer sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'), TEST_NOW), null);
  assert.equal(callerFromRequest(withAuthorization('Bearer a.%%%.c'), TEST_NOW), null);
  assert.equal(callerFromRequest(withAuthorization(`Bearer ${accessToken({ role: 'authenticated' })}`), TEST_NOW), null);
});
