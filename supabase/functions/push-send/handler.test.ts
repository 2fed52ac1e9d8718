import assert from 'node:assert/strict';
import { BATCH, createPushSendHandler, type PushSendDeps } from './handler.ts';
import type { Delivery, Result } from './send.ts';
import { LOCAL_DEMO_VAPID } from './vapid.ts';

function setUp(queued: number, overrides: Partial<PushSendDeps> = {}) {
  let left = queued;
  const finished: Result[][] = [];
  const deps: PushSendDeps = {
    vapid: LOCAL_DEMO_VAPID,
    isServiceCaller: (request) => request.headers.get('apikey') === 'service-key',
    claim: (limit) => {
      const n = Math.min(limit, left);
      left -= n;
      return Promise.resolve(Array.from({ length: n }, (_, i) => ({ id: i }) as Delivery));
    },
    send: (deliveries) => Promise.resolve(deliveries.map((d) => ({ id: d.id, outcome: 'sent' }) as Result)),
    finish: (results) => {
      finished.push(results);
      return Promise.resolve();
    },
    ...overrides,
  };
  return { handler: createPushSendHandler(deps), finished };
}

const post = (headers: Record<string, string> = { apikey: 'service-key' }) => new Request('http://functions.test/push-send', { method: 'POST', headers });

Deno.test('the service key sends everything ready, a batch at a time', async () => {
  const { handler, finished } = setUp(BATCH + 20);
  const response = await handler(post());
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { sent: BATCH + 20, gone: 0, retry: 0, failed: 0, rounds: 2 });
  assert.deepEqual(finished.map((batch) => batch.length), [BATCH, 20]);
});

Deno.test('nothing ready: one claim, nothing sent', async () => {
  const { handler, finished } = setUp(0);
  assert.deepEqual(await (await handler(post())).json(), { sent: 0, gone: 0, retry: 0, failed: 0, rounds: 1 });
  assert.equal(finished.length, 0);
});

Deno.test('anyone else cannot make it send', async () => {
  const { handler, finished } = setUp(5);
  const callers: Record<string, string>[] = [{}, { apikey: 'anon-key' }, { Authorization: 'Bearer user-token' }];
  for (const headers of callers) {
    assert.equal((await handler(post(headers))).status, 401);
  }
  assert.equal((await handler(new Request('http://functions.test/push-send', { method: 'PUT' }))).status, 405);
  assert.equal(finished.length, 0);
});

Deno.test('GET answers the VAPID public key to anyone; the preflight allows GET', async () => {
  const { handler } = setUp(0);
  const response = await handler(new Request('http://functions.test/push-send'));
  assert.deepEqual(await response.json(), { publicKey: LOCAL_DEMO_VAPID.publicKey });
  const preflight = await handler(new Request('http://functions.test/push-send', { method: 'OPTIONS' }));
  assert.equal(preflight.status, 204);
  assert.match(preflight.headers.get('Access-Control-Allow-Methods') ?? '', /GET/);
});

Deno.test('without VAPID keys: 503, nothing claimed', async () => {
  let claimed = false;
  const { handler } = setUp(5, {
    vapid: null,
    claim: () => {
      claimed = true;
      return Promise.resolve([]);
    },
  });
  const response = await handler(post());
  assert.equal(response.status, 503);
  assert.equal((await response.json()).error.code, 'push_not_configured');
  assert.equal((await handler(new Request('http://functions.test/push-send'))).status, 503);
  assert.equal(claimed, false);
});
