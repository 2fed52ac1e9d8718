// The chisme-image handler called with real Requests (real multipart bodies, real fixture
// files), with its database and storage dependencies replaced by in-memory ones.
import assert from 'node:assert/strict';
import { anonToken, expiredUserToken, TEST_NOW, userToken } from '../_tests/support/access-token.ts';
import { CallerRejectedError } from '../_shared/postgrest-errors.ts';
import { readFixture } from './fixtures.ts';
import { type ChismeImageDeps, createChismeImageHandler } from './handler.ts';
import { MemoryImageStore } from './memory-image-store.ts';
import { MAX_IMAGE_BYTES, MAX_REQUEST_BYTES } from './size-limit.ts';
import { crc32, sanitizeImage } from './sanitize-image.ts';
import { jpegWithMetadata, metadataMarkers, polyglots } from './metadata-fixtures.ts';
import type { ChismeForUpload } from './upload-rules.ts';

const chismeId = '0b9c5d2e-1f3a-4c8e-9a7b-2d4e6f8a0b1c';
const ownFresh: ChismeForUpload = {
  isMine: true,
  cotilleo: true,
  fileExist: false,
  createdAt: new Date(TEST_NOW.getTime() - 60_000),
};

function setUp(chisme: ChismeForUpload | null | Error = ownFresh, store = new MemoryImageStore(), suspendedUntil: Date | null = null) {
  const lookups: string[] = [];
  const deps: ChismeImageDeps = {
    findChisme: (_caller, id) => {
      lookups.push(id);
      return chisme instanceof Error ? Promise.reject(chisme) : Promise.resolve(chisme);
    },
    findSuspension: () => Promise.resolve(suspendedUntil),
    images: store,
    now: () => TEST_NOW,
  };
  return { handler: createChismeImageHandler(deps), store, lookups };
}

function uploadRequest(
  fields: { chismeId?: string; file?: { bytes: Uint8Array; name: string; type?: string } | 'empty-field' },
  token: string | null = userToken,
): Request {
  const form = new FormData();
  if (fields.chismeId !== undefined) form.set('chisme_id', fields.chismeId);
  if (fields.file === 'empty-field') form.set('file', '');
  else if (fields.file) {
    form.set('file', new File([fields.file.bytes as BlobPart], fields.file.name, { type: fields.file.type ?? '' }));
  }
  return new Request('http://functions.test/chisme-image', {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    body: form,
  });
}

const fixtureUpload = (name: string, type?: string) => uploadRequest({ chismeId, file: { bytes: readFixture(name), name, type } });

async function expectError(response: Response, status: number, code: string, message?: string) {
  assert.equal(response.status, status);
  assert.equal(response.headers.get('Access-Control-Allow-Origin'), '*', 'errors carry CORS too');
  const body = await response.json();
  assert.equal(body.error.code, code);
  assert.equal(typeof body.error.message, 'string');
  if (message) assert.equal(body.error.message, message);
}

/** A real PNG (the fixture) padded with trailing bytes to the given size. */
/** pixel.png grown to `size` bytes by an ancillary chunk (a whole, valid PNG; the chunk is dropped when stored). */
function pngOfSize(size: number): Uint8Array {
  const png = readFixture('pixel.png');
  const padding = size - png.length - 12;
  const chunk = new Uint8Array(12 + padding);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, padding);
  chunk.set(new TextEncoder().encode('paDd'), 4);
  view.setUint32(8 + padding, crc32(chunk.subarray(4, 8 + padding)));
  const bytes = new Uint8Array(size);
  bytes.set(png.subarray(0, 33));
  bytes.set(chunk, 33);
  bytes.set(png.subarray(33), 33 + chunk.length);
  return bytes;
}

Deno.test('a CORS preflight is answered 204 without any check', async () => {
  const { handler, lookups } = setUp();
  const response = await handler(new Request('http://functions.test/chisme-image', { method: 'OPTIONS' }));
  assert.equal(response.status, 204);
  assert.equal(response.headers.get('Access-Control-Allow-Origin'), '*');
  assert.equal(lookups.length, 0);
});

