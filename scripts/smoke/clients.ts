// supabase-js clients on the project's public API, as the web app and an operator's tools make
// them: no session storage, and the `ws` WebSocket for Realtime (one implementation on every
// Node the scripts run on).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { SmokeOptions } from './args.ts';

const options = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
};

/** Bypasses RLS: the admin API only (making and removing the test people, the final check). */
export const serviceClient = (project: SmokeOptions): SupabaseClient => createClient(project.url, project.serviceRoleKey, options);

/** A client as a browser of the web app has it. */
export const publicClient = (project: SmokeOptions): SupabaseClient => createClient(project.url, project.anonKey, options);
