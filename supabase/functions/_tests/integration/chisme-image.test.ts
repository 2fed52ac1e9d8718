// chisme-image through the local stack: the gateway, the function in real Deno, real
// PostgREST and PostgreSQL (get_chisme, file_exist, the storage read policy) and Storage.
import assert from 'node:assert/strict';
import { confirmAdult, createChisme, fixture, invoke, signUp, sql } from './stack.ts';

function imageForm(chismeId: string, name: string, type = 'image/png'): FormData {
  const form = new FormData();
  form.set('chisme_id', chismeId);
  form.set('file', new File([fixture(name) as BlobPart], name, { type }));
  return form;
}

async function storedObjects(chismeId: string) {
  return await sql<{ mimetype: string; size: string }>(
    `select metadata->>'mimetype' as mimetype, metadata->>'size' as size
       from storage.objects where bucket_id = 'chismes' and name = $1`,
    [chismeId],
  );
}

async function fileExist(chismeId: string): Promise<boolean> {
  const [row] = await sql<{ file_exist: boolean }>('select file_exist from public.chismes where id = $1', [chismeId]);
  return row?.file_exist ?? false;
}

/** The upload was refused with this status and code, and left no object and no flag behind. */
async function assertRefusedLeavingNothing(upload: Awaited<ReturnType<typeof invoke>>, status: number, code: string, chismeId: string) {
  assert.equal(upload.status, status);
  assert.equal((upload.body.error as { code: string }).code, code);
  assert.deepEqual(await storedObjects(chismeId), []);
  assert.equal(await fileExist(chismeId), false);
}

async function moveCreationBack(chismeId: string, minutes: number): Promise<void> {
  await sql(`update public.chismes set created_at = now() - make_interval(mins => $2) where id = $1`, [chismeId, minutes]);
}

const [author, reader] = await Promise.all([signUp('autor'), signUp('lector')]);
await confirmAdult(reader);

Deno.test("the author's image is stored, and another user sees it through a server-issued URL; after 20 minutes nobody does", async () => {
  const chismeId = await createChisme(author);
  const upload = await invoke(author, 'chisme-image', imageForm(chismeId, 'pixel.webp', 'image/png'));
  assert.equal(upload.status, 201, JSON.stringify(upload.body));
  assert.deepEqual(upload.body, { path: chismeId });
  assert.equal(await fileExist(chismeId), true);
  assert.deepEqual(await storedObjects(chismeId), [{ mimetype: 'image/webp', size: String(fixture('pixel.webp').length) }]);

  const { data: seen } = await reader.client.rpc('get_chisme', { p_id: chismeId });
  assert.equal(seen.is_mine, false);
  assert.equal(seen.file_exist, true);
  assert.equal(seen.image_viewable, true);

  // Clients cannot sign URLs themselves, not even while the chisme is fresh.
  const selfSigned = await reader.client.storage.from('chismes').createSignedUrl(chismeId, 60);
  assert.notEqual(selfSigned.error, null, 'a client-made signed URL is refused');
  const issued = await invoke(reader, 'chisme-image-url', { chisme_id: chismeId });
  assert.equal(issued.status, 200, JSON.stringify(issued.body));
  assert.ok(Number(issued.body.expires_in) <= 60 && Number(issued.body.expires_in) >= 55, String(issued.body.expires_in));
  assert.equal(issued.headers.get('cache-control'), 'private, max-age=0', 'the URL answer is not cached either');
  const image = await fetch(String(issued.body.url));
  assert.equal(image.status, 200);
  assert.equal(image.headers.get('content-type'), 'image/webp');
  // Never kept past the URL's life, and never by a shared cache: Storage answers a signed
  // download with Expires at the token's expiry (the stand-in also as private, max-age).
  const cache = /^private, max-age=(\d+)$/.exec(image.headers.get('cache-control') ?? '');
  assert.ok(cache, `cache-control: ${image.headers.get('cache-control')}`);
  assert.ok(Number(cache[1]) <= Number(issued.body.expires_in), `max-age ${cache[1]} within the URL's ${issued.body.expires_in} s`);
  const expires = Date.parse(image.headers.get('expires') ?? '');
  assert.ok(expires <= Date.now() + Number(issued.body.expires_in) * 1000, 'Expires is no later than the URL');
  // The object itself says the same for every other download path (set at upload).
  const [stored] = await sql<{ cache_control: string }>(
    `select metadata->>'cacheControl' as cache_control from storage.objects where bucket_id = 'chismes' and name = $1`,
    [chismeId],
  );
  assert.equal(stored?.cache_control, 'private, max-age=0');
  assert.deepEqual(new Uint8Array(await image.arrayBuffer()), fixture('pixel.webp'));

  await moveCreationBack(chismeId, 21);
  for (const viewer of [reader, author]) {
    const late = await invoke(viewer, 'chisme-image-url', { chisme_id: chismeId });
    assert.equal(late.status, 410, 'no URL after 20 minutes');
    assert.equal((late.body.error as { code: string }).code, 'chisme_image_expired');
    const selfLate = await viewer.client.storage.from('chismes').createSignedUrl(chismeId, 60);
    assert.notEqual(selfLate.error, null, 'no client-made signed URL after 20 minutes');
  }
  const download = await reader.client.storage.from('chismes').download(chismeId);
  assert.notEqual(download.error, null, 'no download after 20 minutes');
});