Deno.test('any method but POST is 405', async () => {
  const { handler } = setUp();
  await expectError(await handler(new Request('http://functions.test/chisme-image')), 405, 'method_not_allowed');
});

Deno.test('no Authorization header is 401, before the file is looked at', async () => {
  const { handler, store } = setUp();
  const response = await handler(uploadRequest({ chismeId, file: { bytes: readFixture('pixel.png'), name: 'a.png' } }, null));
  await expectError(response, 401, 'not_authenticated');
  assert.equal(store.calls.length, 0);
});

Deno.test('the anon key or an expired token is 401', async () => {
  const { handler } = setUp();
  for (const token of [anonToken, expiredUserToken]) {
    const response = await handler(uploadRequest({ chismeId, file: { bytes: readFixture('pixel.png'), name: 'a.png' } }, token));
    await expectError(response, 401, 'not_authenticated');
  }
});

Deno.test('no file is 400 with the spec message', async () => {
  const { handler } = setUp();
  const spec = 'Error API: No se proporcionó ningún archivo';
  await expectError(await handler(uploadRequest({ chismeId })), 400, 'file_missing', spec);
  await expectError(await handler(uploadRequest({ chismeId, file: 'empty-field' })), 400, 'file_missing', spec);
  await expectError(await handler(fixtureUpload('empty.png', 'image/png')), 400, 'file_missing', spec);
});

Deno.test('a body that is not a multipart form has no file: 400', async () => {
  const { handler } = setUp();
  const request = new Request('http://functions.test/chisme-image', {
    method: 'POST',
    headers: { Authorization: `Bearer ${userToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ chisme_id: chismeId }),
  });
  await expectError(await handler(request), 400, 'file_missing');
  const broken = new Request('http://functions.test/chisme-image', {
    method: 'POST',
    headers: { Authorization: `Bearer ${userToken}`, 'Content-Type': 'multipart/form-data; boundary=x' },
    body: 'not a multipart body',
  });
  await expectError(await handler(broken), 400, 'file_missing');
});

Deno.test('a file that is not JPEG, PNG, GIF or WebP by its bytes is 400 with the spec message', async () => {
  const spec = 'Error API: Tipo de archivo no permitido';
  const cases: Array<[string, string]> = [
    ['document.pdf', 'application/pdf'],
    ['drawing.svg', 'image/svg+xml'],
    ['renamed-text.png', 'image/png'], // name and declared type lie
    ['truncated.png', 'image/png'],
    ['truncated.webp', 'image/webp'],
  ];
  for (const [name, type] of cases) {
    const { handler, store, lookups } = setUp();
    await expectError(await handler(fixtureUpload(name, type)), 400, 'file_type_not_allowed', spec);
    assert.equal(store.calls.length + lookups.length, 0, `${name}: nothing looked up or stored`);
  }
});

Deno.test('a real image larger than the limit is 413 and is not stored', async () => {
  const { handler, store } = setUp();
  const response = await handler(uploadRequest({ chismeId, file: { bytes: pngOfSize(MAX_IMAGE_BYTES + 1), name: 'big.png' } }));
  await expectError(response, 413, 'file_too_large');
  assert.equal(store.calls.length, 0);
});

Deno.test('a request declaring a body above the limit is 413 before it is read', async () => {
  const { handler } = setUp();
  const request = new Request('http://functions.test/chisme-image', {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${userToken}`,
      'Content-Type': 'multipart/form-data; boundary=x',
      'Content-Length': String(MAX_REQUEST_BYTES + 1),
    },
    body: new ReadableStream({ pull: () => assert.fail('the body must not be read') }),
  });
  await expectError(await handler(request), 413, 'file_too_large');
});

