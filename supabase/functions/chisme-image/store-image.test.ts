import assert from 'node:assert/strict';
import { storeImage } from './store-image.ts';
import { MemoryImageStore } from './memory-image-store.ts';

const id = '0b9c5d2e-1f3a-4c8e-9a7b-2d4e6f8a0b1c';
const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);

Deno.test('stores the object (its mark comes with it)', async () => {
  const store = new MemoryImageStore();
  assert.deepEqual(await storeImage(store, id, bytes, 'image/jpeg'), { kind: 'stored' });
  assert.deepEqual(store.objects.get(id), { bytes, mime: 'image/jpeg' });
  assert.deepEqual([...store.marked], [id]);
  assert.deepEqual(store.calls, ['put']);
});

Deno.test('an existing object is never overwritten', async () => {
  const store = new MemoryImageStore();
  store.objects.set(id, { bytes: new Uint8Array([1]), mime: 'image/png' });
  assert.deepEqual(await storeImage(store, id, bytes, 'image/jpeg'), { kind: 'exists' });
  assert.deepEqual(store.objects.get(id)?.bytes, new Uint8Array([1]));
  assert.equal(store.marked.size, 0);
});

Deno.test('when storing fails, the failure and its cause are reported and nothing is stored', async () => {
  const store = new MemoryImageStore({ failOnPut: true });
  const outcome = await storeImage(store, id, bytes, 'image/jpeg');
  assert.equal(outcome.kind, 'failed');
  assert.equal(outcome.kind === 'failed' && (outcome.cause as Error).message, 'put failed (test)');
  assert.equal(store.objects.size, 0);
  assert.equal(store.marked.size, 0);
});