Deno.test('an upload to a chisme older than 20 minutes is refused (409) and nothing is stored', async () => {
  const chismeId = await createChisme(author);
  await moveCreationBack(chismeId, 21);
  const upload = await invoke(author, 'chisme-image', imageForm(chismeId, 'pixel.png'));
  await assertRefusedLeavingNothing(upload, 409, 'chisme_image_window_closed', chismeId);
});

Deno.test('an upload to a casual chisme is refused (409) and nothing is stored', async () => {
  const chismeId = await createChisme(author, false);
  const upload = await invoke(author, 'chisme-image', imageForm(chismeId, 'pixel.jpg', 'image/jpeg'));
  await assertRefusedLeavingNothing(upload, 409, 'chisme_not_cotilleo', chismeId);
});

Deno.test("an upload to someone else's chisme is refused (403) and nothing is stored", async () => {
  const chismeId = await createChisme(author);
  const upload = await invoke(reader, 'chisme-image', imageForm(chismeId, 'pixel.gif', 'image/gif'));
  await assertRefusedLeavingNothing(upload, 403, 'chisme_not_owned', chismeId);
});

Deno.test('a second image for the same chisme is refused (409); the first stays', async () => {
  const chismeId = await createChisme(author);
  assert.equal((await invoke(author, 'chisme-image', imageForm(chismeId, 'pixel.png'))).status, 201);
  const second = await invoke(author, 'chisme-image', imageForm(chismeId, 'pixel.jpg', 'image/jpeg'));
  assert.equal(second.status, 409);
  assert.equal((second.body.error as { code: string }).code, 'chisme_image_exists');
  assert.deepEqual(await storedObjects(chismeId), [{ mimetype: 'image/png', size: String(fixture('pixel.png').length) }]);
});

Deno.test('a chisme that does not exist is 404', async () => {
  const upload = await invoke(author, 'chisme-image', imageForm(crypto.randomUUID(), 'pixel.png'));
  assert.equal(upload.status, 404);
  assert.equal((upload.body.error as { code: string }).code, 'chisme_not_found');
});

Deno.test('through the gateway, bad files get the spec messages and nothing is stored', async () => {
  const chismeId = await createChisme(author);
  const pdf = await invoke(author, 'chisme-image', imageForm(chismeId, 'document.pdf', 'image/png'));
  assert.equal(pdf.status, 400);
  assert.deepEqual(pdf.body, { error: { code: 'file_type_not_allowed', message: 'Error API: Tipo de archivo no permitido' } });
  const form = new FormData();
  form.set('chisme_id', chismeId);
  const none = await invoke(author, 'chisme-image', form);
  assert.equal(none.status, 400);
  assert.deepEqual(none.body, { error: { code: 'file_missing', message: 'Error API: No se proporcionó ningún archivo' } });
  assert.deepEqual(await storedObjects(chismeId), []);
});

