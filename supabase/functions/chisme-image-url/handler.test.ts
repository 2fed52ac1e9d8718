// The chisme-image-url handler with real Requests and in-memory dependencies.
import assert from 'node:assert/strict';
import { anonToken, TEST_NOW, userToken } from '../_tests/support/access-token.ts';
import { type ChismeImageUrlDeps, createChismeImageUrlHandler } from './handler.ts';
import type { ChismeForView } from './view-rules.ts';

const chismeId = '0b9c5d2e-1f3a-4c8e-9a7b-2d4e6f8a0b1c';
const minutesAgo = (minutes: number) => new Date(TEST_NOW.getTime() - minutes * 60_000);
const fresh: ChismeForView = { cotilleo: true, fileExist: true, createdAt: minutesAgo(1) };

function setUp(chisme: ChismeForView | null = fresh, stored = true) {
  const signed: Array<[string, number]> = [];
  const deps: ChismeImageUrlDeps = {
    findChisme: () => Promise.resolve(chisme),
    signUrl: (id, seconds) => {
      signed.push([id, seconds]);
      return Promise.resolve(stored ? `http://storage.test/sign/chismes/${id}?token=t` : null);
    },
    now: () => TEST_NOW,
  };
  return { handler: createChismeImageUrlHandler(deps), signed };
}

const ask = (body: unknown, token: string | null = userToken) =>
  new Request('http://functions.test/chisme-image-url', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

async function expectError(response: Response, status: number, code: string) {
  assert.equal(response.status, status);
  assert.equal((await response.json()).error.code, code);
}

Deno.test('a fresh image gets a URL signed for 60 s', async () => {
  const { handler, signed } = setUp();
  const response = await handler(ask({ chisme_id: chismeId }));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { url: `http://storage.test/sign/chismes/${chismeId}?token=t`, expires_in: 60 });
  assert.deepEqual(signed, [[chismeId, 60]]);
});

Deno.test('near the end of the window the URL lives only until the window closes', async () => {
  const { handler, signed } = setUp({ ...fresh, createdAt: new Date(TEST_NOW.getTime() - 20 * 60_000 + 12_500) });
  const response = await handler(ask({ chisme_id: chismeId }));
  assert.equal((await response.json()).expires_in, 12);
  assert.deepEqual(signed, [[chismeId, 12]]);
});

Deno.test('after 20 minutes the image is refused (410) and nothing is signed', async () => {
  for (const createdAt of [minutesAgo(20), minutesAgo(21), minutesAgo(60 * 24)]) {
    const { handler, signed } = setUp({ ...fresh, createdAt });
    await expectError(await handler(ask({ chisme_id: chismeId })), 410, 'chisme_image_expired');
    assert.equal(signed.length, 0);
  }
});

Deno.test('no image, a casual chisme, an unknown chisme or a missing object: 404', async () => {
  const cases: Array<[ChismeForView | null, boolean, string]> = [
    [{ ...fresh, fileExist: false }, true, 'chisme_image_not_found'],
    [{ ...fresh, cotilleo: false }, true, 'chisme_image_not_found'],
    [null, true, 'chisme_not_found'],
    [fresh, false, 'chisme_image_not_found'],
  ];
  for (const [chisme, stored, code] of cases) {
    const { handler } = setUp(chisme, stored);
    await expectError(await handler(ask({ chisme_id: chismeId })), 404, code);
  }
});

Deno.test('no user, or the anon key: 401; a bad id: 400; GET: 405', async () => {
  const { handler, signed } = setUp();
  await expectError(await handler(ask({ chisme_id: chismeId }, null)), 401, 'not_authenticated');
  await expectError(await handler(ask({ chisme_id: chismeId }, anonToken)), 401, 'not_authenticated');
  for (const body of [{}, { chisme_id: 'x' }, 'texto', { chisme_id: `${chismeId}/../a` }]) {
    await expectError(await handler(ask(body)), 400, 'chisme_id_invalid');
  }
  await expectError(await handler(new Request('http://functions.test/chisme-image-url')), 405, 'method_not_allowed');
  assert.equal(signed.length, 0);
});
