// The purge endpoint, plus a timer for where no scheduler calls it. On the local stack each
// function is a long-lived Deno process and PostgreSQL has no pg_net, so the timer is the
// schedule there: it purges every minute, well inside the 5 minutes after a window closes.
// On hosted Supabase workers are short-lived; pg_cron + pg_net call the endpoint instead and
// the timer only runs while a worker happens to live (harmless: the purge is idempotent).
import { createPurgeHandler } from './handler.ts';
import { isServiceKey, supabasePurgeDeps } from './supabase-deps.ts';
import { purgeExpiredImages } from './purge.ts';

export const PURGE_INTERVAL_MS = Number(Deno.env.get('CHISME_IMAGE_PURGE_INTERVAL_MS') ?? 60_000);

setInterval(() => {
  purgeExpiredImages(supabasePurgeDeps).catch((error) => console.error('chisme-image-purge: timer run failed', error));
}, PURGE_INTERVAL_MS);

Deno.serve(createPurgeHandler(supabasePurgeDeps, isServiceKey));
