import assert from 'node:assert/strict';
import { isPreflight, preflightResponse } from './cors.ts';
import { errorResponse, notAuthenticated, readJsonObject, withErrorBoundary } from './http.ts';

Deno.test('errors are JSON { error: { code, message } } with their status and CORS', async () => {
  const response = errorResponse(notAuthenticated);
  assert.equal(response.status, 401);
  assert.match(response.headers.get('Content-Type') ?? '', /^application\/json/);
  assert.equal(response.headers.get('Access-Control-Allow-Origin'), '*');
  assert.deepEqual(await response.json(), {
    error: { code: 'not_authenticated', message: 'Error API: Debes iniciar sesión' },
  });
});

Deno.test('a preflight is answered 204 with the headers supabase-js sends allowed', () => {
  assert.equal(isPreflight(new Request('http://functions.test/f', { method: 'OPTIONS' })), true);
  const response = preflightResponse();
  assert.equal(response.status, 204);
  assert.equal(response.headers.get('Access-Control-Allow-Origin'), '*');
  for (const header of ['authorization', 'apikey', 'x-client-info', 'content-type', 'x-retry-count', 'traceparent']) {
    assert.match(response.headers.get('Access-Control-Allow-Headers') ?? '', new RegExp(`\\b${header}\\b`));
  }
  assert.match(response.headers.get('Access-Control-Allow-Methods') ?? '', /\bPOST\b/);
});

Deno.test('an unexpected exception still answers 500 JSON with CORS', async () => {
  const logged: unknown[] = [];
  const originalError = console.error;
  console.error = (...args: unknown[]) => logged.push(args);
  try {
    const handler = withErrorBoundary('test', () => Promise.reject(new Error('boom')));
    const response = await handler(new Request('http://functions.test/f', { method: 'POST' }));
    assert.equal(response.status, 500);
    assert.equal(response.headers.get('Access-Control-Allow-Origin'), '*');
    assert.equal((await response.json()).error.code, 'internal_error');
    assert.equal(logged.length, 1);
  } finally {
    console.error = originalError;
  }
});

Deno.test('a JSON body is read as an object, or null for anything else or anything too long', async () => {
  const post = (body: string, headers: Record<string, string> = {}) => new Request('http://functions.test/f', { method: 'POST', body, headers });
  assert.deepEqual(await readJsonObject(post('{"a": 1}')), { a: 1 });
  for (const body of ['[1]', '"a"', '1', 'null', '{', '']) assert.equal(await readJsonObject(post(body)), null, body);
  assert.deepEqual(await readJsonObject(post('{"a": 1}'), 8), { a: 1 });
  assert.equal(await readJsonObject(post('{"a": 12}'), 8), null, 'longer than the limit');
  assert.equal(await readJsonObject(post('{}', { 'Content-Length': '2000' }), 1024), null, 'refused by its Content-Length');
});
