// Storage: the storage-api endpoints of contract §2.2 over files in .local-stack/storage.
// Every object operation runs SQL on storage.objects AS THE CALLER (role and JWT claims set
// locally, contract §2.3), so the project's RLS policies decide; the bytes are written only
// after the permission probe passed. Files live at <bucket>/<object name>/<version>.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import pg from 'pg';
import type { StackConfig } from './config.ts';
import { bearerToken, signJwt, verifyJwt, type Claims } from './jwt.ts';
import { PayloadTooLarge, readBody, sendJson, str, type Handler } from './http.ts';
import { storageDir } from './paths.ts';

/** storage-api's error shape: HTTP 400 with the semantic status as a string (contract §2.1). */
class StorageError extends Error {
  constructor(
    readonly statusCode: string,
    readonly error: string,
    message: string,
    readonly httpStatus = 400,
  ) {
    super(message);
  }
}

const notFound = () => new StorageError('404', 'not_found', 'Object not found');
const bucketNotFound = () => new StorageError('404', 'Bucket not found', 'Bucket not found');

interface Bucket {
  id: string;
  name: string;
  public: boolean;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
  owner: string | null;
  created_at: Date;
  updated_at: Date;
}

interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

interface Upload {
  bytes: Buffer;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function checkKey(name: string): void {
  const segments = name.split('/');
  if (!name || segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw new StorageError('400', 'InvalidKey', `Invalid key: ${name}`);
  }
}

function objectFile(bucket: string, name: string, version: string): string {
  return join(storageDir, bucket, ...name.split('/'), version);
}

export function createStorage(pool: pg.Pool, config: StackConfig): Handler {
  async function callerClaims(req: IncomingMessage): Promise<{ claims: Claims; token: string }> {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw new StorageError('403', 'Unauthorized', "headers must have required property 'authorization'");
    try {
      return { claims: await verifyJwt(token), token };
    } catch (error) {
      throw new StorageError('403', 'Unauthorized', (error as Error).message);
    }
  }

  /** Runs work in a transaction as the caller's role with its claims, as storage-api does. */
  async function asCaller<T>(
    req: IncomingMessage,
    operation: string,
    work: (db: pg.PoolClient, claims: Claims) => Promise<T>,
    keep = true,
  ): Promise<T> {
    const { claims, token } = await callerClaims(req);
    const db = await pool.connect();
    try {
      await db.query('begin');
      await db.query(
        `select set_config('role', $1, true), set_config('request.jwt.claim.role', $1, true),
                set_config('request.jwt', $2, true), set_config('request.jwt.claim.sub', $3, true),
                set_config('request.jwt.claims', $4, true), set_config('request.headers', $5, true),
                set_config('request.method', $6, true), set_config('request.path', $7, true),
                set_config('storage.operation', $8, true), set_config('storage.allow_delete_query', 'true', true)`,
        [
          String(claims.role ?? 'anon'), token, claims.sub ?? '', JSON.stringify(claims),
          JSON.stringify(req.headers), req.method ?? 'GET', req.url ?? '', operation,
        ],
      );
      const result = await work(db, claims);
      await db.query(keep ? 'commit' : 'rollback');
      return result;
    } catch (error) {
      await db.query('rollback').catch(() => undefined);
      if ((error as { code?: string }).code === '42501') {
        throw new StorageError('403', 'Unauthorized', 'new row violates row-level security policy');
      }
      throw error;
    } finally {
      db.release();
    }
  }

  /** SQL with the storage admin's own rights (bucket lookups, the write after the probe). */
  async function elevated<T>(work: (db: pg.PoolClient) => Promise<T>): Promise<T> {
    const db = await pool.connect();
    try {
      await db.query('begin');
      const result = await work(db);
      await db.query('commit');
      return result;
    } catch (error) {
      await db.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      db.release();
    }
  }

  async function findBucket(id: string): Promise<Bucket> {
    const { rows } = await pool.query<Bucket>('select * from storage.buckets where id = $1', [id]);
    if (!rows[0]) throw bucketNotFound();
    return rows[0];
  }

  async function readUpload(req: IncomingMessage, bucket: Bucket): Promise<Upload> {
    const limit = Math.min(Number(bucket.file_size_limit ?? Infinity) || Infinity, config.fileSizeLimitBytes);
    let body: Buffer;
    try {
      body = await readBody(req, limit + 64 * 1024);
    } catch (error) {
      if (error instanceof PayloadTooLarge) throw new StorageError('413', 'Payload too large', 'The object exceeded the maximum allowed size');
      throw error;
    }
    const contentType = req.headers['content-type'] ?? '';
    let upload: Upload;
    if (contentType.startsWith('multipart/form-data')) {
      const form = await new Request('http://local/', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(body) }).formData();
      let file: File | undefined;
      for (const [, value] of form) if (!file && typeof value !== 'string') file = value;
      if (!file) throw new StorageError('400', 'InvalidRequest', 'No file part in the upload');
      const cacheControl = form.get('cacheControl');
      const metadata = form.get('metadata');
      upload = {
        bytes: Buffer.from(await file.arrayBuffer()),
        mimetype: str(form.get('contentType')) ?? (file.type || 'text/plain;charset=UTF-8'),
        cacheControl: typeof cacheControl === 'string' ? `max-age=${cacheControl}` : 'no-cache',
        userMetadata: typeof metadata === 'string' && metadata ? (JSON.parse(metadata) as Record<string, unknown>) : null,
      };
    } else {
      const metadataHeader = str(req.headers['x-metadata']);
      upload = {
        bytes: body,
        mimetype: contentType || 'text/plain;charset=UTF-8',
        cacheControl: str(req.headers['cache-control']) ?? 'no-cache',
        userMetadata: metadataHeader ? (JSON.parse(Buffer.from(metadataHeader, 'base64').toString('utf8')) as Record<string, unknown>) : null,
      };
    }
    if (upload.bytes.length > limit) throw new StorageError('413', 'Payload too large', 'The object exceeded the maximum allowed size');
    const allowed = bucket.allowed_mime_types;
    const base = upload.mimetype.split(';')[0]!.trim();
    if (allowed?.length && !allowed.some((type) => type === base || (type.endsWith('/*') && base.startsWith(type.slice(0, -1))))) {
      throw new StorageError('415', 'invalid_mime_type', `mime type ${upload.mimetype} is not supported`);
    }
    return upload;
  }

