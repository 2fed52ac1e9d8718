// The 20-minute window's last second in chisme-image-url's answer (view-rules.ts), against
// fixed instants: the expected lifetimes are literals, never computed with the window constant.
import assert from 'node:assert/strict';
import { viewErrors, viewSeconds } from './view-rules.ts';

const created = new Date('2026-11-27T10:00:00.000Z');
const at = (iso: string) => new Date(iso);
const image = { cotilleo: true, fileExist: true, createdAt: created };

Deno.test('exactly 1 s of the window left: a 1-second URL, not expired', () => {
  assert.equal(viewSeconds(image, at('2026-11-27T10:19:59.000Z')), 1);
});

Deno.test('less than 1 s left: expired (a URL would outlive the window)', () => {
  assert.equal(viewSeconds(image, at('2026-11-27T10:19:59.001Z')), viewErrors.windowClosed);
  assert.equal(viewSeconds(image, at('2026-11-27T10:19:59.999Z')), viewErrors.windowClosed);
});

Deno.test('exactly 20 minutes and after: expired', () => {
  assert.equal(viewSeconds(image, at('2026-11-27T10:20:00.000Z')), viewErrors.windowClosed);
  assert.equal(viewSeconds(image, at('2026-11-27T10:20:00.001Z')), viewErrors.windowClosed);
});

Deno.test('the URL never outlives the window: whole seconds left, rounded down, at most 60', () => {
  assert.equal(viewSeconds(image, at('2026-11-27T10:19:58.500Z')), 1);
  assert.equal(viewSeconds(image, at('2026-11-27T10:19:00.000Z')), 60);
  assert.equal(viewSeconds(image, at('2026-11-27T10:18:59.000Z')), 60);
  assert.equal(viewSeconds(image, at('2026-11-27T10:19:01.000Z')), 59);
  assert.equal(viewSeconds(image, at('2026-11-27T10:00:00.000Z')), 60);
});
