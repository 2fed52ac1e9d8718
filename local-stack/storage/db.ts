// Storage's shared pieces: the storage-api error shape, the rows, where files live, and SQL
// as the caller (role and JWT claims set locally, local-stack/CONTRACT.md §2.3) or with the admin's rights.
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import type pg from 'pg';
import type { StackConfig } from '../shared/config.ts';
import { verifyJwt, type Claims } from '../shared/jwt.ts';
import { storageDir } from '../shared/paths.ts';
import { inTransaction } from '../shared/transaction.ts';

/** storage-api's error shape: HTTP 400 with the semantic status as a string (local-stack/CONTRACT.md §2.1). */
export class StorageError extends Error {
  constructor(
    readonly statusCode: string,
    readonly error: string,
    message: string,
    readonly httpStatus = 400,
    /** storage-api's ErrorCode (`InvalidKey`, `InvalidRequest`…), sent as `code` when known */
    readonly code?: string,
  ) {
    super(message);
  }
}

export const notFound = () => new StorageError('404', 'not_found', 'Object not found');
export const bucketNotFound = () => new StorageError('404', 'Bucket not found', 'Bucket not found');

export interface Bucket {
  id: string;
  name: string;
  public: boolean;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
  owner: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface ObjectRow {
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

export interface Upload {
  bytes: Buffer;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** storage-api's VALID_OBJECT_KEY (S3-safe characters) */
const validKey = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;

export const invalidKey = (name: string) => new StorageError('400', 'InvalidKey', `Invalid key: ${name}`, 400, 'InvalidKey');

export function checkKey(name: string): void {
  const segments = name.split('/');
  if (!name || !validKey.test(name) || segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw invalidKey(name);
  }
}

export function objectFile(bucket: string, name: string, version: string): string {
  return join(storageDir, bucket, ...name.split('/'), version);
}

export function createStorageDb(pool: pg.Pool) {
  async function callerClaims(req: IncomingMessage): Promise<{ claims: Claims; token: string }> {
    // storage-api's jwt plugin takes the header with an optional `Bearer ` (src/http/plugins/jwt.ts),
    // so the raw legacy apikey Kong copies (gateway/kong.ts) is a token here.
    const token = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    if (!token) throw new StorageError('403', 'Unauthorized', "headers must have required property 'authorization'");
    try {
      return { claims: await verifyJwt(token), token };
    } catch (error) {
      throw new StorageError('403', 'Unauthorized', (error as Error).message);
    }
  }

  /** Runs work in a transaction as the caller's role with its claims, as storage-api does. */
  async function asCaller<T>(req: IncomingMessage, operation: string, work: (db: pg.PoolClient, claims: Claims) => Promise<T>, keep = true): Promise<T> {
    const { claims, token } = await callerClaims(req);
    try {
      return await inTransaction(
        pool,
        async (db) => {
          await db.query(
            `select set_config('role', $1, true), set_config('request.jwt.claim.role', $1, true),
                  set_config('request.jwt', $2, true), set_config('request.jwt.claim.sub', $3, true),
                  set_config('request.jwt.claims', $4, true), set_config('request.headers', $5, true),
                  set_config('request.method', $6, true), set_config('request.path', $7, true),
                  set_config('storage.operation', $8, true), set_config('storage.allow_delete_query', 'true', true)`,
            [
              String(claims.role ?? 'anon'),
              token,
              claims.sub ?? '',
              JSON.stringify(claims),
              JSON.stringify(req.headers),
              req.method ?? 'GET',
              req.url ?? '',
              operation,
            ],
          );
          return work(db, claims);
        },
        keep ? 'commit' : 'rollback',
      );
    } catch (error) {
      if ((error as { code?: string }).code === '42501') {
        throw new StorageError('403', 'Unauthorized', 'new row violates row-level security policy');
      }
      throw error;
    }
  }

  /** SQL with the storage admin's own rights (bucket lookups, the write after the probe). */
  const elevated = <T>(work: (db: pg.PoolClient) => Promise<T>): Promise<T> => inTransaction(pool, work);

  async function findBucket(id: string): Promise<Bucket> {
    const { rows } = await pool.query<Bucket>('select * from storage.buckets where id = $1', [id]);
    if (!rows[0]) throw bucketNotFound();
    return rows[0];
  }

  return { asCaller, elevated, findBucket };
}

export type StorageDb = ReturnType<typeof createStorageDb>;

/** What every storage route module needs. */
export interface StorageContext {
  pool: pg.Pool;
  db: StorageDb;
  config: StackConfig;
}

export const duplicate = () => new StorageError('409', 'Duplicate', 'The resource already exists', 400, 'ResourceAlreadyExists');
export const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';
