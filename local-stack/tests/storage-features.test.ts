// Storage features the official storage-js suite uses (docs/decisions/0022-local-stack-fidelity.md): move/copy, signed
// upload URLs, list-v2, info's shape with custom metadata, partial bucket updates, size units
// and emptyBucket's answer — each as storage-api answers, with the project's RLS deciding.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { API_URL } from '../keys.ts';
import { serviceClient, signedInUser, sql } from './helpers.ts';

const bucket = 'local-stack-features';
const other = 'local-stack-features-2';
const statusOf = (error: unknown) => (error as { statusCode?: string } | null)?.statusCode;

describe('storage features of the official suite', () => {
  before(async () => {
    await sql('delete from storage.objects where bucket_id = any($1)', [[bucket, other]]);
    await sql('delete from storage.buckets where id = any($1)', [[bucket, other]]);
    await sql(`drop policy if exists local_stack_features_read_own on storage.objects`);
    await sql(`insert into storage.buckets (id, name, public) values ($1, $1, false), ($2, $2, false)`, [bucket, other]);
    // Users may read (only read) their own folder.
    await sql(`create policy local_stack_features_read_own on storage.objects for select to authenticated
               using (bucket_id = '${bucket}' and (storage.foldername(name))[1] = (select auth.uid())::text)`);
  });
  after(async () => {
    await serviceClient().storage.emptyBucket(bucket);
    await serviceClient().storage.emptyBucket(other);
    await sql(`drop policy if exists local_stack_features_read_own on storage.objects`);
    await sql('delete from storage.buckets where id = any($1)', [[bucket, other]]);
  });

  test('move and copy, within and across buckets; the source moves, a copy keeps both', async () => {
    const storage = serviceClient().storage;
    const bytes = randomBytes(2048);
    assert.equal((await storage.from(bucket).upload('a/original.bin', bytes, { metadata: { tag: 'uno' } })).error, null);

    const copied = await storage.from(bucket).copy('a/original.bin', 'b/copia.bin', { destinationBucket: other });
    assert.equal(copied.error, null);
    assert.equal(copied.data?.path, `${other}/b/copia.bin`);
    const copy = await storage.from(other).download('b/copia.bin');
    assert.ok(Buffer.from(await copy.data!.arrayBuffer()).equals(bytes), 'the copy has the same bytes');
    assert.deepEqual((await storage.from(other).info('b/copia.bin')).data?.metadata, { tag: 'uno' }, 'custom metadata copied');

    const moved = await storage.from(bucket).move('a/original.bin', 'a/movido.bin');
    assert.equal(moved.error, null);
    assert.equal(moved.data?.message, 'Successfully moved');
    assert.ok((await storage.from(bucket).download('a/original.bin')).error, 'the source is gone');
    const after = await storage.from(bucket).download('a/movido.bin');
    assert.ok(Buffer.from(await after.data!.arrayBuffer()).equals(bytes));

    const missing = await storage.from(bucket).move('no-existe.bin', 'otro.bin');
    assert.equal(statusOf(missing.error), '404');
    const badKey = await storage.from(bucket).move('a/movido.bin', '');
    assert.equal(statusOf(badKey.error), '400');
    const taken = await storage.from(bucket).copy('a/movido.bin', 'a/movido.bin');
    assert.equal(statusOf(taken.error), '409', 'copy onto an existing object without upsert is a Duplicate');
  });

  test('a user who may only read cannot move or copy (RLS), and nothing changes', async () => {
    const owner = await signedInUser('mover');
    const path = `${owner.id}/mio.txt`;
    assert.equal((await serviceClient().storage.from(bucket).upload(path, 'hola', { contentType: 'text/plain' })).error, null);
    const move = await owner.client.storage.from(bucket).move(path, `${owner.id}/otro.txt`);
    assert.equal(statusOf(move.error), '403');
    const copy = await owner.client.storage.from(bucket).copy(path, `${owner.id}/copia.txt`);
    assert.equal(statusOf(copy.error), '403');
    assert.equal(await (await owner.client.storage.from(bucket).download(path)).data!.text(), 'hola', 'the source is still there');
    const rows = await sql('select name from storage.objects where bucket_id = $1 and name like $2 order by name', [bucket, `${owner.id}/%`]);
    assert.deepEqual(
      rows.map((row) => row.name),
      [path],
    );
  });

  test('signed upload URLs: one upload per token unless upsert; refused to a user without INSERT', async () => {
    const storage = serviceClient().storage.from(bucket);
    const signed = await storage.createSignedUploadUrl('subidas/foto.png');
    assert.equal(signed.error, null);
    assert.ok(signed.data?.signedUrl.startsWith(`${API_URL}/storage/v1/object/upload/sign/${bucket}/subidas/foto.png?token=`));
    const first = await storage.uploadToSignedUrl('subidas/foto.png', signed.data!.token, Buffer.from('png'), { contentType: 'image/png' });
    assert.equal(first.error, null);
    assert.equal(first.data?.path, 'subidas/foto.png');
    const again = await storage.uploadToSignedUrl('subidas/foto.png', signed.data!.token, Buffer.from('png'));
    assert.equal(again.error?.message, 'The resource already exists');

    const upsert = await storage.createSignedUploadUrl('subidas/foto.png', { upsert: true });
    assert.equal((await storage.uploadToSignedUrl('subidas/foto.png', upsert.data!.token, Buffer.from('nueva'))).error, null);
    assert.equal(await (await storage.download('subidas/foto.png')).data!.text(), 'nueva');

    const wrongPath = await storage.uploadToSignedUrl('subidas/otra.png', upsert.data!.token, Buffer.from('x'));
    assert.equal(statusOf(wrongPath.error), '400', 'a token signs one path only');
    const asDownload = await fetch(`${API_URL}/storage/v1/object/sign/${bucket}/subidas/foto.png?token=${upsert.data!.token}`);
    assert.equal(asDownload.status, 400, 'an upload token does not download');
    assert.equal(((await asDownload.json()) as { message: string }).message, 'Token is not scoped for download');
    const download = await storage.createSignedUrl('subidas/foto.png', 60);
    const downloadToken = new URL(download.data!.signedUrl).searchParams.get('token')!;
    const withDownloadToken = await storage.uploadToSignedUrl('subidas/foto.png', downloadToken, Buffer.from('x'));
    assert.equal(withDownloadToken.error?.message, 'Token is not scoped for upload');
    const user = await signedInUser('signer');
    const refused = await user.client.storage.from(bucket).createSignedUploadUrl(`${user.id}/x.png`);
    assert.equal(statusOf(refused.error), '403');
  });

  test('list-v2: objects, folders with a delimiter, and cursor pages in each sort order', async () => {
    const storage = serviceClient().storage.from(bucket);
    for (const suffix of ['c', 'a', 'b']) {
      assert.equal((await storage.upload(`lista/item-${suffix}.txt`, suffix)).error, null);
    }
    const flat = await storage.listV2({ prefix: 'lista' });
    assert.equal(flat.error, null);
    assert.deepEqual(
      flat.data?.objects.map((object) => object.name),
      ['lista/item-a.txt', 'lista/item-b.txt', 'lista/item-c.txt'],
    );
    const folders = await storage.listV2({ prefix: 'lis', with_delimiter: true });
    assert.deepEqual(
      folders.data?.folders.map((folder) => [folder.key, folder.name]),
      [['lista', 'lista/']],
    );
    assert.deepEqual(folders.data?.objects, []);
    for (const [sortBy, expected] of [
      [undefined, ['a', 'b', 'c']],
      [{ column: 'name', order: 'desc' }, ['c', 'b', 'a']],
      [{ column: 'created_at', order: 'asc' }, ['c', 'a', 'b']],
    ] as const) {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await storage.listV2({ prefix: 'lista/', with_delimiter: true, limit: 2, ...(cursor ? { cursor } : {}), ...(sortBy ? { sortBy } : {}) });
        assert.equal(page.error, null);
        seen.push(...page.data!.objects.map((object) => object.name.slice('lista/item-'.length, -4)));
        cursor = page.data!.hasNext ? page.data!.nextCursor : undefined;
      } while (cursor);
      assert.deepEqual(seen, expected);
    }
  });

  test('info: storage-api shape, custom metadata as `metadata`', async () => {
    const storage = serviceClient().storage.from(bucket);
    assert.equal((await storage.upload('info/dato.txt', 'hola', { contentType: 'text/plain', metadata: { autor: 'ana' } })).error, null);
    const info = await storage.info('info/dato.txt');
    assert.equal(info.error, null);
    assert.equal(info.data?.name, 'info/dato.txt');
    assert.equal(info.data?.bucketId, bucket);
    assert.equal(info.data?.size, 4);
    assert.equal(info.data?.contentType, 'text/plain');
    assert.equal(typeof info.data?.etag, 'string');
    assert.equal(typeof info.data?.lastModified, 'string');
    assert.deepEqual(info.data?.metadata, { autor: 'ana' });
    assert.equal(statusOf((await storage.info('info/no-existe.txt')).error), '404');
  });

  test('buckets: size units, partial update keeps the rest, get shape, emptyBucket answer', async () => {
    const admin = serviceClient().storage;
    const id = `local-stack-features-${Date.now()}`;
    assert.equal((await admin.createBucket(id, { public: true, fileSizeLimit: '1mb', allowedMimeTypes: ['image/png'] })).error, null);
    assert.equal((await admin.updateBucket(id, { public: false })).error, null);
    const got = await admin.getBucket(id);
    assert.deepEqual(Object.keys(got.data ?? {}).sort(), [
      'allowed_mime_types',
      'created_at',
      'file_size_limit',
      'id',
      'name',
      'owner',
      'public',
      'updated_at',
    ]);
    assert.equal(got.data?.public, false);
    assert.equal(got.data?.file_size_limit, 1_000_000);
    assert.deepEqual(got.data?.allowed_mime_types, ['image/png']);
    const badUnits = await admin.createBucket(`${id}-x`, { public: false, fileSizeLimit: '1 parsec' });
    assert.equal(statusOf(badUnits.error), '400');
    assert.equal((await admin.from(id).upload('a.png', Buffer.from('png'), { contentType: 'image/png' })).error, null);
    const emptied = await admin.emptyBucket(id);
    assert.deepEqual(emptied.data, { message: 'Empty bucket has been queued. Completion may take up to an hour.' });
    assert.equal((await admin.deleteBucket(id)).error, null);
  });
});
