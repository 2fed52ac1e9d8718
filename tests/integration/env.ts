// Where the integration suite finds Supabase: the environment names it (SUPABASE_URL,
// SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, SUPABASE_DB_URL, as `supabase status -o env`
// prints them), else the well-known local values that both `supabase start` and the
// Docker-free stack use (local-stack/keys.ts). Nothing else of a stack is known here, so the
// suite runs unchanged against either.
import { ANON_KEY, API_URL, DB_URL, SERVICE_ROLE_KEY } from '../../local-stack/keys.ts';

export const env = {
  url: process.env.SUPABASE_URL ?? API_URL,
  anonKey: process.env.SUPABASE_ANON_KEY ?? ANON_KEY,
  serviceRoleKey: process.env.SUPABASE_SERVICE_ROLE_KEY ?? SERVICE_ROLE_KEY,
  // PostgreSQL as `postgres`, for what no API offers: arranging (an account's age, a limit) and
  // reading back exactly what a burst stored.
  dbUrl: process.env.SUPABASE_DB_URL ?? DB_URL,
};