  async function upload(req: IncomingMessage, res: ServerResponse, bucketId: string, name: string): Promise<void> {
    checkKey(name);
    const bucket = await findBucket(bucketId);
    const data = await readUpload(req, bucket);
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
      const previous = await db.query<{ version: string | null }>(
        'select version from storage.objects where bucket_id = $1 and name = $2 for update',
        [bucketId, name],
      );
      const { rows } = await db.query<{ id: string }>(
        `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
         values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
           version = excluded.version, metadata = excluded.metadata, user_metadata = excluded.user_metadata,
           updated_at = now(), last_accessed_at = now()
         returning id`,
        [bucketId, name, owner.owner, owner.ownerId, version, metadata, data.userMetadata],
      );
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
    const body = JSON.parse((await readBody(req, 1024 * 1024)).toString('utf8') || '{}') as { expiresIn?: number; paths?: string[] };
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
    const body = JSON.parse((await readBody(req, 1024 * 1024)).toString('utf8') || '{}') as { prefixes?: string[] };
    await findBucket(bucketId);
    const rows = await asCaller(req, 'storage.object.delete_many', async (db) =>
      (await db.query<ObjectRow>('delete from storage.objects where bucket_id = $1 and name = any($2) returning *', [bucketId, body.prefixes ?? []])).rows,
    );
    for (const row of rows) if (row.version) await rm(objectFile(bucketId, row.name, row.version), { force: true });
    sendJson(res, 200, rows);
  }

