import assert from 'node:assert/strict';
import { userToken } from '../_tests/support/access-token.ts';
import { createPurgeHandler } from './handler.ts';
import { PURGE_BATCH, type PurgeDeps } from './purge.ts';

function setUp(expired: string[]) {
  const left = [...expired];
  const removedCalls: string[][] = [];
  const deps: PurgeDeps = {
    listExpired: (limit) => Promise.resolve(left.slice(0, limit)),
    remove: (names) => {
      removedCalls.push(names);
      left.splice(0, names.length);
      return Promise.resolve();
    },
  };
  return { handler: createPurgeHandler(deps, (token) => token === 'service-key'), left, removedCalls };
}

const call = (token: string | null) =>
  new Request('http://functions.test/chisme-image-purge', {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });

Deno.test('the service role purges every expired image, in batches', async () => {
  const names = Array.from({ length: PURGE_BATCH + 5 }, (_, i) => `img-${i}`);
  const { handler, left, removedCalls } = setUp(names);
  const response = await handler(call('service-key'));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { removed: PURGE_BATCH + 5 });
  assert.equal(left.length, 0);
  assert.deepEqual(removedCalls.map((batch) => batch.length), [PURGE_BATCH, 5]);
});

Deno.test('nothing expired: nothing removed', async () => {
  const { handler, removedCalls } = setUp([]);
  assert.deepEqual(await (await handler(call('service-key'))).json(), { removed: 0 });
  assert.equal(removedCalls.length, 0);
});

Deno.test('users, anonymous callers and GET cannot purge', async () => {
  const { handler, left } = setUp(['a']);
  for (const token of [null, userToken, 'service-key-but-not']) {
    assert.equal((await handler(call(token))).status, 401);
  }
  assert.equal((await handler(new Request('http://functions.test/', { headers: { Authorization: 'Bearer service-key' } }))).status, 405);
  assert.deepEqual(left, ['a']);
});
