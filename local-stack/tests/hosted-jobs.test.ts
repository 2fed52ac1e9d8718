// Every hosted-only path of the migrations runs on the stack (supabase/migrations/
// 20261127200100_insert_reference_data.sql): the jobs are pg_cron's rows, the 4-second flush runs
// because cron runs it (postgres/cron-seconds.ts), the purge job reaches its function through
// pg_net (postgres/pg-net-worker.ts) with the key Vault holds, cron.job_run_details stays bounded,
// and a pg_cron without second schedules stops the migration instead of passing quietly.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import pg from 'pg';
import { loadConfig } from '../shared/config.ts';
import { DB_URL, SECRET_KEY, SERVICE_ROLE_KEY } from '../keys.ts';
import { supabaseDir } from '../shared/paths.ts';
import { sleep, sql } from './helpers.ts';

interface Run {
  status: string;
  return_message: string;
  start_time: Date;
}

const jobCommand = async (name: string): Promise<string> => {
  const [row] = await sql<{ command: string }>(`select command from cron.job where jobname = $1`, [name]);
  assert.ok(row, `job ${name} exists`);
  return row.command;
};

/** Runs a job's command as pg_cron runs it: as the job's owner, postgres. */
async function runJobCommand(name: string): Promise<Record<string, unknown>[]> {
  return sql(await jobCommand(name));
}

/** pg_net's answer to request `id`, once its worker has one. */
async function response(id: string): Promise<{ status_code: number | null; content: string | null; error_msg: string | null }> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [row] = await sql<{ status_code: number | null; content: string | null; error_msg: string | null }>(
      `select status_code, content, error_msg from net._http_response where id = $1`,
      [id],
    );
    if (row) return row;
    assert.ok(Date.now() < deadline, `pg_net answered request ${id} within 15 s`);
    await sleep(100);
  }
}

describe('the scheduled jobs', () => {
  test("are pg_cron's own rows, owned by the migration's role; pg_cron is in pg_catalog and pg_net in extensions", async () => {
    const jobs = await sql<{ jobname: string; schedule: string; username: string }>(`select jobname, schedule, username from cron.job order by jobname`);
    assert.deepEqual(
      jobs.map((job) => `${job.jobname} ${job.schedule} ${job.username}`),
      [
        'delete-expired-new-account-counters 23 4 * * * postgres',
        'delete-expired-notices */10 * * * * postgres',
        'delete-expired-notification-budgets 27 4 * * * postgres',
        'delete-expired-notifications 17 3 * * * postgres',
        'delete-expired-rate-limit-counters 17 4 * * * postgres',
        'delete-expired-removed-content 37 4 * * * postgres',
        'delete-old-cron-run-details */10 * * * * postgres',
        'flush-realtime 4 seconds postgres',
        'purge-chisme-images * * * * * postgres',
        'send-notice-mails 5 seconds postgres',
        'send-push 5 seconds postgres',
      ],
    );
    const extensions = await sql(
      `select extname, extnamespace::regnamespace::text as schema from pg_extension where extname in ('pg_cron', 'pg_net') order by 1`,
    );
    assert.deepEqual(extensions, [
      { extname: 'pg_cron', schema: 'pg_catalog' },
      { extname: 'pg_net', schema: 'extensions' },
    ]);
  });

  test('the realtime flush runs every 4 seconds because cron runs it, and is recorded as pg_cron records a run', async () => {
    const since = new Date();
    let runs: Run[] = [];
    while (runs.length < 3 && Date.now() - since.getTime() < 15_000) {
      await sleep(500);
      runs = await sql<Run>(
        `select d.status, d.return_message, d.start_time from cron.job_run_details d join cron.job j using (jobid)
         where j.jobname = 'flush-realtime' and d.start_time > $1 order by d.start_time`,
        [since],
      );
    }
    assert.ok(runs.length >= 3, `3 runs within 15 s (${runs.length})`);
    assert.deepEqual(
      runs.map((run) => [run.status, run.return_message]),
      runs.map(() => ['succeeded', 'SELECT 1']),
    );
    const gaps = runs.slice(1).map((run, i) => run.start_time.getTime() - runs[i]!.start_time.getTime());
    assert.ok(
      gaps.every((gap) => gap >= 3900 && gap < 6000),
      `runs start 4 s apart (${gaps.join(', ')} ms)`,
    );
  });

  test('a pg_cron without second schedules (Debian 1.4 alone) refuses the flush: the migration would stop there', async () => {
    await assert.rejects(sql(`select cron.schedule_cron_format('local-stack-probe', '4 seconds', 'select 1')`), /invalid schedule: 4 seconds/);
    // and the migration has no quiet fallback around its hosted-only statements
    const migration = readFileSync(join(supabaseDir, 'migrations', '20261127200100_insert_reference_data.sql'), 'utf8');
    assert.doesNotMatch(migration, /raise notice|exception when|pg_available_extensions/i);
  });
});

