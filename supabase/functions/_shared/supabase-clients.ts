// The two Supabase clients a function may use. Both read the environment the edge runtime
// provides (SUPABASE_URL and the project's keys of either kind, api-keys.ts) when called, not
// when imported, so modules that import this file stay testable without it.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { publishableKey, serviceRoleKey } from './api-keys.ts';

const serverOptions = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

function requireEnv(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/** Acts as the caller: every query runs with their token, under RLS, as if from the web app. */
export function createCallerClient(accessToken: string): SupabaseClient {
  return createClient(requireEnv('SUPABASE_URL'), publishableKey(), {
    ...serverOptions,
    global: { headers: { Authorization: `Bearer ${accessToken}` } },
  });
}

/**
 * Bypasses RLS. Use it only for a write no user may make directly, and say why where it is
 * called.
 */
export function createServiceClient(): SupabaseClient {
  return createClient(requireEnv('SUPABASE_URL'), serviceRoleKey(), serverOptions);
}
