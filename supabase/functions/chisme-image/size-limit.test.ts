import assert from 'node:assert/strict';
import { COMPRESSED_IMAGE_BYTES, isWithinImageLimit, isWithinRequestLimit, MAX_IMAGE_BYTES, MAX_REQUEST_BYTES } from './size-limit.ts';

Deno.test('the limit is 1 MiB plus the stated 10 % margin', () => {
  assert.equal(COMPRESSED_IMAGE_BYTES, 1_048_576);
  assert.equal(MAX_IMAGE_BYTES, 1_153_433);
});

Deno.test('an image of exactly 1 MiB, or at the limit, is accepted', () => {
  assert.equal(isWithinImageLimit(COMPRESSED_IMAGE_BYTES), true);
  assert.equal(isWithinImageLimit(MAX_IMAGE_BYTES), true);
});

Deno.test('one byte over the limit is refused', () => {
  assert.equal(isWithinImageLimit(MAX_IMAGE_BYTES + 1), false);
  assert.equal(isWithinImageLimit(5 * 1024 * 1024), false);
});

Deno.test('a request declaring more than the limit plus form overhead is refused before reading', () => {
  assert.equal(isWithinRequestLimit(null), true);
  assert.equal(isWithinRequestLimit(String(MAX_REQUEST_BYTES)), true);
  assert.equal(isWithinRequestLimit(String(MAX_REQUEST_BYTES + 1)), false);
  assert.ok(MAX_REQUEST_BYTES - MAX_IMAGE_BYTES <= 16 * 1024);
});
