// The purge endpoint, and nothing else: the edge runtime keeps a worker only while it serves a
// request, so no timer lives here. The schedule is the `purge-chisme-images` pg_cron job, which
// calls this endpoint every minute through pg_net with the Vault key (the reference-data
// migration); the local stack runs the same job.
import { createPurgeHandler } from './handler.ts';
import { isServiceKey, supabasePurgeDeps } from './supabase-deps.ts';

Deno.serve(createPurgeHandler(supabasePurgeDeps, isServiceKey));