Deno.test('an image exactly at the limit is accepted (and stored without its extra chunk)', async () => {
  const { handler, store } = setUp();
  const response = await handler(uploadRequest({ chismeId, file: { bytes: pngOfSize(MAX_IMAGE_BYTES), name: 'max.png' } }));
  assert.equal(response.status, 201);
  assert.deepEqual(store.objects.get(chismeId)?.bytes, readFixture('pixel.png'));
});

Deno.test('a chunked body (no Content-Length) above the limit is 413 after reading at most the limit', async () => {
  const { handler, store } = setUp();
  const chunk = new Uint8Array(64 * 1024);
  let pulled = 0;
  const total = 50 * 1024 * 1024;
  const request = new Request('http://functions.test/chisme-image', {
    method: 'POST',
    headers: { Authorization: `Bearer ${userToken}`, 'Content-Type': 'multipart/form-data; boundary=x' },
    body: new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= total) return controller.close();
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    }),
  });
  await expectError(await handler(request), 413, 'file_too_large');
  assert.ok(pulled <= MAX_REQUEST_BYTES + 2 * chunk.length, `read ${pulled} bytes of ${total}`);
  assert.equal(store.calls.length, 0);
});

Deno.test('a JPEG with EXIF/GPS is stored without any metadata', async () => {
  const { handler, store } = setUp();
  const response = await handler(uploadRequest({ chismeId, file: { bytes: jpegWithMetadata(), name: 'gps.jpg' } }));
  assert.equal(response.status, 201);
  const stored = store.objects.get(chismeId);
  assert.equal(stored?.mime, 'image/jpeg');
  const text = new TextDecoder('latin1').decode(stored?.bytes);
  for (const marker of [...metadataMarkers, 'Exif']) assert.ok(!text.includes(marker), `kept ${marker}`);
});

Deno.test('polyglots (an image with anything after its end) are refused with the spec message', async () => {
  for (const [name, bytes] of polyglots()) {
    const { handler, store, lookups } = setUp();
    const response = await handler(uploadRequest({ chismeId, file: { bytes, name: 'x.gif' } }));
    await expectError(response, 400, 'file_type_not_allowed', 'Error API: Tipo de archivo no permitido');
    assert.equal(store.calls.length + lookups.length, 0, name);
  }
});

Deno.test('a missing or malformed chisme id is 400', async () => {
  for (const id of [undefined, '', 'not-a-uuid', `${chismeId}/../other`]) {
    const { handler, lookups } = setUp();
    const response = await handler(uploadRequest({ chismeId: id, file: { bytes: readFixture('pixel.png'), name: 'a.png' } }));
    await expectError(response, 400, 'chisme_id_invalid');
    assert.equal(lookups.length, 0);
  }
});

Deno.test("refused chismes: not found 404, someone else's 403, casual 409, already has an image 409, too old 409", async () => {
  const cases: Array<[ChismeForUpload | null, number, string]> = [
    [null, 404, 'chisme_not_found'],
    [{ ...ownFresh, isMine: false }, 403, 'chisme_not_owned'],
    [{ ...ownFresh, cotilleo: false }, 409, 'chisme_not_cotilleo'],
    [{ ...ownFresh, fileExist: true }, 409, 'chisme_image_exists'],
    [{ ...ownFresh, createdAt: new Date(TEST_NOW.getTime() - 21 * 60_000) }, 409, 'chisme_image_window_closed'],
  ];
  for (const [chisme, status, code] of cases) {
    const { handler, store, lookups } = setUp(chisme);
    await expectError(await handler(fixtureUpload('pixel.png', 'image/png')), status, code);
    assert.deepEqual(lookups, [chismeId]);
    assert.equal(store.calls.length, 0, `${code}: nothing stored`);
  }
});

