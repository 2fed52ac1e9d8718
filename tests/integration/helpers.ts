// Helpers of the integration suite: real supabase-js clients on the public URL and keys,
// confirmed accounts made through Auth's admin API (so the suite does not depend on whether
// sign-up asks for an e-mail confirmation), and SQL as `postgres` for fixtures and read-backs.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { database } from '../shared/sql.ts';
import { env } from './env.ts';

const options = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  // supabase-js needs a WebSocket for Realtime; Node 20 has none of its own.
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
};

export interface Person {
  client: SupabaseClient;
  id: string;
  email: string;
  token: string;
}

const admin = () => createClient(env.url, env.serviceRoleKey, options).auth.admin;

/** A new, confirmed account, signed in with its password on a client of its own. */
export async function signedInUser(label: string): Promise<Person> {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const password = `Secreta-${randomUUID()}`;
  const created = await admin().createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  const client = createClient(env.url, env.anonKey, options);
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw error ?? new Error('sign-in returned no session');
  return { client, id: data.session.user.id, email, token: data.session.access_token };
}

/** A casual chisme by `author`, through the RPC the web app calls; its id. */
export async function createChisme(author: Person, content: string): Promise<string> {
  const { data, error } = await author.client.rpc('create_chisme', {
    p_gender: 'Mujer',
    p_years: 30,
    p_content: content,
    p_tags: [],
    p_country: 'ES',
    p_cotilleo: false,
  });
  if (error) throw new Error(`create_chisme: ${JSON.stringify(error)}`);
  return (data as { id: string }).id;
}

export const { sql, deleteUsers } = database(env.dbUrl);

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
