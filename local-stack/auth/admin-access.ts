// GoTrue's requireAdminCredentials + requireAdmin (supabase/auth internal/api/middleware.go,
// auth.go): a Bearer token is required (401 no_authorization), it must verify (403 bad_jwt),
// a token of a real session must still have it, and its role must be one of the admin roles
// (GOTRUE_JWT_ADMIN_ROLES: service_role, supabase_admin), else 403 not_admin "User not allowed".
import type { IncomingMessage } from 'node:http';
import { bearerClaims } from './bearer.ts';
import { AuthError, INSTANCE_ID, type Db } from './store.ts';

const ADMIN_ROLES = ['service_role', 'supabase_admin'];

export async function requireAdmin(req: IncomingMessage, db: Db): Promise<void> {
  const claims = await bearerClaims(req);
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : '';
  if (sessionId && sessionId !== INSTANCE_ID) {
    const { rowCount } = await db.query('select 1 from auth.sessions where id = $1', [sessionId]);
    if (!rowCount) throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  if (!ADMIN_ROLES.includes(String(claims.role ?? ''))) throw new AuthError(403, 'not_admin', 'User not allowed');
}
