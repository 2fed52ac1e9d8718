import assert from 'node:assert/strict';
import { type ImageStore, storeImage } from './store-image.ts';
import { MemoryImageStore } from './memory-image-store.ts';

const id = '0b9c5d2e-1f3a-4c8e-9a7b-2d4e6f8a0b1c';
const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);

Deno.test('stores the object, then marks the chisme', async () => {
  const store = new MemoryImageStore();
  assert.deepEqual(await storeImage(store, id, bytes, 'image/jpeg'), { kind: 'stored' });
  assert.deepEqual(store.objects.get(id), { bytes, mime: 'image/jpeg' });
  assert.deepEqual([...store.marked], [id]);
  assert.deepEqual(store.calls, ['put', 'markStored']);
});

Deno.test('an existing object is never overwritten and nothing is marked', async () => {
  const store = new MemoryImageStore();
  store.objects.set(id, { bytes: new Uint8Array([1]), mime: 'image/png' });
  assert.deepEqual(await storeImage(store, id, bytes, 'image/jpeg'), { kind: 'exists' });
  assert.deepEqual(store.objects.get(id)?.bytes, new Uint8Array([1]));
  assert.equal(store.marked.size, 0);
});

Deno.test('when storing fails, nothing is marked', async () => {
  const store = new MemoryImageStore({ failOn: 'put' });
  const outcome = await storeImage(store, id, bytes, 'image/jpeg');
  assert.equal(outcome.kind, 'failed');
  assert.equal(outcome.kind === 'failed' && outcome.step, 'put');
  assert.equal(store.objects.size, 0);
  assert.equal(store.marked.size, 0);
  assert.deepEqual(store.calls, ['put']);
});

Deno.test('when marking fails, the stored object is removed', async () => {
  const store = new MemoryImageStore({ failOn: 'markStored' });
  const outcome = await storeImage(store, id, bytes, 'image/jpeg');
  assert.equal(outcome.kind === 'failed' && outcome.step, 'mark');
  assert.equal(store.objects.size, 0);
  assert.equal(store.marked.size, 0);
  assert.deepEqual(store.calls, ['put', 'markStored', 'remove']);
});

Deno.test('when marking and the clean-up both fail, both causes are reported', async () => {
  const failing: ImageStore = {
    put: () => Promise.resolve('stored'),
    markStored: () => Promise.reject(new Error('mark')),
    remove: () => Promise.reject(new Error('remove')),
  };
  const outcome = await storeImage(failing, id, bytes, 'image/jpeg');
  assert.equal(outcome.kind, 'failed');
  if (outcome.kind !== 'failed') return;
  assert.equal((outcome.cause as Error).message, 'mark');
  assert.equal((outcome.cleanupCause as Error).message, 'remove');
});
