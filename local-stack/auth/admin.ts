// The admin API's routes (GoTrue internal/api/api.go, the /admin tree and /invite), for the
// service role only (admin-access.ts): users (admin-users.ts), links and invites
// (admin-links.ts), and the admin routes of features the stack leaves out, answered as GoTrue
// with them off: a user's MFA factors (none can exist), OAuth server clients and custom
// providers (404 feature_disabled, as with `supabase init`'s defaults).
import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import { requireAdmin } from './admin-access.ts';
import { createAdminLinks } from './admin-links.ts';
import { createAdminUsers } from './admin-users.ts';
import type { SendEmail } from './mail-dispatch.ts';
import { AuthError, type AuthStore, type Db } from './store.ts';

const uuid = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

export type AdminAnswer = { body: unknown; headers?: Record<string, string> } | undefined;

export function createAdmin(pool: pg.Pool, store: AuthStore, allowedRedirect: (target: string | undefined) => string, sendEmail: SendEmail) {
  const users = createAdminUsers(store);
  const links = createAdminLinks(store, allowedRedirect, sendEmail);

  const read = async <T>(work: (db: Db) => Promise<T>): Promise<T> => {
    const db = await pool.connect();
    try {
      return await work(db);
    } finally {
      db.release();
    }
  };

  /** GoTrue's loadUser then loadFactor: the user must exist; no factor ever does. */
  async function factors(method: string, id: string, factorId: string | undefined): Promise<AdminAnswer> {
    await read((db) => users.get(db, id));
    if (factorId === undefined) {
      if (method === 'GET') return { body: [] };
      throw new AuthError(405, 'method_not_allowed', 'Method Not Allowed');
    }
    if (!uuid.test(factorId)) throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID');
    throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
  }

  return async function admin(req: IncomingMessage, method: string, path: string, url: URL): Promise<AdminAnswer> {
    await read((db) => requireAdmin(req, db));
    if (path === '/admin/oauth' || path.startsWith('/admin/oauth/')) throw new AuthError(404, 'feature_disabled', 'OAuth server is disabled');
    if (path === '/admin/custom-providers' || path.startsWith('/admin/custom-providers/')) {
      throw new AuthError(404, 'feature_disabled', 'Custom OAuth providers are disabled');
    }
    const factor = /^\/admin\/users\/([^/]+)\/factors(?:\/([^/]+))?\/?$/.exec(path);
    if (factor) return factors(method, decodeURIComponent(factor[1]!), factor[2] && decodeURIComponent(factor[2]));
    const one = /^\/admin\/users\/([^/]+)\/?$/.exec(path);
    const id = one ? decodeURIComponent(one[1]!) : '';
    if (method === 'GET' && path === '/admin/users') return read((db) => users.list(db, url, path));
    if (method === 'POST' && path === '/admin/users') return { body: await users.create(req) };
    if (one && method === 'GET') return { body: await read((db) => users.get(db, id)) };
    if (one && method === 'PUT') return { body: await users.update(req, id) };
    if (one && method === 'DELETE') return { body: await users.remove(req, id) };
    if (method === 'POST' && path === '/admin/generate_link') return { body: await links.generateLink(req) };
    if (method === 'POST' && path === '/invite') return { body: await links.invite(req) };
    return undefined;
  };
}