for (const [name, mime] of [['pixel.jpg', 'image/jpeg'], ['pixel.png', 'image/png'], ['pixel.gif', 'image/gif'], ['pixel.webp', 'image/webp']]) {
  Deno.test(`the author's ${name} is stored under the chisme id as ${mime}, marked, and answered 201`, async () => {
    const { handler, store } = setUp();
    // The declared type is ignored: the stored type is the one the bytes show.
    const response = await handler(fixtureUpload(name, 'application/octet-stream'));
    assert.equal(response.status, 201);
    assert.equal(response.headers.get('Access-Control-Allow-Origin'), '*');
    assert.deepEqual(await response.json(), { path: chismeId });
    assert.deepEqual(store.objects.get(chismeId), { bytes: sanitizeImage(readFixture(name))?.bytes, mime });
    assert.deepEqual([...store.marked], [chismeId]);
  });
}

Deno.test('a JPEG sent with a .txt name and text/plain type is still a JPEG', async () => {
  const { handler, store } = setUp();
  const response = await handler(uploadRequest({ chismeId, file: { bytes: readFixture('pixel.jpg'), name: 'nota.txt', type: 'text/plain' } }));
  assert.equal(response.status, 201);
  assert.equal(store.objects.get(chismeId)?.mime, 'image/jpeg');
});

Deno.test('a concurrent upload that stored first wins: 409, nothing overwritten', async () => {
  const store = new MemoryImageStore();
  store.objects.set(chismeId, { bytes: readFixture('pixel.gif'), mime: 'image/gif' });
  const { handler } = setUp(ownFresh, store);
  await expectError(await handler(fixtureUpload('pixel.png')), 409, 'chisme_image_exists');
  assert.equal(store.objects.get(chismeId)?.mime, 'image/gif');
  assert.equal(store.marked.size, 0);
});

Deno.test('when storing fails: 500, nothing stored or marked, and a retry succeeds', async () => {
  const failing = new MemoryImageStore({ failOnPut: true });
  const { handler } = setUp(ownFresh, failing);
  const response = await quietly(() => handler(fixtureUpload('pixel.png')));
  await expectError(response, 500, 'image_store_failed', 'Error API: No se pudo subir la imagen');
  assert.equal(failing.marked.size, 0);
  assert.equal(failing.objects.size, 0);
  const { handler: retry, store } = setUp(ownFresh);
  assert.equal((await retry(fixtureUpload('pixel.png'))).status, 201);
  assert.deepEqual([...store.marked], [chismeId]);
});

Deno.test('a token the database refuses is 401', async () => {
  const { handler, store } = setUp(new CallerRejectedError());
  await expectError(await handler(fixtureUpload('pixel.png')), 401, 'not_authenticated');
  assert.equal(store.calls.length, 0);
});

Deno.test('an unexpected database failure is 500 JSON, nothing stored', async () => {
  const { handler, store } = setUp(new Error('connection refused'));
  await expectError(await quietly(() => handler(fixtureUpload('pixel.png'))), 500, 'internal_error');
  assert.equal(store.calls.length, 0);
});

/** Runs an expected failure path without its console.error noise in the test output. */
async function quietly<T>(run: () => Promise<T>): Promise<T> {
  const original = console.error;
  console.error = () => {};
  try {
    return await run();
  } finally {
    console.error = original;
  }
}

Deno.test("a suspended author's image is refused with user_suspended and nothing is stored", async () => {
  const { handler, store } = setUp(ownFresh, new MemoryImageStore(), new Date(TEST_NOW.getTime() + 60 * 60 * 1000));
  await expectError(await handler(fixtureUpload('pixel.png', 'image/png')), 403, 'user_suspended');
  assert.equal(store.objects.size, 0);
});

Deno.test('once the suspension has ended the image is stored', async () => {
  const { handler, store } = setUp(ownFresh, new MemoryImageStore(), new Date(TEST_NOW.getTime() - 1000));
  const response = await handler(fixtureUpload('pixel.png', 'image/png'));
  assert.equal(response.status, 201);
  assert.equal(store.objects.size, 1);
});

Deno.test('function answers are never cached: private, max-age=0', async () => {
  const { handler } = setUp();
  const response = await handler(fixtureUpload('pixel.png', 'image/png'));
  assert.equal(response.headers.get('Cache-Control'), 'private, max-age=0');
});
