import { createPushSendHandler } from './handler.ts';
import { supabasePushSendDeps } from './supabase-deps.ts';

Deno.serve(createPushSendHandler(supabasePushSendDeps));
