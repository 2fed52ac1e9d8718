import { createDeleteAccountHandler } from './handler.ts';
import { supabaseDeleteAccountDeps } from './supabase-deps.ts';

Deno.serve(createDeleteAccountHandler(supabaseDeleteAccountDeps));
