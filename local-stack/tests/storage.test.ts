// Storage (local-stack/CONTRACT.md §2): RLS on storage.objects decides, as the caller's role and claims.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { API_URL } from '../keys.ts';
import { serviceClient, signedInUser, sql } from './helpers.ts';

const bucket = 'local-stack-test';

describe('storage', () => {
  before(async () => {
    await sql(`delete from storage.objects where bucket_id = $1`, [bucket]);
    await sql(`delete from storage.buckets where id = $1`, [bucket]);
    await sql(`drop policy if exists local_stack_test_read_own_folder on storage.objects`);
    await sql(`insert into storage.buckets (id, name, public) values ($1, $1, false)`, [bucket]);
    // Users may read files in their own folder; only the service role (BYPASSRLS) writes.
    await sql(`create policy local_stack_test_read_own_folder on storage.objects for select to authenticated
               using (bucket_id = '${bucket}' and (storage.foldername(name))[1] = (select auth.uid())::text)`);
  });
  after(async () => {
    await serviceClient().storage.emptyBucket(bucket);
    await sql(`drop policy if exists local_stack_test_read_own_folder on storage.objects`);
    await sql(`delete from storage.buckets where id = $1`, [bucket]);
  });

  test('upload refused to a user, allowed to the service role; signed URL granted and refused by RLS', async () => {
    const owner = await signedInUser('owner');
    const stranger = await signedInUser('stranger');
    const bytes = randomBytes(4096);
    const path = `${owner.id}/foto de prueba.png`;

    const refused = await owner.client.storage.from(bucket).upload(path, bytes, { contentType: 'image/png' });
    assert.ok(refused.error, 'no INSERT policy: the user may not upload');
    assert.equal((refused.error as unknown as { statusCode: string }).statusCode, '403');
    assert.match(refused.error.message, /row-level security/);

    const uploaded = await serviceClient().storage.from(bucket).upload(path, bytes, { contentType: 'image/png' });
    assert.equal(uploaded.error, null);
    assert.equal(uploaded.data?.path, path);
    assert.equal(uploaded.data?.fullPath, `${bucket}/${path}`);

    const duplicate = await serviceClient().storage.from(bucket).upload(path, bytes, { contentType: 'image/png' });
    assert.equal((duplicate.error as unknown as { statusCode: string }).statusCode, '409');

    const signed = await owner.client.storage.from(bucket).createSignedUrl(path, 60);
    assert.equal(signed.error, null);
    assert.ok(signed.data?.signedUrl.startsWith(`${API_URL}/storage/v1/object/sign/${bucket}/`));
    const viaSignedUrl = await fetch(signed.data!.signedUrl);
    assert.equal(viaSignedUrl.status, 200);
    assert.equal(viaSignedUrl.headers.get('content-type'), 'image/png');
    assert.ok(Buffer.from(await viaSignedUrl.arrayBuffer()).equals(bytes), 'signed download bytes identical');

    const downloaded = await owner.client.storage.from(bucket).download(path);
    assert.equal(downloaded.error, null);
    assert.ok(Buffer.from(await downloaded.data!.arrayBuffer()).equals(bytes), 'authenticated download bytes identical');

    const strangerSigned = await stranger.client.storage.from(bucket).createSignedUrl(path, 60);
    assert.equal(strangerSigned.data, null);
    assert.equal((strangerSigned.error as unknown as { statusCode: string }).statusCode, '404', 'RLS hides the object');
    const strangerDownload = await stranger.client.storage.from(bucket).download(path);
    assert.ok(strangerDownload.error);

    const tampered = await fetch(signed.data!.signedUrl.replace('foto%20de%20prueba', 'otra'));
    assert.equal(tampered.status, 400);
  });

  test('multipart (Blob) uploads keep the mimetype; upsert replaces; remove deletes', async () => {
    const owner = await signedInUser('blob');
    const path = `${owner.id}/nota.txt`;
    const storage = serviceClient().storage.from(bucket);
    const first = await storage.upload(path, new Blob(['hola'], { type: 'text/plain' }));
    assert.equal(first.error, null);
    const second = await storage.upload(path, new Blob(['adiós'], { type: 'text/plain' }), { upsert: true });
    assert.equal(second.error, null);
    const text = await (await owner.client.storage.from(bucket).download(path)).data!.text();
    assert.equal(text, 'adiós');
    const listed = await storage.list(owner.id);
    assert.deepEqual(
      listed.data?.map((entry) => entry.name),
      ['nota.txt'],
    );
    const removed = await storage.remove([path]);
    assert.equal(removed.data?.length, 1);
    const gone = await owner.client.storage.from(bucket).download(path);
    assert.ok(gone.error);
  });

  test('buckets: the service role manages them; a user may not (RLS, no policies)', async () => {
    const id = `local-stack-test-bucket-${Date.now()}`;
    const user = await signedInUser('bucket');
    const refused = await user.client.storage.createBucket(id);
    assert.equal((refused.error as unknown as { statusCode: string }).statusCode, '403');
    const admin = serviceClient().storage;
    assert.equal((await admin.createBucket(id, { public: true, fileSizeLimit: 1024 })).error, null);
    const got = await admin.getBucket(id);
    assert.equal(got.data?.public, true);
    assert.equal(got.data?.file_size_limit, 1024);
    const tooBig = await admin.from(id).upload('grande.bin', Buffer.alloc(2048));
    assert.equal((tooBig.error as unknown as { statusCode: string }).statusCode, '413');
    assert.equal((await admin.from(id).upload('publica.txt', 'hola', { contentType: 'text/plain' })).error, null);
    const publicUrl = admin.from(id).getPublicUrl('publica.txt').data.publicUrl;
    assert.equal(await (await fetch(publicUrl)).text(), 'hola');
    assert.ok((await admin.listBuckets()).data?.some((bucket) => bucket.id === id));
    assert.equal((await admin.emptyBucket(id)).error, null);
    assert.equal((await admin.deleteBucket(id)).error, null);
    assert.equal((await admin.getBucket(id)).data, null);
  });
});
