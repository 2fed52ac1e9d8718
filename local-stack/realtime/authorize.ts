// Who may use a Realtime channel: the token check every join, token update and REST
// broadcast makes, and the join-time RLS probe of private channels on realtime.messages.
import type pg from 'pg';
import { verifyJwt, type Claims } from '../shared/jwt.ts';
import { inTransaction } from '../shared/transaction.ts';

export interface Access {
  canRead: boolean;
  canWrite: boolean;
}

/** The verified claims of a token, or a reason the real server would give for refusing it. */
export async function checkToken(token: string): Promise<Claims | string> {
  try {
    const claims = await verifyJwt(token);
    if (!claims.role || !claims.exp) return 'InvalidJWTToken: Fields `role` and `exp` are required in JWT';
    return claims;
  } catch (error) {
    const code = (error as { code?: string }).code;
    return code === 'ERR_JWT_EXPIRED' ? 'InvalidJWTToken: Token has expired' : `InvalidJWTToken: ${(error as Error).message}`;
  }
}

/** Sets the caller's role, claims and topic for the rest of the open transaction. */
export async function actAs(db: pg.PoolClient, claims: Claims, topic: string): Promise<void> {
  await db.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('realtime.topic', $3, true)`, [
    String(claims.role),
    JSON.stringify(claims),
    topic,
  ]);
}

/**
 * Join-time authorisation as the real server does it (lib/realtime/tenants/authorization.ex): a
 * probe row of the extension ('broadcast', or 'presence' for Presence) inserted with elevated
 * rights, then read (and inserted) as the caller's role and claims, all rolled back.
 */
export async function authorize(pool: pg.Pool, name: string, claims: Claims, extension: 'broadcast' | 'presence' = 'broadcast'): Promise<Access> {
  try {
    return await inTransaction(
      pool,
      async (db) => {
        const { rows } = await db.query<{ id: string }>(
          `insert into realtime.messages (topic, extension, private, event, payload)
         values ($1, $2, true, 'local_stack_probe', '{}') returning id`,
          [name, extension],
        );
        await actAs(db, claims, name);
        const read = await db.query('select 1 from realtime.messages where id = $1', [rows[0]!.id]);
        let canWrite = true;
        await db.query('savepoint probe_write');
        try {
          await db.query(`insert into realtime.messages (topic, extension, private, event, payload) values ($1, $2, true, 'local_stack_probe', '{}')`, [
            name,
            extension,
          ]);
        } catch {
          canWrite = false;
          await db.query('rollback to savepoint probe_write');
        }
        return { canRead: (read.rowCount ?? 0) > 0, canWrite };
      },
      'rollback',
    );
  } catch {
    return { canRead: false, canWrite: false };
  }
}
