// Reading objects: downloads (authenticated, public, signed) and info, as storage-api answers.
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { verifyJwt, type Claims } from '../shared/jwt.ts';
import { sendJson } from '../shared/http.ts';
import { notFound, objectFile, StorageError, type ObjectRow, type StorageContext } from './db.ts';

/**
 * How long a signed download may be kept: storage-api answers it with `Expires` set to the
 * token's expiry instead of the object's Cache-Control (supabase/storage, renderer.ts and
 * getSignedObject.ts), so no cache keeps it past the URL's life. The stand-in sends the same
 * Expires and says it as `private, max-age=<seconds the token has left>` too: a signed URL is
 * one person's, and a shared cache must not keep it at all.
 */
function signedCacheHeaders(expiresAt: number): Record<string, string> {
  const left = Math.max(0, Math.floor(expiresAt - Date.now() / 1000));
  return { expires: new Date(expiresAt * 1000).toUTCString(), 'cache-control': `private, max-age=${left}` };
}

export async function sendObject(req: IncomingMessage, res: ServerResponse, row: ObjectRow, url: URL, signedUntil?: number): Promise<void> {
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
    // Never let a browser guess a type other than the stored one (docs/decisions/0011-private-cotilleo-images.md: polyglot images).
    'x-content-type-options': 'nosniff',
  };
  if (signedUntil !== undefined) Object.assign(headers, signedCacheHeaders(signedUntil));
  const download = url.searchParams.get('download');
  if (download !== null) {
    const filename = download || row.name.split('/').pop() || 'download';
    headers['content-disposition'] = `attachment; filename=${encodeURIComponent(filename)};`;
  }
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

export async function selectAsCaller(ctx: StorageContext, req: IncomingMessage, bucketId: string, name: string, operation: string): Promise<ObjectRow> {
  await ctx.db.findBucket(bucketId);
  const row = await ctx.db.asCaller(req, operation, async (db) => {
    const { rows } = await db.query<ObjectRow>('select * from storage.objects where bucket_id = $1 and name = $2', [bucketId, name]);
    return rows[0];
  });
  if (!row) throw notFound();
  return row;
}

/** storage-api's InfoRenderer body: user metadata as `metadata`, the system fields flattened. */
export async function info(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string, name: string): Promise<void> {
  const row = await selectAsCaller(ctx, req, bucketId, name, 'storage.object.info');
  const metadata = row.metadata ?? {};
  sendJson(res, 200, {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: metadata.size ?? null,
    content_type: metadata.mimetype ?? null,
    cache_control: metadata.cacheControl ?? null,
    etag: metadata.eTag ?? null,
    metadata: row.user_metadata ?? {},
    last_modified: row.updated_at,
    created_at: row.created_at,
  });
}

/**
 * Verifies a signed-URL token for this object and use; returns its claims. As storage-api, a
 * token without `scope` is an upload token when it has `upsert` (older tokens), else a download one.
 */
export async function verifySignedToken(token: string, bucketId: string, name: string, scope: 'download' | 'upload'): Promise<Claims> {
  let claims: Claims;
  try {
    claims = await verifyJwt(token);
  } catch (error) {
    const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED';
    throw new StorageError('400', expired ? 'InvalidJWT' : 'InvalidSignature', expired ? 'The provided token has expired.' : 'The signature is invalid');
  }
  const tokenScope = claims.scope ?? ('upsert' in claims ? 'upload' : 'download');
  if (tokenScope !== scope) throw new StorageError('400', 'InvalidSignature', `Token is not scoped for ${scope}`);
  if (claims.url !== `${bucketId}/${name}`) throw new StorageError('400', 'InvalidSignature', 'The url do not match the signature');
  return claims;
}

export async function signedDownload(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string, name: string, url: URL): Promise<void> {
  const claims = await verifySignedToken(url.searchParams.get('token') ?? '', bucketId, name, 'download');
  const { rows } = await ctx.pool.query<ObjectRow>('select * from storage.objects where bucket_id = $1 and name = $2', [bucketId, name]);
  if (!rows[0]) throw notFound();
  await sendObject(req, res, rows[0], url, typeof claims.exp === 'number' ? claims.exp : undefined);
}

export async function publicDownload(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string, name: string, url: URL): Promise<void> {
  const bucket = await ctx.db.findBucket(bucketId);
  const { rows } = await ctx.pool.query<ObjectRow>('select * from storage.objects where bucket_id = $1 and name = $2', [bucketId, name]);
  if (!bucket.public || !rows[0]) throw notFound();
  await sendObject(req, res, rows[0], url);
}
