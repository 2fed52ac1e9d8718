// The push-send schedule on the local stack. On hosted Supabase a pg_cron job calls push-send
// through pg_net every 5 s when private.push_work_pending() says a push is due (the
// reference-data migration); here, without pg_net, the daemon does the same on the same
// condition, the next check 5 s after the previous one ended. It stands down when the
// database schedules the job itself (a `send-push` cron job exists).
import type pg from 'pg';
import { SERVICE_ROLE_KEY } from '../shared/keys.ts';

export const PUSH_INTERVAL_MS = 5000;

export interface PushSchedule {
  stop(): Promise<void>;
}

export function startPushSchedule(pool: pg.Pool, gatewayUrl: string, intervalMs = PUSH_INTERVAL_MS): PushSchedule {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let warned = false;

  const tick = async (): Promise<void> => {
    try {
      // before the migrations are applied (a fresh stack) there is nothing to send
      const { rows } = await pool.query<{ due: boolean | null }>(
        `select case when to_regprocedure('private.push_work_pending()') is not null
           and not exists (select 1 from cron.job j where j.jobname = 'send-push')
           then private.push_work_pending() end as due`,
      );
      if (!rows[0]?.due) return;
      const response = await fetch(`${gatewayUrl}/functions/v1/push-send`, {
        method: 'POST',
        headers: { apikey: SERVICE_ROLE_KEY, 'Content-Type': 'application/json' },
        body: '{}',
        signal: AbortSignal.timeout(60_000),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`push-send answered ${response.status}`);
      warned = false;
    } catch (error) {
      if (!warned) console.error(`push schedule: ${(error as Error).message}`);
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
  schedule();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running.catch(() => undefined);
    },
  };
}
