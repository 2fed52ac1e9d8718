// Storage's bucket endpoints (`/storage/v1/bucket…`), as the caller: storage.buckets has RLS
// and no policies, so in practice only the service role manages buckets, as on Supabase.
import { rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { sendJson, str } from '../shared/http.ts';
import { checkBody, hasControlCharacter, readStorageJson } from './input.ts';
import { bucketNotFound, objectFile, StorageError, type Bucket, type ObjectRow, type StorageDb } from './db.ts';

/** storage-api's parseFileSizeToBytes: a number of bytes, or a string such as `'1mb'`. */
function fileSizeLimit(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  const match = typeof value === 'string' ? /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value) : null;
  if (!match) throw new StorageError('400', 'InvalidRequest', 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B', 400, 'InvalidRequest');
  const units: Record<string, number> = { gb: 1e9, mb: 1e6, kb: 1e3, b: 1 };
  return Math.round(Number(parseFloat(match[1]!).toPrecision(3)) * units[match[2]!.toLowerCase()]!);
}

export async function buckets(req: IncomingMessage, res: ServerResponse, segments: string[], pool: pg.Pool, { asCaller }: StorageDb): Promise<void> {
  const method = req.method ?? 'GET';
  const [id, action] = segments;
  const bucketJson = (bucket: Bucket) => ({ ...bucket, file_size_limit: bucket.file_size_limit === null ? null : Number(bucket.file_size_limit) });
  const body = method === 'GET' || method === 'DELETE' ? {} : await readStorageJson(req);
  checkBody(body, { id: 'string', name: 'string', public: 'boolean', allowed_mime_types: 'string[]' });
  const invalidName = (value: string | undefined) => value !== undefined && (hasControlCharacter(value) || value.length > 100);
  if (invalidName(id) || invalidName(str(body.id)) || invalidName(str(body.name))) {
    throw new StorageError('400', 'Invalid Input', 'Bucket name invalid', 400, 'InvalidBucketName');
  }
  if (method === 'GET' && !id) {
    const rows = await asCaller(req, 'storage.bucket.list', async (db) => (await db.query<Bucket>('select * from storage.buckets order by name')).rows);
    return sendJson(res, 200, rows.map(bucketJson));
  }
  if (method === 'POST' && !id) {
    const name = str(body.name) ?? str(body.id) ?? '';
    await asCaller(req, 'storage.bucket.create', async (db, claims) => {
      try {
        await db.query(`insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types, owner_id) values ($1, $2, $3, $4, $5, $6)`, [
          str(body.id) ?? name,
          name,
          body.public === true,
          fileSizeLimit(body.file_size_limit),
          body.allowed_mime_types ?? null,
          claims.sub ?? null,
        ]);
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw new StorageError('409', 'Duplicate', 'The resource already exists');
        throw error;
      }
    });
    return sendJson(res, 200, { name });
  }
  if (!id) throw new StorageError('404', 'not_found', 'Route not found');
  const run = <T>(operation: string, sql: string, params: unknown[]) => asCaller(req, operation, async (db) => (await db.query<Bucket & T>(sql, params)).rows);
  if (method === 'GET') {
    const rows = await run(
      'storage.bucket.get',
      'select id, name, owner, public, created_at, updated_at, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
      [id],
    );
    if (!rows[0]) throw bucketNotFound();
    return sendJson(res, 200, bucketJson(rows[0]));
  }
  if (method === 'PUT') {
    // Only the fields sent change (storage-api's updateBucket); null clears a limit.
    const rows = await run(
      'storage.bucket.update',
      `update storage.buckets set public = coalesce($2, public),
         file_size_limit = case when $5 then $3 else file_size_limit end,
         allowed_mime_types = case when $6 then $4 else allowed_mime_types end, updated_at = now()
       where id = $1 returning *`,
      [
        id,
        typeof body.public === 'boolean' ? body.public : null,
        fileSizeLimit(body.file_size_limit),
        body.allowed_mime_types ?? null,
        'file_size_limit' in body,
        'allowed_mime_types' in body,
      ],
    );
    if (!rows[0]) throw bucketNotFound();
    return sendJson(res, 200, { message: 'Successfully updated' });
  }
  if (method === 'POST' && action === 'empty') {
    const removed = await run<ObjectRow>('storage.bucket.empty', 'delete from storage.objects where bucket_id = $1 returning *', [id]);
    for (const row of removed) if (row.version) await rm(objectFile(id, row.name, row.version), { force: true });
    return sendJson(res, 200, { message: 'Empty bucket has been queued. Completion may take up to an hour.' });
  }
  if (method === 'DELETE') {
    const { rows } = await pool.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
    if (rows.length) throw new StorageError('409', 'InvalidRequest', 'The bucket you tried to delete is not empty');
    const deleted = await run('storage.bucket.delete', 'delete from storage.buckets where id = $1 returning *', [id]);
    if (!deleted[0]) throw bucketNotFound();
    return sendJson(res, 200, { message: 'Successfully deleted' });
  }
  throw new StorageError('404', 'not_found', 'Route not found');
}
