// Storage: the storage-api endpoints of local-stack/CONTRACT.md §2.2 over files in .local-stack/storage.
// Every object operation runs SQL on storage.objects AS THE CALLER (role and JWT claims set
// locally, local-stack/CONTRACT.md §2.3), so the project's RLS policies decide; the bytes are written only
// after the permission probe passed. Files live at <bucket>/<object name>/<version>.
// This file routes; the work is in write.ts (uploads), read.ts (downloads, info), sign.ts
// (signed download/upload URLs), move-copy.ts, list.ts (list, list-v2, remove), buckets.ts;
// shared pieces in db.ts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import type { StackConfig } from '../shared/config.ts';
import { sendJson, str, type Handler } from '../shared/http.ts';
import { buckets } from './buckets.ts';
import { checkKey, createStorageDb, invalidKey, StorageError, type StorageContext } from './db.ts';
import { hasControlCharacter } from './input.ts';
import { list, listV2, remove } from './list.ts';
import { moveOrCopy } from './move-copy.ts';
import { info, publicDownload, selectAsCaller, sendObject, signedDownload } from './read.ts';
import { sign, signUpload, uploadSigned } from './sign.ts';
import { readUpload } from './upload.ts';
import { probeWrite, storeObject, systemMetadata } from './write.ts';

async function upload(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string, name: string): Promise<void> {
  checkKey(name);
  const bucket = await ctx.db.findBucket(bucketId);
  const data = await readUpload(req, bucket, ctx.config);
  const isUpdate = req.method === 'PUT';
  const upsert = isUpdate || str(req.headers['x-upsert']) === 'true';
  const metadata = systemMetadata(data.bytes, data.mimetype, data.cacheControl);
  const owner = await probeWrite(ctx, req, bucketId, name, { isUpdate, upsert, metadata, userMetadata: data.userMetadata });
  const id = await storeObject(ctx, bucketId, name, data, owner, upsert);
  sendJson(res, 200, { Id: id, Key: `${bucketId}/${name}` });
}

/** `/object/<first>/…` routes whose first segment is not a bucket name. */
const prefixes = ['sign', 'public', 'authenticated', 'list', 'list-v2', 'info', 'upload'];

export function createStorage(pool: pg.Pool, config: StackConfig): Handler {
  const ctx: StorageContext = { pool, db: createStorageDb(pool), config };

  async function route(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    let segments: string[];
    try {
      segments = path
        .split('/')
        .filter(Boolean)
        .map((segment) => decodeURIComponent(segment));
    } catch {
      throw invalidKey(path);
    }
    const [area, ...rest] = segments;
    if (area === 'status' || area === 'health') return sendJson(res, 200, { status: 'ok' });
    if (area === 'bucket') return buckets(req, res, rest, pool, ctx.db);
    if (area !== 'object') throw new StorageError('404', 'not_found', 'Route not found');
    const [first = '', ...others] = rest;
    if ((first === 'move' || first === 'copy') && others.length === 0 && method === 'POST') return moveOrCopy(ctx, req, res, first === 'copy');
    // `/object/upload/sign/<bucket>/<name>` and `/object/info/public|authenticated/<bucket>/<name>`
    const skip = first === 'upload' && others[0] === 'sign' ? 2 : first === 'info' && ['public', 'authenticated'].includes(others[0] ?? '') ? 2 : 1;
    const special = prefixes.includes(first) && !(first === 'upload' && skip === 1);
    const tail = special ? rest.slice(skip) : rest;
    const [bucketId = '', ...nameParts] = tail;
    const name = nameParts.join('/');
    if (hasControlCharacter(bucketId)) throw new StorageError('400', 'Invalid Input', 'Bucket name invalid', 400, 'InvalidBucketName');
    if (hasControlCharacter(name)) throw invalidKey(name);
    if (first === 'upload' && skip === 2 && method === 'POST') return signUpload(ctx, req, res, bucketId, name);
    if (first === 'upload' && skip === 2 && method === 'PUT') return uploadSigned(ctx, req, res, bucketId, name, url);
    if (first === 'sign' && method === 'POST') return sign(ctx, req, res, bucketId, name || undefined);
    if (first === 'sign' && method === 'GET') return signedDownload(ctx, req, res, bucketId, name, url);
    if (first === 'public' && (method === 'GET' || method === 'HEAD')) return publicDownload(ctx, req, res, bucketId, name, url);
    if (first === 'list' && method === 'POST') return list(ctx, req, res, bucketId);
    if (first === 'list-v2' && method === 'POST') return listV2(ctx, req, res, bucketId);
    if (first === 'info' && method === 'GET') return info(ctx, req, res, bucketId, name);
    if ((first === 'authenticated' || !special) && (method === 'GET' || method === 'HEAD')) {
      return sendObject(req, res, await selectAsCaller(ctx, req, bucketId, name, 'storage.object.get_authenticated'), url);
    }
    if (!special && (method === 'POST' || method === 'PUT')) return upload(ctx, req, res, bucketId, name);
    if (!special && method === 'DELETE' && !name) return remove(ctx, req, res, bucketId);
    throw new StorageError('404', 'not_found', 'Route not found');
  }

  return async (req, res, path, url) => {
    try {
      await route(req, res, path, url);
    } catch (error) {
      if (error instanceof StorageError) {
        const code = error.code ? { code: error.code } : {};
        return sendJson(res, error.httpStatus, { statusCode: error.statusCode, ...code, error: error.error, message: error.message });
      }
      console.error('storage:', error);
      return sendJson(res, 500, { statusCode: '500', error: 'internal', message: (error as Error).message });
    }
  };
}
