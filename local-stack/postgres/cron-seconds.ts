// pg_cron's second schedules on the local stack. Supabase's pg_cron (1.6) runs a job scheduled
// '[1-59] seconds' itself; Debian's 1.4 stores such a job (postgres/bootstrap/15-pg-cron-seconds.sql)
// but never runs it, so this runner does what pg_cron's launcher does for interval jobs
// (citusdata/pg_cron src/pg_cron.c): a job starts when its interval has passed since its last start
// and it is not running (a run longer than the interval is followed at once by the next, never by
// a queue), runs as its owner in its database, and each run is a row of cron.job_run_details
// going from 'starting' through 'running' to 'succeeded' (with the command's tag, as pg_cron's
// background workers record it) or 'failed' (with the error). Cron-format jobs stay pg_cron's.
import pg from 'pg';

const TICK_MS = 250;
const RELOAD_MS = 2000;

interface IntervalJob {
  jobid: string;
  seconds: number;
  command: string;
  database: string;
  username: string;
}

interface JobState {
  job: IntervalJob;
  lastStart: number;
  running: boolean;
  client?: pg.Client;
}

export interface CronSeconds {
  stop(): Promise<void>;
}

/** Runs the interval jobs of the database that `adminUrl` (a superuser's) points at. */
export function startCronSeconds(adminUrl: string, log: (line: string) => void): CronSeconds {
  const states = new Map<string, JobState>();
  const admin = new pg.Pool({ connectionString: adminUrl, max: 2, application_name: 'pg_cron seconds (local stack)' });
  admin.on('error', () => undefined);
  let stopped = false;
  let lastReload = 0;
  let warned = '';
  const runs = new Set<Promise<void>>();

  const warnOnce = (message: string): void => {
    if (message !== warned) log(`pg_cron seconds: ${message}`);
    warned = message;
  };

  async function reload(): Promise<void> {
    const { rows } = await admin.query<IntervalJob>(
      `select jobid::text, local_stack_cron.interval_seconds(schedule) as seconds, command, database, username
       from cron.job where active and to_regprocedure('local_stack_cron.interval_seconds(text)') is not null
         and local_stack_cron.interval_seconds(schedule) is not null`,
    );
    const seen = new Set<string>();
    for (const job of rows) {
      seen.add(job.jobid);
      const state = states.get(job.jobid);
      if (state) state.job = job;
      else states.set(job.jobid, { job, lastStart: 0, running: false });
    }
    for (const [id, state] of states) {
      if (!seen.has(id) && !state.running) {
        void state.client?.end().catch(() => undefined);
        states.delete(id);
      }
    }
  }

  async function jobClient(state: JobState): Promise<pg.Client> {
    if (state.client) return state.client;
    const url = new URL(adminUrl);
    url.pathname = `/${state.job.database}`;
    const client = new pg.Client({ connectionString: url.toString(), application_name: 'pg_cron' });
    client.on('error', () => undefined);
    await client.connect();
    state.client = client;
    return client;
  }

  async function run(state: JobState): Promise<void> {
    const { job } = state;
    const { rows } = await admin.query<{ runid: string }>(
      `insert into cron.job_run_details (jobid, database, username, command, status) values ($1, $2, $3, $4, 'starting') returning runid::text`,
      [job.jobid, job.database, job.username, job.command],
    );
    const runid = rows[0]!.runid;
    let status = 'succeeded';
    let message: string;
    try {
      const client = await jobClient(state);
      const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      await admin.query(`update cron.job_run_details set status = 'running', job_pid = $2, start_time = now() where runid = $1`, [runid, pid]);
      await client.query(`set session authorization ${pg.escapeIdentifier(job.username)}`);
      try {
        const result = (await client.query(job.command)) as pg.QueryResult | pg.QueryResult[];
        const last = Array.isArray(result) ? result.at(-1) : result;
        message = [last?.command, last?.command === 'INSERT' ? '0' : undefined, last?.rowCount ?? undefined].filter((part) => part !== undefined).join(' ');
      } finally {
        await client.query('reset session authorization').catch(() => undefined);
      }
    } catch (error) {
      status = 'failed';
      message = (error as Error).message;
      void state.client?.end().catch(() => undefined);
      state.client = undefined;
    }
    await admin.query(`update cron.job_run_details set status = $2, return_message = $3, end_time = now() where runid = $1`, [runid, status, message]);
  }

  async function tick(): Promise<void> {
    if (Date.now() - lastReload >= RELOAD_MS) {
      lastReload = Date.now();
      await reload();
    }
    for (const state of states.values()) {
      if (stopped || state.running || Date.now() - state.lastStart < state.job.seconds * 1000) continue;
      state.running = true;
      state.lastStart = Date.now();
      const done = run(state)
        .catch((error: Error) => warnOnce(`job ${state.job.jobid}: ${error.message}`))
        .finally(() => {
          state.running = false;
          runs.delete(done);
        });
      runs.add(done);
    }
  }

  let timer: NodeJS.Timeout | undefined;
  const loop = (): void => {
    if (stopped) return;
    tick()
      .then(() => (warned = ''))
      // cron.job does not exist until a migration creates pg_cron: nothing to run yet
      .catch((error: Error) => (/does not exist/.test(error.message) ? undefined : warnOnce(error.message)))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, TICK_MS);
      });
  };
  loop();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all([...runs]);
      await Promise.all([...states.values()].map((state) => state.client?.end().catch(() => undefined)));
      await admin.end().catch(() => undefined);
    },
  };
}
