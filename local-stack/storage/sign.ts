// Signed URLs: download URLs (`POST /object/sign/…`) and upload URLs (`POST /object/upload/sign/…`
// then `PUT /object/upload/sign/…?token=`), HS256 tokens as storage-api signs them.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { signWithJwtSecret } from '../shared/jwt.ts';
import { sendJson, str } from '../shared/http.ts';
import { checkKey, invalidKey, StorageError, uuidPattern, type StorageContext } from './db.ts';
import { checkBody, hasControlCharacter, readStorageJson } from './input.ts';
import { selectAsCaller, verifySignedToken } from './read.ts';
import { readUpload, userMetadata } from './upload.ts';
import { probeWrite, storeObject } from './write.ts';

/** storage-api's default UPLOAD_SIGNED_URL_EXPIRATION_TIME */
const uploadUrlSeconds = 2 * 60 * 60;

async function signedUrl(bucketId: string, name: string, expiresIn: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const token = await signWithJwtSecret({ url: `${bucketId}/${name}`, scope: 'download', iat: now, exp: now + expiresIn });
  return `/object/sign/${bucketId}/${name}?token=${token}`;
}

export async function sign(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string, name: string | undefined): Promise<void> {
  const raw = await readStorageJson(req);
  checkBody(raw, { expiresIn: 'integer', paths: 'string[]' }, name === undefined ? ['expiresIn', 'paths'] : ['expiresIn']);
  const body = raw as { expiresIn?: number; paths?: string[] };
  if (body.paths?.some(hasControlCharacter)) throw invalidKey(body.paths.find(hasControlCharacter)!);
  const expiresIn = Number(body.expiresIn);
  if (!(expiresIn > 0)) throw new StorageError('400', 'InvalidRequest', 'body/expiresIn must be >= 1');
  if (name !== undefined) {
    await selectAsCaller(ctx, req, bucketId, name, 'storage.object.sign');
    return sendJson(res, 200, { signedURL: await signedUrl(bucketId, name, expiresIn) });
  }
  const paths = Array.isArray(body.paths) ? body.paths : [];
  await ctx.db.findBucket(bucketId);
  const visible = await ctx.db.asCaller(req, 'storage.object.sign', async (db) => {
    const { rows } = await db.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2)', [bucketId, paths]);
    return new Set(rows.map((row) => row.name));
  });
  const results = [];
  for (const path of paths) {
    results.push(
      visible.has(path)
        ? { path, signedURL: await signedUrl(bucketId, path, expiresIn), error: null }
        : { path, signedURL: null, error: 'Either the object does not exist or you do not have access to it' },
    );
  }
  sendJson(res, 200, results);
}

/** The caller must be allowed to upload now (probe as the caller); the token carries its id. */
export async function signUpload(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string, name: string): Promise<void> {
  checkKey(name);
  await ctx.db.findBucket(bucketId);
  const upsert = str(req.headers['x-upsert']) === 'true';
  const owner = await probeWrite(ctx, req, bucketId, name, { isUpdate: false, upsert, userMetadata: userMetadata(str(req.headers['x-metadata']), true) });
  const now = Math.floor(Date.now() / 1000);
  const token = await signWithJwtSecret({
    owner: owner.ownerId ?? undefined,
    url: `${bucketId}/${name}`,
    upsert,
    scope: 'upload',
    iat: now,
    exp: now + uploadUrlSeconds,
  });
  sendJson(res, 200, { url: `/object/upload/sign/${bucketId}/${name}?token=${token}`, token });
}

/** Upload with a signed upload token: no caller needed; the owner and upsert come from the token. */
export async function uploadSigned(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string, name: string, url: URL): Promise<void> {
  const token = url.searchParams.get('token');
  if (!token) throw new StorageError('400', 'InvalidRequest', "querystring must have required property 'token'", 400, 'InvalidRequest');
  const claims = await verifySignedToken(token, bucketId, name, 'upload');
  checkKey(name);
  const bucket = await ctx.db.findBucket(bucketId);
  const data = await readUpload(req, bucket, ctx.config);
  const ownerId = typeof claims.owner === 'string' ? claims.owner : null;
  const owner = { owner: ownerId && uuidPattern.test(ownerId) ? ownerId : null, ownerId };
  await storeObject(ctx, bucketId, name, data, owner, claims.upsert === true);
  sendJson(res, 200, { Key: `${bucketId}/${name}` });
}
