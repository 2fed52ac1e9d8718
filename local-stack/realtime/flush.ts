// The realtime flush's scheduler on the local stack. On hosted Supabase pg_cron 1.5+ calls
// private.flush_realtime() every 4 seconds (supabase/schemas/80-realtime.sql); Debian's
// pg_cron 1.4 has no second schedules, so here the daemon calls it on the same cadence, the
// next call 4 s after the previous one ended (calls never pile up behind a slow one).
import type pg from 'pg';

export const FLUSH_INTERVAL_MS = 4000;

export interface FlushTimer {
  stop(): Promise<void>;
}

/** Whether the database schedules the flush itself (pg_cron with second schedules). */
async function scheduledByDatabase(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ seconds: boolean }>(
    `select coalesce((select string_to_array(substring(extversion from '^[0-9]+\\.[0-9]+'), '.')::int[] >= array[1, 5] from pg_catalog.pg_extension where extname = 'pg_cron'), false) as seconds`,
  );
  return rows[0]?.seconds === true;
}

export function startFlushTimer(pool: pg.Pool, intervalMs = FLUSH_INTERVAL_MS): FlushTimer {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let warned = false;

  const tick = async (): Promise<void> => {
    try {
      // before the migrations are applied (a fresh stack) there is nothing to flush
      await pool.query(`select case when to_regprocedure('private.flush_realtime()') is not null then private.flush_realtime() end`);
    } catch (error) {
      if (!warned) console.error(`realtime: flush failed: ${(error as Error).message}`);
      warned = true;
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  void scheduledByDatabase(pool)
    .then((byDatabase) => (byDatabase ? undefined : schedule()))
    .catch(() => schedule());

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running.catch(() => undefined);
    },
  };
}
