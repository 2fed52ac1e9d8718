// The only Supabase client of the app.
// TODO(lead): type it with `createClient<Database>` from './database' once `npm run db:types`
// stops writing the CLI's TLS warning into the top of that file (all queries compile against
// the generated types; checked with a cleaned copy).
import { createClient } from '@supabase/supabase-js';
import { env } from '../config/env';

export const supabase = createClient(env.supabaseUrl, env.supabaseAnonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, storageKey: env.authStorageKey },
});