  async function list(req: IncomingMessage, res: ServerResponse, bucketId: string): Promise<void> {
    const body = JSON.parse((await readBody(req, 1024 * 1024)).toString('utf8') || '{}') as {
      prefix?: string; limit?: number; offset?: number; search?: string; sortBy?: { column?: string; order?: string };
    };
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

  async function buckets(req: IncomingMessage, res: ServerResponse, segments: string[]): Promise<void> {
    const method = req.method ?? 'GET';
    const [id, action] = segments;
    const bucketJson = (bucket: Bucket) => ({ ...bucket, file_size_limit: bucket.file_size_limit === null ? null : Number(bucket.file_size_limit) });
    const body = method === 'GET' ? {} : (JSON.parse((await readBody(req, 1024 * 1024)).toString('utf8') || '{}') as Record<string, unknown>);
    if (method === 'GET' && !id) {
      const rows = await asCaller(req, 'storage.bucket.list', async (db) => (await db.query<Bucket>('select * from storage.buckets order by name')).rows);
      return sendJson(res, 200, rows.map(bucketJson));
    }
    if (method === 'POST' && !id) {
      const name = str(body.name) ?? str(body.id) ?? '';
      await asCaller(req, 'storage.bucket.create', async (db, claims) => {
        try {
          await db.query(
            `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types, owner_id) values ($1, $2, $3, $4, $5, $6)`,
            [str(body.id) ?? name, name, body.public === true, body.file_size_limit ?? null, body.allowed_mime_types ?? null, claims.sub ?? null],
          );
        } catch (error) {
          if ((error as { code?: string }).code === '23505') throw new StorageError('409', 'Duplicate', 'The resource already exists');
          throw error;
        }
      });
      return sendJson(res, 200, { name });
    }
    if (!id) throw new StorageError('404', 'not_found', 'Route not found');
    const run = <T>(operation: string, sql: string, params: unknown[]) =>
      asCaller(req, operation, async (db) => (await db.query<Bucket & T>(sql, params)).rows);
    if (method === 'GET') {
      const rows = await run('storage.bucket.get', 'select * from storage.buckets where id = $1', [id]);
      if (!rows[0]) throw bucketNotFound();
      return sendJson(res, 200, bucketJson(rows[0]));
    }
    if (method === 'PUT') {
      const rows = await run('storage.bucket.update',
        `update storage.buckets set public = coalesce($2, public), file_size_limit = $3, allowed_mime_types = $4, updated_at = now() where id = $1 returning *`,
        [id, typeof body.public === 'boolean' ? body.public : null, body.file_size_limit ?? null, body.allowed_mime_types ?? null]);
      if (!rows[0]) throw bucketNotFound();
      return sendJson(res, 200, { message: 'Successfully updated' });
    }
    if (method === 'POST' && action === 'empty') {
      const removed = await run<ObjectRow>('storage.bucket.empty', 'delete from storage.objects where bucket_id = $1 returning *', [id]);
      for (const row of removed) if (row.version) await rm(objectFile(id, row.name, row.version), { force: true });
      return sendJson(res, 200, { message: 'Successfully emptied' });
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

  return async (req, res, path, url) => {
    const method = req.method ?? 'GET';
    try {
      const segments = path.split('/').filter(Boolean).map((segment) => decodeURIComponent(segment));
      const [route, ...rest] = segments;
      if (route === 'status' || route === 'health') return sendJson(res, 200, { status: 'ok' });
      if (route === 'bucket') return await buckets(req, res, rest);
      if (route !== 'object') throw new StorageError('404', 'not_found', 'Route not found');
      const [first = '', ...others] = rest;
      const special = ['sign', 'public', 'authenticated', 'list', 'info'].includes(first);
      const bucketId = special ? (others[0] ?? '') : first;
      const name = (special ? others.slice(1) : others).join('/');
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
        return sendJson(res, error.httpStatus, { statusCode: error.statusCode, error: error.error, message: error.message });
      }
      console.error('storage:', error);
      return sendJson(res, 500, { statusCode: '500', error: 'internal', message: (error as Error).message });
    }
  };
}
