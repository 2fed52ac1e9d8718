// Writing an object as storage-api does: a permission probe as the caller (rolled back), then
// the bytes on disk, then the row with the admin's rights, writers of one object taking turns
// so each sees the version it replaces (no orphan file). Used by uploads and signed uploads.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { dirname } from 'node:path';
import type pg from 'pg';
import { duplicate, isUniqueViolation, notFound, objectFile, uuidPattern, type StorageContext, type Upload } from './db.ts';

export interface Owner {
  owner: string | null; // uuid column: only a uuid `sub`
  ownerId: string | null;
}

const setColumns = `owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version,
  metadata = excluded.metadata, user_metadata = excluded.user_metadata`;

async function insertRow(db: pg.PoolClient, values: unknown[], upsert: boolean, touch = false): Promise<string> {
  const conflict = upsert ? `on conflict (bucket_id, name) do update set ${setColumns}${touch ? ', updated_at = now(), last_accessed_at = now()' : ''}` : '';
  try {
    const { rows } = await db.query<{ id: string }>(
      `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
       values ($1, $2, $3, $4, $5, $6, $7) ${conflict} returning id`,
      values,
    );
    return rows[0]!.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/** May the caller write this object? Probed as the caller in a rolled-back transaction. */
export async function probeWrite(
  ctx: StorageContext,
  req: IncomingMessage,
  bucketId: string,
  name: string,
  options: { isUpdate: boolean; upsert: boolean; metadata?: Record<string, unknown>; userMetadata?: Record<string, unknown> | null },
): Promise<Owner> {
  return ctx.db.asCaller(
    req,
    options.isUpdate ? 'storage.object.update' : 'storage.object.upload',
    async (db, claims) => {
      const sub = typeof claims.sub === 'string' ? claims.sub : null;
      const owner = { owner: sub && uuidPattern.test(sub) ? sub : null, ownerId: sub };
      const values = [bucketId, name, owner.owner, owner.ownerId, randomUUID(), options.metadata ?? {}, options.userMetadata ?? null];
      if (options.isUpdate) {
        const { rowCount } = await db.query(
          `update storage.objects set owner = $3, owner_id = $4, version = $5, metadata = $6, user_metadata = $7
          where bucket_id = $1 and name = $2`,
          values,
        );
        if (!rowCount) throw notFound();
      } else {
        await insertRow(db, values, options.upsert);
      }
      return owner;
    },
    false,
  );
}

export function systemMetadata(bytes: Buffer, mimetype: string, cacheControl: string): Record<string, unknown> {
  return {
    eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
    size: bytes.length,
    mimetype,
    cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: bytes.length,
    httpStatusCode: 200,
  };
}

/** Stores the bytes and the row (after the probe passed); returns the object's id. */
export async function storeObject(ctx: StorageContext, bucketId: string, name: string, data: Upload, owner: Owner, upsert: boolean): Promise<string> {
  const version = randomUUID();
  const metadata = systemMetadata(data.bytes, data.mimetype, data.cacheControl);
  const file = objectFile(bucketId, name, version);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, data.bytes);
  const row = await ctx.db
    .elevated(async (db) => {
      await db.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`storage:${bucketId}/${name}`]);
      const previous = await db.query<{ version: string | null }>('select version from storage.objects where bucket_id = $1 and name = $2 for update', [
        bucketId,
        name,
      ]);
      // Without x-upsert, a row stored meanwhile by a concurrent upload wins: this one is a
      // 409 Duplicate (its file is removed below), as storage-api answers under races.
      if (previous.rows[0] && !upsert) throw duplicate();
      const id = await insertRow(db, [bucketId, name, owner.owner, owner.ownerId, version, metadata, data.userMetadata], upsert, true);
      return { id, previousVersion: previous.rows[0]?.version };
    })
    .catch(async (error: unknown) => {
      await rm(file, { force: true });
      throw error;
    });
  if (row.previousVersion) await rm(objectFile(bucketId, name, row.previousVersion), { force: true });
  return row.id;
}
