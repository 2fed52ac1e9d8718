import assert from 'node:assert/strict';
import { outcomeOf, retryAfterSeconds } from './outcome.ts';

const now = new Date('2026-11-28T12:00:00Z');

Deno.test('2xx is sent; 404 and 410 are gone for good', () => {
  for (const status of [200, 201, 202, 204]) assert.deepEqual(outcomeOf(status, null, now), { outcome: 'sent' });
  assert.deepEqual(outcomeOf(404, null, now), { outcome: 'gone' });
  assert.deepEqual(outcomeOf(410, null, now), { outcome: 'gone' });
});

Deno.test('429 and 5xx are retried, after Retry-After when given', () => {
  assert.deepEqual(outcomeOf(429, '120', now), { outcome: 'retry', retryAfter: 120 });
  assert.deepEqual(outcomeOf(503, null, now), { outcome: 'retry', retryAfter: 0 });
  assert.deepEqual(outcomeOf(500, 'Sat, 28 Nov 2026 12:00:30 GMT', now), { outcome: 'retry', retryAfter: 30 });
});

Deno.test('other 4xx will not improve by repeating: failed', () => {
  for (const status of [400, 401, 403, 413]) assert.deepEqual(outcomeOf(status, null, now), { outcome: 'failed' });
});

Deno.test('Retry-After: seconds or a date, bounded, 0 when unreadable', () => {
  assert.equal(retryAfterSeconds(' 7 ', now), 7);
  assert.equal(retryAfterSeconds('999999999', now), 86_400);
  assert.equal(retryAfterSeconds('Sat, 28 Nov 2026 11:00:00 GMT', now), 0);
  assert.equal(retryAfterSeconds('soon', now), 0);
  assert.equal(retryAfterSeconds(null, now), 0);
});
