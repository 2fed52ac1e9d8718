// Listing and removing objects: `POST /object/list/…` (v1, one folder level), `POST
// /object/list-v2/…` (cursor pages, optional delimiter) and `DELETE /object/…` (many), as the caller.
import { rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../shared/http.ts';
import { invalidKey, objectFile, type ObjectRow, type StorageContext } from './db.ts';
import { checkBody, hasControlCharacter, readStorageJson, validationError } from './input.ts';

async function rowsUnder(ctx: StorageContext, req: IncomingMessage, bucketId: string, start: string, operation: string): Promise<ObjectRow[]> {
  await ctx.db.findBucket(bucketId);
  return ctx.db.asCaller(
    req,
    operation,
    async (db) => (await db.query<ObjectRow>('select * from storage.objects where bucket_id = $1 and left(name, length($2)) = $2', [bucketId, start])).rows,
  );
}

export async function list(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string): Promise<void> {
  const raw = await readStorageJson(req);
  checkBody(raw, { prefix: 'string', limit: 'integer', offset: 'integer', search: 'string', sortBy: 'object' });
  const body = raw as { prefix?: string; limit?: number; offset?: number; search?: string; sortBy?: { column?: string; order?: string } };
  if (hasControlCharacter(body.prefix ?? '') || hasControlCharacter(body.search ?? '')) throw invalidKey(body.prefix ?? body.search ?? '');
  const prefix = (body.prefix ?? '').replace(/^\/+|\/+$/g, '');
  const start = prefix ? `${prefix}/` : '';
  const rows = await rowsUnder(ctx, req, bucketId, start, 'storage.object.list');
  const entries = new Map<string, Record<string, unknown>>();
  for (const row of rows) {
    const rest = row.name.slice(start.length);
    const [first = '', ...more] = rest.split('/');
    if (body.search && !first.toLowerCase().startsWith(body.search.toLowerCase())) continue;
    if (more.length > 0) {
      entries.set(first, { name: first, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
    } else {
      entries.set(first, {
        name: first,
        id: row.id,
        updated_at: row.updated_at,
        created_at: row.created_at,
        last_accessed_at: row.last_accessed_at,
        metadata: row.metadata,
        user_metadata: row.user_metadata,
      });
    }
  }
  const column = body.sortBy?.column ?? 'name';
  const direction = body.sortBy?.order === 'desc' ? -1 : 1;
  const sorted = [...entries.values()].sort((a, b) => (String(a[column] ?? '') < String(b[column] ?? '') ? -direction : direction));
  const offset = body.offset ?? 0;
  sendJson(res, 200, sorted.slice(offset, offset + (body.limit ?? 100)));
}

interface Cursor {
  startAfter: string;
  sortColumn: string;
  sortOrder: string;
}

/** storage-api's listObjectsV2: at most 1000 a page, folders collapsed with a delimiter, an opaque cursor. */
export async function listV2(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string): Promise<void> {
  const raw = await readStorageJson(req);
  checkBody(raw, { prefix: 'string', limit: 'integer', cursor: 'string', with_delimiter: 'boolean', sortBy: 'object' });
  const body = raw as { prefix?: string; limit?: number; cursor?: string; with_delimiter?: boolean; sortBy?: { column?: string; order?: string } };
  if (hasControlCharacter(body.prefix ?? '')) throw invalidKey(body.prefix ?? '');
  if (body.limit !== undefined && body.limit < 1) throw validationError('body/limit must be >= 1');
  let cursor: Cursor | undefined;
  try {
    cursor = body.cursor ? (JSON.parse(Buffer.from(body.cursor, 'base64url').toString('utf8')) as Cursor) : undefined;
  } catch {
    throw validationError('Invalid cursor');
  }
  const column = cursor?.sortColumn ?? body.sortBy?.column ?? 'name';
  if (!['name', 'created_at', 'updated_at'].includes(column)) throw validationError('body/sortBy/column must be equal to one of the allowed values');
  const order = cursor?.sortOrder ?? body.sortBy?.order ?? 'asc';
  const direction = order === 'desc' ? -1 : 1;
  const prefix = body.prefix ?? '';
  const rows = await rowsUnder(ctx, req, bucketId, prefix, 'storage.object.list_v2');
  const key = (row: ObjectRow) => (column === 'name' ? row.name : (row[column as 'created_at'] as Date).toISOString());
  rows.sort((a, b) => (key(a) === key(b) ? (a.name < b.name ? -1 : 1) : key(a) < key(b) ? -direction : direction));
  const entries: Record<string, unknown>[] = [];
  const seenFolders = new Set<string>();
  for (const row of rows) {
    const slash = body.with_delimiter ? row.name.indexOf('/', prefix.length) : -1;
    if (slash === -1) {
      entries.push({
        id: row.id,
        key: row.name,
        name: row.name,
        bucket_id: row.bucket_id,
        version: row.version,
        metadata: row.metadata,
        user_metadata: row.user_metadata,
        created_at: row.created_at,
        updated_at: row.updated_at,
        last_accessed_at: row.last_accessed_at,
      });
      continue;
    }
    const folder = row.name.slice(0, slash + 1);
    if (seenFolders.has(folder)) continue;
    seenFolders.add(folder);
    entries.push({ id: null, key: folder.slice(0, -1), name: folder, bucket_id: row.bucket_id });
  }
  const from = cursor ? entries.findIndex((entry) => entry.name === cursor.startAfter) + 1 : 0;
  const limit = Math.min(body.limit ?? 1000, 1000);
  const page = entries.slice(from, from + limit);
  const hasNext = entries.length > from + limit;
  const last = page[page.length - 1];
  const nextCursor =
    hasNext && last
      ? Buffer.from(JSON.stringify({ startAfter: String(last.name), sortColumn: column, sortOrder: order } satisfies Cursor)).toString('base64url')
      : undefined;
  sendJson(res, 200, {
    hasNext,
    nextCursor,
    nextCursorKey: hasNext ? last?.name : undefined,
    folders: page.filter((entry) => entry.id === null),
    objects: page.filter((entry) => entry.id !== null),
  });
}

export async function remove(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string): Promise<void> {
  const raw = await readStorageJson(req);
  checkBody(raw, { prefixes: 'string[]' }, ['prefixes']);
  const body = raw as { prefixes: string[] };
  if (body.prefixes.some(hasControlCharacter)) throw invalidKey(body.prefixes.find(hasControlCharacter)!);
  await ctx.db.findBucket(bucketId);
  const rows = await ctx.db.asCaller(
    req,
    'storage.object.delete_many',
    async (db) =>
      (await db.query<ObjectRow>('delete from storage.objects where bucket_id = $1 and name = any($2) returning *', [bucketId, body.prefixes])).rows,
  );
  for (const row of rows) if (row.version) await rm(objectFile(bucketId, row.name, row.version), { force: true });
  sendJson(res, 200, rows);
}
