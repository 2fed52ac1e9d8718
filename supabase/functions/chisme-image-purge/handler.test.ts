import assert from 'node:assert/strict';
import { anonToken, userToken } from '../_tests/support/access-token.ts';
import { createPurgeHandler } from './handler.ts';
import { PURGE_BATCH, type PurgeDeps } from './purge.ts';

const serviceKeys = new Set(['sb_secret_service', 'eyJ.legacy-service.jwt']);

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
  return { handler: createPurgeHandler(deps, (key) => serviceKeys.has(key)), left, removedCalls };
}

const call = (headers: Record<string, string>, method = 'POST') => new Request('http://functions.test/chisme-image-purge', { method, headers });

Deno.test('the service role purges every expired image, in batches', async () => {
  const names = Array.from({ length: PURGE_BATCH + 5 }, (_, i) => `img-${i}`);
  const { handler, left, removedCalls } = setUp(names);
  const response = await handler(call({ apikey: 'sb_secret_service' }));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { removed: PURGE_BATCH + 5 });
  assert.equal(left.length, 0);
  assert.deepEqual(removedCalls.map((batch) => batch.length), [PURGE_BATCH, 5]);
});

Deno.test('nothing expired: nothing removed', async () => {
  const { handler, removedCalls } = setUp([]);
  assert.deepEqual(await (await handler(call({ apikey: 'sb_secret_service' }))).json(), { removed: 0 });
  assert.equal(removedCalls.length, 0);
});

Deno.test('a service key is accepted as the apikey header (the cron job) or as a Bearer token, of either kind', async () => {
  const accepted: Record<string, string>[] = [
    { apikey: 'sb_secret_service' },
    { apikey: 'eyJ.legacy-service.jwt' },
    { Authorization: 'Bearer eyJ.legacy-service.jwt' },
    { Authorization: 'bearer sb_secret_service' },
    // The gateway may turn an sb_secret apikey into a Bearer JWT of its own: either one counts.
    { apikey: 'sb_secret_service', Authorization: 'Bearer eyJ.minted-by-the-gateway' },
  ];
  for (const headers of accepted) {
    assert.equal((await setUp(['a']).handler(call(headers))).status, 200, JSON.stringify(headers));
  }
});

Deno.test('users, anonymous callers, publishable keys and GET cannot purge', async () => {
  const { handler, left } = setUp(['a']);
  const refused: Record<string, string>[] = [
    {},
    { apikey: 'sb_publishable_web' },
    { apikey: anonToken },
    { apikey: 'sb_publishable_web', Authorization: `Bearer ${userToken}` },
    { Authorization: 'sb_secret_service' },
    { apikey: 'sb_secret_service_but_not' },
  ];
  for (const headers of refused) {
    assert.equal((await handler(call(headers))).status, 401, JSON.stringify(headers));
  }
  assert.equal((await handler(call({ apikey: 'sb_secret_service' }, 'GET'))).status, 405);
  assert.deepEqual(left, ['a']);
});
