import assert from 'node:assert/strict';
import { IMAGE_VIEW_WINDOW_MS, isChismeId } from './chisme-image-rules.ts';

Deno.test('the image window is 20 minutes', () => {
  assert.equal(IMAGE_VIEW_WINDOW_MS, 20 * 60 * 1000);
});

Deno.test('a chisme id must be a uuid', () => {
  assert.equal(isChismeId('0b9c5d2e-1f3a-4c8e-9a7b-2d4e6f8a0b1c'), true);
  assert.equal(isChismeId('0B9C5D2E-1F3A-4C8E-9A7B-2D4E6F8A0B1C'), true);
  for (const bad of [null, undefined, 42, '', 'abc', '../secret', '0b9c5d2e-1f3a-4c8e-9a7b-2d4e6f8a0b1c/x']) {
    assert.equal(isChismeId(bad), false, String(bad));
  }
});
