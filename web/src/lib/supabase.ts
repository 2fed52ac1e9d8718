// The only Supabase client of the app, typed with the generated database types
// (`npm run db:types` regenerates ./database.ts).
import { createClient } from '@supabase/supabase-js';
import { env } from '../config/env';
import type { Database } from './database';
import { reconnectAfterMs } from './reconnect-backoff';

export const supabase = createClient<Database>(env.supabaseUrl, env.supabaseAnonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, storageKey: env.authStorageKey },
  // jittered: a Realtime restart does not bring every browser back in the same second
  realtime: { reconnectAfterMs },
});
