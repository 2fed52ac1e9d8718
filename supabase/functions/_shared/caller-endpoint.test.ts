import assert from 'node:assert/strict';
import { anonToken, expiredUserToken, TEST_NOW, userId, userToken } from '../_tests/support/access-token.ts';
import { callerEndpoint } from './caller-endpoint.ts';
import { CallerRejectedError } from './postgrest-errors.ts';

const post = (token?: string, method = 'POST') => new Request('http://functions/x', { method, headers: token ? { Authorization: `Bearer ${token}` } : {} });

function endpoint(handle: (caller: string) => Promise<Response>) {
  return callerEndpoint('test', () => TEST_NOW, (_request, caller) => handle(caller.userId));
}

const answered = endpoint((id) => Promise.resolve(Response.json({ id })));

Deno.test('a signed-in POST reaches the handler with the caller', async () => {
  const response = await answered(post(userToken));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { id: userId });
});

Deno.test('preflight is answered; other methods 405; no, anonymous or expired token 401', async () => {
  assert.equal((await answered(new Request('http://functions/x', { method: 'OPTIONS' }))).status, 204);
  assert.equal((await answered(post(userToken, 'GET'))).status, 405);
  for (const token of [undefined, anonToken, expiredUserToken]) {
    assert.equal((await answered(post(token))).status, 401, String(token));
  }
});

Deno.test('a token the database refuses later is 401; any other failure a 500', async () => {
  const refused = endpoint(() => Promise.reject(new CallerRejectedError()));
  assert.equal((await refused(post(userToken))).status, 401);
  const broken = endpoint(() => Promise.reject(new Error('boom')));
  const originalError = console.error;
  console.error = () => {};
  try {
    assert.equal((await broken(post(userToken))).status, 500);
  } finally {
    console.error = originalError;
  }
});
