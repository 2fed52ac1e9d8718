// Storage under races (docs/decisions/0022-local-stack-fidelity.md): concurrent uploads of one object without x-upsert
// end as storage-api's do — one 200, 409 Duplicate for the rest — and leave one file on disk.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { after, describe, test } from 'node:test';
import { storageDir } from '../shared/paths.ts';
import { serviceClient, sql } from './helpers.ts';

describe('storage races', () => {
  const bucket = `races-${randomUUID().slice(0, 8)}`;
  after(async () => {
    await sql('delete from storage.objects where bucket_id = $1', [bucket]);
    await sql('delete from storage.buckets where id = $1', [bucket]);
  });

  test('20 concurrent uploads of one object without x-upsert: one 200, 19 Duplicate, one file', async () => {
    assert.equal((await serviceClient().storage.createBucket(bucket)).error, null);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => serviceClient().storage.from(bucket).upload('same.txt', `version ${i}`, { upsert: false })),
    );
    const ok = results.filter((result) => result.error === null);
    const duplicates = results.filter((result) => (result.error as { statusCode?: string } | null)?.statusCode === '409');
    assert.equal(ok.length, 1);
    assert.equal(duplicates.length, 19);
    for (const result of duplicates) assert.equal(result.error?.message, 'The resource already exists');
    const rows = await sql<{ version: string }>('select version from storage.objects where bucket_id = $1', [bucket]);
    assert.equal(rows.length, 1);
    assert.deepEqual(readdirSync(join(storageDir, bucket, 'same.txt')), [rows[0]!.version], 'no orphan file');
    const { data } = await serviceClient().storage.from(bucket).download('same.txt');
    assert.match(await data!.text(), /^version \d+$/);
  });

  test('20 concurrent upserts: all 200, one row, one file (the last one written)', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => serviceClient().storage.from(bucket).upload('upserted.txt', `version ${i}`, { upsert: true })),
    );
    assert.ok(results.every((result) => result.error === null));
    const rows = await sql<{ version: string }>(`select version from storage.objects where bucket_id = $1 and name = 'upserted.txt'`, [bucket]);
    assert.equal(rows.length, 1);
    assert.deepEqual(readdirSync(join(storageDir, bucket, 'upserted.txt')), [rows[0]!.version], 'no orphan file');
  });
});
