// Shared helpers of the local stack's contract tests: real supabase-js clients (with the
// `ws` transport Node 20 needs), fresh users, and SQL as `postgres` (not a superuser, as in
// Supabase's image) for fixtures.
import { randomInt, randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { database } from '../../tests/shared/sql.ts';
import { ANON_KEY, API_URL, DB_URL, SERVICE_ROLE_KEY } from '../keys.ts';

/**
 * A client address of its own (10.0.0.0/8) for X-Forwarded-For: each test client is a different
 * person, so Auth's per-client limits (local-stack/auth/rate-limit.ts, the Send Email hook's
 * supabase/schemas/13-auth-limits.sql) count each one apart, as they would on a hosted project.
 */
export const randomClientIp = (): string => `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;

export function client(key = ANON_KEY, ip = randomClientIp()): SupabaseClient {
  return createClient(API_URL, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    global: { headers: { 'x-forwarded-for': ip } },
  });
}

export const serviceClient = (): SupabaseClient => client(SERVICE_ROLE_KEY);

export const uniqueEmail = (label: string): string => `${label}-${randomUUID().slice(0, 8)}@example.com`;

export const PASSWORD = 'Secreta123';

/** A CORS preflight from the web dev server's origin for a POST that sends `headers`. */
export function preflight(path: string, headers: string): Promise<Response> {
  return fetch(`${API_URL}${path}`, {
    method: 'OPTIONS',
    headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': headers },
  });
}

/**
 * A new confirmed user: sign-ups wait for their confirmation mail (supabase/config.toml
 * `enable_confirmations`), so the account is made as a real project's tests make one, with the
 * Auth admin API and `email_confirm: true`.
 */
export async function confirmedUser(label: string, options: { data?: Record<string, unknown> } = {}): Promise<{ id: string; email: string }> {
  const email = uniqueEmail(label);
  const { data, error } = await serviceClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true, user_metadata: options.data });
  if (error || !data.user) throw error ?? new Error('createUser returned no user');
  return { id: data.user.id, email };
}

/** A new confirmed user signed in on its own client. */
export async function signedInUser(label: string): Promise<{ client: SupabaseClient; id: string; email: string; token: string }> {
  const supabase = client();
  const { email } = await confirmedUser(label);
  const { data, error } = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
  if (error || !data.session || !data.user) throw error ?? new Error('sign-in returned no session');
  return { client: supabase, id: data.user.id, email, token: data.session.access_token };
}

export const { sql, deleteUsers } = database(DB_URL);

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
