// `POST /object/move` and `POST /object/copy`, as the caller (the project's RLS decides: the
// source must be readable, the destination insertable, and for a move the source deletable).
// The destination gets its own file version; a move removes the source's file after commit.
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import { sendJson, str } from '../shared/http.ts';
import { checkKey, duplicate, isUniqueViolation, notFound, objectFile, uuidPattern, type ObjectRow, type StorageContext } from './db.ts';
import { checkBody, readStorageJson } from './input.ts';
import { userMetadata } from './upload.ts';

interface Body {
  bucketId: string;
  sourceKey: string;
  destinationKey: string;
  destinationBucket?: string;
  metadata?: { cacheControl?: string; mimetype?: string };
  copyMetadata?: boolean;
}

async function readBody(req: IncomingMessage, copy: boolean): Promise<Body> {
  const raw = await readStorageJson(req);
  const shape = { bucketId: 'string', sourceKey: 'string', destinationKey: 'string', destinationBucket: 'string' } as const;
  checkBody(raw, copy ? { ...shape, metadata: 'object', copyMetadata: 'boolean' } : shape, ['bucketId', 'sourceKey', 'destinationKey']);
  return raw as unknown as Body;
}

export async function moveOrCopy(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, copy: boolean): Promise<void> {
  const body = await readBody(req, copy);
  const target = body.destinationBucket || body.bucketId;
  checkKey(body.sourceKey);
  checkKey(body.destinationKey);
  await ctx.db.findBucket(body.bucketId);
  if (target !== body.bucketId) await ctx.db.findBucket(target);
  const upsert = copy && str(req.headers['x-upsert']) === 'true';
  const version = randomUUID();
  let written: string | undefined;
  const { source, destination } = await ctx.db
    .asCaller(req, copy ? 'storage.object.copy' : 'storage.object.move', async (db, claims) => {
      const found = await db.query<ObjectRow>('select * from storage.objects where bucket_id = $1 and name = $2', [body.bucketId, body.sourceKey]);
      const source = found.rows[0];
      if (!source) throw notFound();
      const sub = typeof claims.sub === 'string' ? claims.sub : null;
      const metadata = { ...(source.metadata ?? {}), ...(copy ? (body.metadata ?? {}) : {}) };
      const headerMetadata = copy ? userMetadata(str(req.headers['x-metadata']), true) : null;
      const keepMetadata = !copy || body.copyMetadata !== false;
      const conflict = upsert
        ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version,
         metadata = excluded.metadata, user_metadata = excluded.user_metadata, updated_at = now()`
        : '';
      let destination: ObjectRow;
      try {
        const inserted = await db.query<ObjectRow>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
         values ($1, $2, $3, $4, $5, $6, $7) ${conflict} returning *`,
          [
            target,
            body.destinationKey,
            sub && uuidPattern.test(sub) ? sub : null,
            sub,
            version,
            metadata,
            headerMetadata ?? (keepMetadata ? source.user_metadata : null),
          ],
        );
        destination = inserted.rows[0]!;
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
      if (!copy) {
        const { rowCount } = await db.query('delete from storage.objects where id = $1', [source.id]);
        if (!rowCount) throw notFound();
      }
      // The bytes are copied before the rows commit; a failure after this removes the copy.
      written = objectFile(target, body.destinationKey, version);
      await mkdir(dirname(written), { recursive: true });
      await copyFile(objectFile(source.bucket_id, source.name, source.version ?? ''), written).catch(() => {
        throw notFound();
      });
      return { source, destination };
    })
    .catch(async (error: unknown) => {
      if (written) await rm(written, { force: true });
      throw error;
    });
  if (!copy && source.version) await rm(objectFile(source.bucket_id, source.name, source.version), { force: true });
  if (copy) {
    return sendJson(res, 200, { Id: destination.id, Key: `${target}/${body.destinationKey}`, ...destination });
  }
  sendJson(res, 200, { message: 'Successfully moved', Id: destination.id, Key: destination.name });
}
