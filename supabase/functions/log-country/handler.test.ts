// The log-country handler called with real Requests, its database call replaced by an
// in-memory recorder (the real one is exercised by the integration tests).
import assert from 'node:assert/strict';
import { anonToken, expiredUserToken, TEST_NOW, userId, userToken } from '../_tests/support/access-token.ts';
import { CallerRejectedError, DatabaseRefusedError, RateLimitedError } from '../_shared/postgrest-errors.ts';
import { createLogCountryHandler } from './handler.ts';

function setUp(fail?: Error) {
  const recorded: Array<{ userId: string; country: string }> = [];
  const handler = createLogCountryHandler({
    recordCountry(caller, country) {
      if (fail) return Promise.reject(fail);
      // Same rule shape as the database's: once per user and country (here: ever, no clock).
      const seen = recorded.some((row) => row.userId === caller.userId && row.country === country);
      if (!seen) recorded.push({ userId: caller.userId, country });
      return Promise.resolve(!seen);
    },
    now: () => TEST_NOW,
  });
  return { handler, recorded };
}

function post(body: string, token: string | null = userToken): Request {
  return new Request('http://functions.test/log-country', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body,
  });
}

async function expectError(response: Response, status: number, code: string) {
  assert.equal(response.status, status);
  assert.equal(response.headers.get('Access-Control-Allow-Origin'), '*');
  assert.equal((await response.json()).error.code, code);
}

Deno.test('a CORS preflight is answered 204', async () => {
  const response = await setUp().handler(new Request('http://functions.test/log-country', { method: 'OPTIONS' }));
  assert.equal(response.status, 204);
  assert.equal(response.headers.get('Access-Control-Allow-Origin'), '*');
});

Deno.test('any method but POST is 405', async () => {
  await expectError(await setUp().handler(new Request('http://functions.test/log-country')), 405, 'method_not_allowed');
});

Deno.test('without a signed-in caller: 401 and nothing recorded', async () => {
  for (const token of [null, anonToken, expiredUserToken]) {
    const { handler, recorded } = setUp();
    await expectError(await handler(post('{"country":"Chile"}', token)), 401, 'not_authenticated');
    assert.equal(recorded.length, 0);
  }
});

Deno.test('a body that is not a JSON object is 400', async () => {
  for (const body of ['', 'Chile', '"Chile"', '["Chile"]', 'null', '{"country":']) {
    const { handler, recorded } = setUp();
    await expectError(await handler(post(body)), 400, 'body_invalid');
    assert.equal(recorded.length, 0);
  }
});

Deno.test('a bad country is 400 country_invalid and nothing is recorded', async () => {
  for (const body of ['{}', '{"country":""}', '{"country":"   "}', '{"country":42}', `{"country":"${'x'.repeat(65)}"}`]) {
    const { handler, recorded } = setUp();
    await expectError(await handler(post(body)), 400, 'country_invalid');
    assert.equal(recorded.length, 0, body);
  }
});

Deno.test('a new country is recorded (trimmed) for the caller: 201', async () => {
  const { handler, recorded } = setUp();
  const response = await handler(post('{"country":"  Costa Rica "}'));
  assert.equal(response.status, 201);
  assert.equal(response.headers.get('Access-Control-Allow-Origin'), '*');
  assert.deepEqual(await response.json(), { recorded: true });
  assert.deepEqual(recorded, [{ userId, country: 'Costa Rica' }]);
});

Deno.test('a country already recorded is answered 200 { recorded: false }', async () => {
  const { handler, recorded } = setUp();
  await handler(post('{"country":"Chile"}'));
  const again = await handler(post('{"country":"Chile"}'));
  assert.equal(again.status, 200);
  assert.deepEqual(await again.json(), { recorded: false });
  assert.equal(recorded.length, 1);
});

Deno.test('a token the database refuses is 401', async () => {
  await expectError(await setUp(new CallerRejectedError()).handler(post('{"country":"Chile"}')), 401, 'not_authenticated');
});

Deno.test("over the caller's rate limit: 429 rate_limited with the wait in Retry-After", async () => {
  const response = await setUp(new RateLimitedError(1234)).handler(post('{"country":"Chile"}'));
  assert.equal(response.headers.get('Retry-After'), '1234');
  await expectError(response, 429, 'rate_limited');
});

Deno.test("a country the database's rules refuse is 400 country_invalid", async () => {
  await expectError(await setUp(new DatabaseRefusedError('country_required')).handler(post('{"country":"Chile"}')), 400, 'country_invalid');
});

Deno.test('a database failure is 500 JSON with CORS', async () => {
  const original = console.error;
  console.error = () => {};
  try {
    await expectError(await setUp(new Error('down')).handler(post('{"country":"Chile"}')), 500, 'internal_error');
  } finally {
    console.error = original;
  }
});