describe("the purge job reaches chisme-image-purge through pg_net with Vault's key", () => {
  const setKey = (key: string) => sql(`select vault.update_secret((select id from vault.secrets where name = 'service_role_key'), $1)`, [key]);

  test('with the sb_secret_ key (the gateway makes it the service role)', async () => {
    await setKey(SECRET_KEY);
    const [queued] = await runJobCommand('purge-chisme-images');
    const answer = await response(String(queued!.http_post));
    assert.equal(answer.status_code, 200, JSON.stringify(answer));
    assert.match(answer.content ?? '', /^\{"removed":\d+\}$/);
  });

  test('with the legacy service_role JWT as it is sent, apikey alone', async () => {
    await setKey(SERVICE_ROLE_KEY);
    try {
      const [queued] = await runJobCommand('purge-chisme-images');
      const answer = await response(String(queued!.http_post));
      if (loadConfig().verifyJwt.get('chisme-image-purge') ?? true) {
        // Behind verify_jwt the gateway needs `Authorization: Bearer <JWT>`; Kong passes a legacy
        // apikey on as it is, so the edge runtime's check refuses it (as on Supabase).
        assert.deepEqual([answer.status_code, answer.content], [401, `{"msg":"Error: Auth header is not 'Bearer {token}'"}`]);
      } else {
        assert.equal(answer.status_code, 200, JSON.stringify(answer));
      }
    } finally {
      await setKey(SECRET_KEY);
    }
  });

  test("pg_net's interface: params are URL-encoded, a refused connection is an error, not a hang", async () => {
    const [get] = await sql<{ id: string }>(
      `select net.http_get('http://127.0.0.1:54321/auth/v1/health', params := '{"q": "a b&c"}', headers := '{"apikey": "x"}') as id`,
    );
    assert.equal((await response(get!.id)).status_code, 200);
    const [queued] = await sql<{ url: string }>(
      `select net._encode_url_with_params_array('http://x/y', array[net._urlencode_string('q') || '=' || net._urlencode_string('a b&ñ')]) as url`,
    );
    assert.equal(queued!.url, 'http://x/y?q=a%20b%26%C3%B1');
    // nothing listens on 54399 (the stack's ports end at 54325)
    const [refused] = await sql<{ id: string }>(`select net.http_post('http://127.0.0.1:54399/', '{}'::jsonb) as id`);
    const answer = await response(refused!.id);
    assert.equal(answer.status_code, null);
    assert.match(answer.error_msg ?? '', /ECONNREFUSED/);
  });
});

test('cron.job_run_details is cleaned by the cleanup job: successes after an hour, failures after a day', async () => {
  const admin = new pg.Client({ connectionString: DB_URL });
  await admin.connect();
  try {
    await admin.query('begin');
    const { rows } = await admin.query<{ runid: string }>(
      `insert into cron.job_run_details (jobid, runid, database, username, command, status, start_time, end_time)
       select -1, runid, 'postgres', 'postgres', label, status, now() - age, now() - age
       from (values (-1, 'ok 30 min', 'succeeded', interval '30 minutes'), (-2, 'ok 2 h', 'succeeded', interval '2 hours'),
                    (-3, 'failed 2 h', 'failed', interval '2 hours'), (-4, 'failed 2 days', 'failed', interval '2 days')) v(runid, label, status, age)
       returning runid::text`,
    );
    assert.equal(rows.length, 4);
    await admin.query(await jobCommand('delete-old-cron-run-details'));
    const kept = await admin.query<{ command: string }>(`select command from cron.job_run_details where jobid = -1 order by command`);
    assert.deepEqual(
      kept.rows.map((row) => row.command),
      ['failed 2 h', 'ok 30 min'],
    );
  } finally {
    await admin.query('rollback');
    await admin.end();
  }
});
