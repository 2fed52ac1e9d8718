// Storage: the storage-api endpoints of contract §2.2 over files in .local-stack/storage.
// Every object operation runs SQL on storage.objects AS THE CALLER (role and JWT claims set
// locally, contract §2.3), so the project's RLS policies decide; the bytes are written only
// after the permission probe passed. Files live at <bucket>/<object name>/<version>.
// Shared pieces: db.ts; upload bodies: upload.ts; buckets: buckets.ts.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import pg from 'pg';
import type { StackConfig } from '../config.ts';
import { signJwt, verifyJwt, type Claims } from '../jwt.ts';
import { sendJson, str, type Handler } from '../http.ts';
import { buckets } from './buckets.ts';
import { checkKey, createStorageDb, invalidKey, notFound, objectFile, StorageError, uuidPattern, type ObjectRow } from './db.ts';
import { checkBody, hasControlCharacter, readStorageJson } from './input.ts';
import { readUpload } from './upload.ts';

export function createStorage(pool: pg.Pool, config: StackConfig): Handler {
  const db = createStorageDb(pool);
  const { asCaller, elevated, findBucket } = db;

  async function upload(req: IncomingMessage, res: ServerResponse, bucketId: string, name: string): Promise<void> {
    checkKey(name);
    const bucket = await findBucket(bucketId);
    const data = await readUpload(req, bucket, config);
    const isUpdate = req.method === 'PUT';
    const upsert = isUpdate || str(req.headers['x-upsert']) === 'true';
    const version = randomUUID();
    const metadata = {
      eTag: `"${createHash('md5').update(data.bytes).digest('hex')}"`,
      size: data.bytes.length,
      mimetype: data.mimetype,
      cacheControl: data.cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: data.bytes.length,
      httpStatusCode: 200,
    };
    // Permission probe as the caller, rolled back (needs INSERT, or INSERT+UPDATE to upsert).
    const owner = await asCaller(req, isUpdate ? 'storage.object.update' : 'storage.object.upload', async (db, claims) => {
      const sub = typeof claims.sub === 'string' ? claims.sub : null;
      const values = [bucketId, name, sub && uuidPattern.test(sub) ? sub : null, sub, version, metadata, data.userMetadata];
      if (isUpdate) {
        const { rowCount } = await db.query(
          `update storage.objects set owner = $3, owner_id = $4, version = $5, metadata = $6, user_metadata = $7
            where bucket_id = $1 and name = $2`,
          values,
        );
        if (!rowCount) throw notFound();
      } else {
        const conflict = upsert
          ? 'on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version, metadata = excluded.metadata, user_metadata = excluded.user_metadata'
          : '';
        try {
          await db.query(
            `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
             values ($1, $2, $3, $4, $5, $6, $7) ${conflict}`,
            values,
          );
        } catch (error) {
          if ((error as { code?: string }).code === '23505') throw new StorageError('409', 'Duplicate', 'The resource already exists');
          throw error;
        }
      }
      return { owner: values[2], ownerId: sub };
    }, false);
    const file = objectFile(bucketId, name, version);
    await mkdir(join(file, '..'), { recursive: true });
    await writeFile(file, data.bytes);
    const row = await elevated(async (db) => {
      // Writers of one object take turns, so each sees the version it replaces (no orphan file).
      await db.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`storage:${bucketId}/${name}`]);
      const previous = await db.query<{ version: string | null }>(
        'select version from storage.objects where bucket_id = $1 and name = $2 for update',
        [bucketId, name],
      );
      // Without x-upsert, a row stored meanwhile by a concurrent upload wins: this one is a
      // 409 Duplicate (its file is removed below), as storage-api answers under races.
      if (previous.rows[0] && !upsert) throw new StorageError('409', 'Duplicate', 'The resource already exists', 400, 'ResourceAlreadyExists');
      const conflict = upsert
        ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
           version = excluded.version, metadata = excluded.metadata, user_metadata = excluded.user_metadata,
           updated_at = now(), last_accessed_at = now()`
        : '';
      const { rows } = await db.query<{ id: string }>(
        `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
         values ($1, $2, $3, $4, $5, $6, $7) ${conflict}
         returning id`,
        [bucketId, name, owner.owner, owner.ownerId, version, metadata, data.userMetadata],
      ).catch((error: unknown) => {
        if ((error as { code?: string }).code === '23505') throw new StorageError('409', 'Duplicate', 'The resource already exists', 400, 'ResourceAlreadyExists');
        throw error;
      });
      return { id: rows[0]!.id, previousVersion: previous.rows[0]?.version };
    }).catch(async (error: unknown) => {
      await rm(file, { force: true });
      throw error;
    });
    if (row.previousVersion) await rm(objectFile(bucketId, name, row.previousVersion), { force: true });
    sendJson(res, 200, { Id: row.id, Key: `${bucketId}/${name}` });
  }

  async function sendObject(req: IncomingMessage, res: ServerResponse, row: ObjectRow, url: URL): Promise<void> {
    let bytes: Buffer;
    try {
      bytes = await readFile(objectFile(row.bucket_id, row.name, row.version ?? ''));
    } catch {
      throw notFound();
    }
    const metadata = row.metadata ?? {};
    const headers: Record<string, string> = {
      'content-type': String(metadata.mimetype ?? 'application/octet-stream'),
      'cache-control': String(metadata.cacheControl ?? 'no-cache'),
      etag: String(metadata.eTag ?? ''),
      'last-modified': row.updated_at.toUTCString(),
      'content-length': String(bytes.length),
    };
    const download = url.searchParams.get('download');
    if (download !== null) {
      const filename = download || row.name.split('/').pop() || 'download';
      headers['content-disposition'] = `attachment; filename=${encodeURIComponent(filename)};`;
    }
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : bytes);
  }

  async function selectAsCaller(req: IncomingMessage, bucketId: string, name: string, operation: string): Promise<ObjectRow> {
    await findBucket(bucketId);
    const row = await asCaller(req, operation, async (db) => {
      const { rows } = await db.query<ObjectRow>('select * from storage.objects where bucket_id = $1 and name = $2', [bucketId, name]);
      return rows[0];
    });
    if (!row) throw notFound();
    return row;
  }

  async function signedUrl(bucketId: string, name: string, expiresIn: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const token = await signJwt({ url: `${bucketId}/${name}`, iat: now, exp: now + expiresIn });
    return `/object/sign/${bucketId}/${name}?token=${token}`;
  }

  async function sign(req: IncomingMessage, res: ServerResponse, bucketId: string, name: string | undefined): Promise<void> {
    const raw = await readStorageJson(req);
    checkBody(raw, { expiresIn: 'integer', paths: 'string[]' }, name === undefined ? ['expiresIn', 'paths'] : ['expiresIn']);
    const body = raw as { expiresIn?: number; paths?: string[] };
    if (body.paths?.some(hasControlCharacter)) throw invalidKey(body.paths.find(hasControlCharacter)!);
    const expiresIn = Number(body.expiresIn);
    if (!(expiresIn > 0)) throw new StorageError('400', 'InvalidRequest', 'body/expiresIn must be >= 1');
    if (name !== undefined) {
      await selectAsCaller(req, bucketId, name, 'storage.object.sign');
      return sendJson(res, 200, { signedURL: await signedUrl(bucketId, name, expiresIn) });
    }
    const paths = Array.isArray(body.paths) ? body.paths : [];
    await findBucket(bucketId);
    const visible = await asCaller(req, 'storage.object.sign', async (db) => {
      const { rows } = await db.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2)', [bucketId, paths]);
      return new Set(rows.map((row) => row.name));
    });
    const results = [];
    for (const path of paths) {
      results.push(visible.has(path)
        ? { path, signedURL: await signedUrl(bucketId, path, expiresIn), error: null }
        : { path, signedURL: null, error: 'Either the object does not exist or you do not have access to it' });
    }
    sendJson(res, 200, results);
  }

  async function signedDownload(req: IncomingMessage, res: ServerResponse, bucketId: string, name: string, url: URL): Promise<void> {
    let claims: Claims;
    try {
      claims = await verifyJwt(url.searchParams.get('token') ?? '');
    } catch (error) {
      const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED';
      throw new StorageError('400', expired ? 'InvalidJWT' : 'InvalidSignature', expired ? 'The provided token has expired.' : 'The signature is invalid');
    }
    if (claims.url !== `${bucketId}/${name}`) throw new StorageError('400', 'InvalidSignature', 'The url do not match the signature');
    const { rows } = await pool.query<ObjectRow>('select * from storage.objects where bucket_id = $1 and name = $2', [bucketId, name]);
    if (!rows[0]) throw notFound();
    await sendObject(req, res, rows[0], url);
  }

  async function publicDownload(req: IncomingMessage, res: ServerResponse, bucketId: string, name: string, url: URL): Promise<void> {
    const bucket = await findBucket(bucketId);
    const { rows } = await pool.query<ObjectRow>('select * from storage.objects where bucket_id = $1 and name = $2', [bucketId, name]);
    if (!bucket.public || !rows[0]) throw notFound();
    await sendObject(req, res, rows[0], url);
  }

  async function remove(req: IncomingMessage, res: ServerResponse, bucketId: string): Promise<void> {
    const raw = await readStorageJson(req);
    checkBody(raw, { prefixes: 'string[]' }, ['prefixes']);
    const body = raw as { prefixes: string[] };
    if (body.prefixes.some(hasControlCharacter)) throw invalidKey(body.prefixes.find(hasControlCharacter)!);
    await findBucket(bucketId);
    const rows = await asCaller(req, 'storage.object.delete_many', async (db) =>
      (await db.query<ObjectRow>('delete from storage.objects where bucket_id = $1 and name = any($2) returning *', [bucketId, body.prefixes])).rows,
    );
    for (const row of rows) if (row.version) await rm(objectFile(bucketId, row.name, row.version), { force: true });
    sendJson(res, 200, rows);
  }

  async function list(req: IncomingMessage, res: ServerResponse, bucketId: string): Promise<void> {
    const raw = await readStorageJson(req);
    checkBody(raw, { prefix: 'string', limit: 'integer', offset: 'integer', search: 'string', sortBy: 'object' });
    const body = raw as { prefix?: string; limit?: number; offset?: number; search?: string; sortBy?: { column?: string; order?: string } };
    if (hasControlCharacter(body.prefix ?? '') || hasControlCharacter(body.search ?? '')) throw invalidKey(body.prefix ?? body.search ?? '');
    await findBucket(bucketId);
    const prefix = (body.prefix ?? '').replace(/^\/+|\/+$/g, '');
    const start = prefix ? `${prefix}/` : '';
    const rows = await asCaller(req, 'storage.object.list', async (db) =>
      (await db.query<ObjectRow>(`select * from storage.objects where bucket_id = $1 and left(name, length($2)) = $2`, [bucketId, start])).rows,
    );
    const entries = new Map<string, Record<string, unknown>>();
    for (const row of rows) {
      const rest = row.name.slice(start.length);
      const [first = '', ...more] = rest.split('/');
      if (body.search && !first.toLowerCase().startsWith(body.search.toLowerCase())) continue;
      if (more.length > 0) {
        entries.set(first, { name: first, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
      } else {
        entries.set(first, {
          name: first, id: row.id, updated_at: row.updated_at, created_at: row.created_at,
          last_accessed_at: row.last_accessed_at, metadata: row.metadata, user_metadata: row.user_metadata,
        });
      }
    }
    const column = body.sortBy?.column ?? 'name';
    const direction = body.sortBy?.order === 'desc' ? -1 : 1;
    const sorted = [...entries.values()].sort((a, b) => (String(a[column] ?? '') < String(b[column] ?? '') ? -direction : direction));
    const offset = body.offset ?? 0;
    sendJson(res, 200, sorted.slice(offset, offset + (body.limit ?? 100)));
  }

  return async (req, res, path, url) => {
    const method = req.method ?? 'GET';
    try {
      let segments: string[];
      try {
        segments = path.split('/').filter(Boolean).map((segment) => decodeURIComponent(segment));
      } catch {
        throw invalidKey(path);
      }
      const [route, ...rest] = segments;
      if (route === 'status' || route === 'health') return sendJson(res, 200, { status: 'ok' });
      if (route === 'bucket') return await buckets(req, res, rest, pool, db);
      if (route !== 'object') throw new StorageError('404', 'not_found', 'Route not found');
      const [first = '', ...others] = rest;
      const special = ['sign', 'public', 'authenticated', 'list', 'info'].includes(first);
      const bucketId = special ? (others[0] ?? '') : first;
      const name = (special ? others.slice(1) : others).join('/');
      if (hasControlCharacter(bucketId)) throw new StorageError('400', 'Invalid Input', 'Bucket name invalid', 400, 'InvalidBucketName');
      if (hasControlCharacter(name)) throw invalidKey(name);
      if (first === 'sign' && method === 'POST') return await sign(req, res, bucketId, name || undefined);
      if (first === 'sign' && method === 'GET') return await signedDownload(req, res, bucketId, name, url);
      if (first === 'public' && (method === 'GET' || method === 'HEAD')) return await publicDownload(req, res, bucketId, name, url);
      if (first === 'list' && method === 'POST') return await list(req, res, bucketId);
      if (first === 'info' && method === 'GET') {
        const row = await selectAsCaller(req, bucketId, name, 'storage.object.info');
        return sendJson(res, 200, { ...row, size: row.metadata?.size, content_type: row.metadata?.mimetype });
      }
      if ((first === 'authenticated' || !special) && (method === 'GET' || method === 'HEAD')) {
        return await sendObject(req, res, await selectAsCaller(req, bucketId, name, 'storage.object.get_authenticated'), url);
      }
      if (!special && (method === 'POST' || method === 'PUT')) return await upload(req, res, bucketId, name);
      if (!special && method === 'DELETE' && !name) return await remove(req, res, bucketId);
      throw new StorageError('404', 'not_found', 'Route not found');
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
