// The one way the stack's in-process services (auth, storage, realtime) run SQL in a
// transaction: a pooled connection, `begin`, the work, then `commit` — or `rollback` when the
// work throws or when the caller only probes (realtime's RLS checks, storage's dry runs) —
// and the connection always goes back to the pool.
import type pg from 'pg';

export type Outcome = 'commit' | 'rollback';

export async function inTransaction<T>(pool: pg.Pool, work: (db: pg.PoolClient) => Promise<T>, outcome: Outcome = 'commit'): Promise<T> {
  const db = await pool.connect();
  try {
    await db.query('begin');
    const result = await work(db);
    await db.query(outcome);
    return result;
  } catch (error) {
    await db.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    db.release();
  }
}