Deno.test('without a signed-in user the call is refused (401)', async () => {
  const chismeId = await createChisme(author);
  const response = await fetch(new URL('functions/v1/chisme-image', Deno.env.get('SUPABASE_URL') + '/'), {
    method: 'POST',
    headers: { apikey: Deno.env.get('SUPABASE_ANON_KEY')!, Authorization: `Bearer ${Deno.env.get('SUPABASE_ANON_KEY')}` },
    body: imageForm(chismeId, 'pixel.png'),
  });
  assert.equal(response.status, 401);
  assert.equal((await response.json()).error.code, 'not_authenticated');
  assert.deepEqual(await storedObjects(chismeId), []);
});

Deno.test('the bucket refuses a direct upload by the author: the function is the only way in', async () => {
  const chismeId = await createChisme(author);
  const direct = await author.client.storage.from('chismes').upload(chismeId, fixture('pixel.png'), { contentType: 'image/png' });
  assert.notEqual(direct.error, null);
  assert.deepEqual(await storedObjects(chismeId), []);
  const { error } = await author.client.from('chismes').update({ file_exist: true }).eq('id', chismeId);
  assert.equal(await fileExist(chismeId), false, `file_exist stays false (${error?.message ?? 'no row changed'})`);
});

Deno.test('a CORS preflight through the gateway is answered', async () => {
  const response = await fetch(new URL('functions/v1/chisme-image', Deno.env.get('SUPABASE_URL') + '/'), {
    method: 'OPTIONS',
    headers: { Origin: 'http://127.0.0.1:5173', 'Access-Control-Request-Method': 'POST' },
  });
  await response.body?.cancel();
  assert.ok(response.status === 200 || response.status === 204, String(response.status));
  assert.ok(response.headers.get('Access-Control-Allow-Origin'));
});

/**
 * Makes one step fail for one chisme only, in the real database, for the duration of `run`:
 * a trigger that raises when `table` is written for that chisme (dropped afterwards).
 */
async function withFailingWrite<T>(table: 'public.chismes' | 'storage.objects', chismeId: string, run: () => Promise<T>): Promise<T> {
  const column = table === 'public.chismes' ? 'id::text' : 'name';
  const name = `test_fail_${chismeId.replaceAll('-', '')}`;
  await sql(`create function public.${name}() returns trigger language plpgsql as $$
    begin
      if new.${column} = '${chismeId}' then raise exception 'failure injected by the test'; end if;
      return new;
    end $$`);
  await sql(`create trigger ${name} before insert or update on ${table} for each row execute function public.${name}()`);
  try {
    return await run();
  } finally {
    await sql(`drop trigger ${name} on ${table}`);
    await sql(`drop function public.${name}()`);
  }
}

/** An upload while writes to `table` fail for this chisme: a 500 that leaves nothing behind. */
async function uploadWhileFailing(table: 'public.chismes' | 'storage.objects', chismeId: string): Promise<void> {
  const upload = await withFailingWrite(table, chismeId, () => invoke(author, 'chisme-image', imageForm(chismeId, 'pixel.png')));
  await assertRefusedLeavingNothing(upload, 500, 'image_store_failed', chismeId);
}

Deno.test('when storing fails, the chisme is not marked (500)', async () => {
  const chismeId = await createChisme(author);
  await uploadWhileFailing('storage.objects', chismeId);
  // Nothing half-done blocks a retry.
  assert.equal((await invoke(author, 'chisme-image', imageForm(chismeId, 'pixel.png'))).status, 201);
});

Deno.test('when marking fails, nothing is stored either: object and mark are one transaction (500)', async () => {
  const chismeId = await createChisme(author);
  await uploadWhileFailing('public.chismes', chismeId);
  assert.equal((await invoke(author, 'chisme-image', imageForm(chismeId, 'pixel.png'))).status, 201);
  assert.equal(await fileExist(chismeId), true);
});

Deno.test("a suspended author's image is refused (403 user_suspended) and nothing is stored", async () => {
  const suspended = await signUp('suspendida');
  const chismeId = await createChisme(suspended);
  await sql(
    `insert into private.suspensions (user_id, suspended_until) values ($1, now() + interval '1 day')`,
    [suspended.id],
  );
  const upload = await invoke(suspended, 'chisme-image', imageForm(chismeId, 'pixel.png'));
  assert.equal(upload.status, 403, JSON.stringify(upload.body));
  assert.equal((upload.body.error as { code: string }).code, 'user_suspended');
  assert.deepEqual(await storedObjects(chismeId), []);
  assert.equal(await fileExist(chismeId), false);
});
