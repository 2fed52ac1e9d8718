// What the integration tests need of the running local stack: its URL and keys (given by
// scripts/test-functions.ts in the environment), new signed-in users and their chismes, the
// image fixtures, and SQL as the database owner for arranging time (moving a chisme's creation
// back) and for checking what was stored.
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';

function requireEnv(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set: run these tests with npm run test:functions`);
  return value;
}

export const apiUrl = requireEnv('SUPABASE_URL');
export const anonKey = requireEnv('SUPABASE_ANON_KEY');
const serviceRoleKey = requireEnv('SUPABASE_SERVICE_ROLE_KEY');
const dbUrl = requireEnv('SUPABASE_DB_URL');

const clientOptions = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

export interface TestUser {
  client: SupabaseClient;
  id: string;
}

/** A client with no signed-in user (only the anon key). */
export function anonymousClient(): SupabaseClient {
  return createClient(apiUrl, anonKey, clientOptions);
}

/**
 * A new confirmed user, signed in on its own client. Sign-ups wait for their confirmation mail
 * (supabase/config.toml `enable_confirmations`), so the account is made as a real project's tests
 * make one: the Auth admin API with the service key and `email_confirm: true`.
 */
export const TEST_PASSWORD = 'Contraseña-de-prueba1';

export async function signUp(label: string): Promise<TestUser> {
  const client = anonymousClient();
  const email = `${label}-${crypto.randomUUID()}@functions.test`;
  const password = TEST_PASSWORD;
  const admin = createClient(apiUrl, serviceRoleKey, clientOptions);
  const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw new Error(`creating the user failed: ${created.error.message}`);
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error || !data.session || !data.user) throw new Error(`sign-in failed: ${error?.message ?? 'no session'}`);
  // These tests post far faster than a person may (60 racing uploads need 60 chismes): the
  // user's rate limits are multiplied, the checks still run (the per-user override of docs/decisions/0002-rate-limits.md).
  await sql('insert into private.rate_limit_overrides (user_id, factor) values ($1, 1000)', [data.user.id]);
  return { client, id: data.user.id };
}

/** Switches cotilleo mode on with the confirmation of being 18 or older, as the web's toggle does:
 * without it no cotilleo chisme of another person reaches the user (docs/decisions/0035-notice-and-action.md). */
export async function confirmAdult(user: TestUser): Promise<void> {
  const { error } = await user.client.rpc('update_my_profile', { p_cotilleo: 'true', p_adult: 'true' });
  if (error) throw new Error(`update_my_profile: ${error.message}`);
}

/** A chisme by `author` (a cotilleo unless told otherwise), through the RPC the web app calls; its id. */
export async function createChisme(author: TestUser, cotilleo = true): Promise<string> {
  const { data, error } = await author.client.rpc('create_chisme', {
    p_gender: 'Mujer',
    p_years: 30,
    p_content: 'Un chisme de prueba para las funciones',
    p_tags: ['#prueba'],
    p_country: 'Costa Rica',
    p_cotilleo: cotilleo,
  });
  if (error) throw new Error(`create_chisme: ${error.message}`);
  return (data as { id: string }).id;
}

/** The bytes of an image fixture of chisme-image (chisme-image/fixtures/). */
export const fixture = (name: string): Uint8Array => Deno.readFileSync(new URL(`../../chisme-image/fixtures/${name}`, import.meta.url));

export async function sql<Row extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<Row[]> {
  const connection = new pg.Client({ connectionString: dbUrl });
  await connection.connect();
  try {
    return (await connection.query<Row>(text, params)).rows;
  } finally {
    await connection.end();
  }
}

/** The status and JSON body of a function call made the way the web app makes it. */
export async function invoke(
  user: { client: SupabaseClient },
  name: string,
  body: FormData | Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const { data, error, response } = await user.client.functions.invoke(name, { body, headers });
  if (error instanceof FunctionsHttpError) {
    const failed = error.context as Response;
    return { status: failed.status, body: await failed.json(), headers: failed.headers };
  }
  if (error) throw error;
  return { status: response?.status ?? 0, body: data, headers: response?.headers ?? new Headers() };
}
