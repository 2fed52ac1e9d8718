import { createSendEmailHandler } from './handler.ts';
import { supabaseSendEmailDeps } from './supabase-deps.ts';

Deno.serve(createSendEmailHandler(supabaseSendEmailDeps));
