// pg_net's background worker on the local stack. The stack's pg_net (postgres/extensions/
// pg_net--0.20.4.sql) queues requests in net.http_request_queue as pg_net does; this worker,
// a connection named 'pg_net worker' that net.check_worker_is_up() looks for, takes them (at most
// pg_net.batch_size at a time, 200 by default), sends them concurrently, each within its
// timeout_milliseconds, and stores every answer or error in net._http_response, deleting answers
// older than pg_net.ttl (6 hours by default), as pg_net's worker does (supabase/pg_net src/worker.c).
// net.wake() notifies it; it also looks every second.
import pg from 'pg';

const POLL_MS = 1000;

interface QueuedRequest {
  id: string;
  method: string;
  url: string;
  headers: Record<string, string> | null;
  body: Buffer | null;
  timeout_milliseconds: number;
}

interface Answer {
  status: number | null;
  contentType: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timedOut: boolean;
  error: string | null;
}

export interface PgNetWorker {
  stop(): Promise<void>;
}

async function send(request: QueuedRequest): Promise<Answer> {
  try {
    const response = await fetch(request.url, {
      method: request.method.toUpperCase(),
      headers: request.headers ?? {},
      body: request.body && request.method.toUpperCase() !== 'GET' ? new Uint8Array(request.body) : undefined,
      signal: AbortSignal.timeout(request.timeout_milliseconds),
    });
    const content = await response.text();
    return {
      status: response.status,
      contentType: response.headers.get('content-type'),
      headers: Object.fromEntries(response.headers.entries()),
      content,
      timedOut: false,
      error: null,
    };
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    const reason = timedOut
      ? `Timeout of ${request.timeout_milliseconds} ms reached`
      : ((error as { cause?: Error }).cause?.message ?? (error as Error).message);
    return { status: null, contentType: null, headers: null, content: null, timedOut, error: reason };
  }
}

/** Sends the queued requests of the database at `adminUrl` (a superuser's). */
export function startPgNetWorker(adminUrl: string, log: (line: string) => void): PgNetWorker {
  let stopped = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let again = false;
  let lastTtl = 0;
  let warned = '';

  async function connect(): Promise<pg.Client> {
    if (client) return client;
    const next = new pg.Client({ connectionString: adminUrl, application_name: 'pg_net worker' });
    next.on('error', () => {
      if (client === next) client = undefined;
    });
    next.on('notification', () => wake());
    await next.connect();
    await next.query('listen pg_net_local_stack');
    client = next;
    return next;
  }

  async function drain(): Promise<void> {
    const db = await connect();
    const exists = await db.query(`select to_regclass('net.http_request_queue') is not null as ok`);
    if (!exists.rows[0]?.ok) return;
    if (Date.now() - lastTtl > 60_000) {
      lastTtl = Date.now();
      await db.query(`delete from net._http_response where created < now() - coalesce(nullif(current_setting('pg_net.ttl', true), ''), '6 hours')::interval`);
    }
    for (;;) {
      const { rows } = await db.query<QueuedRequest>(
        `delete from net.http_request_queue where id in (
           select id from net.http_request_queue order by id
           limit coalesce(nullif(current_setting('pg_net.batch_size', true), ''), '200')::int for update skip locked)
         returning id::text, method, url, headers, body, timeout_milliseconds`,
      );
      if (rows.length === 0) return;
      const answers = await Promise.all(rows.map(send));
      await db.query(
        `insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
         select * from unnest($1::bigint[], $2::int[], $3::text[], $4::jsonb[], $5::text[], $6::bool[], $7::text[])`,
        [
          rows.map((row) => row.id),
          answers.map((answer) => answer.status),
          answers.map((answer) => answer.contentType),
          answers.map((answer) => (answer.headers ? JSON.stringify(answer.headers) : null)),
          answers.map((answer) => answer.content),
          answers.map((answer) => answer.timedOut),
          answers.map((answer) => answer.error),
        ],
      );
    }
  }

  function wake(): void {
    if (stopped) return;
    again = true;
    void running.then(() => {
      if (!again || stopped) return;
      again = false;
      running = drain()
        .then(() => {
          warned = '';
        })
        .catch((error: Error) => {
          if (error.message !== warned) log(`pg_net worker: ${error.message}`);
          warned = error.message;
          void client?.end().catch(() => undefined);
          client = undefined;
        });
    });
  }

  const poll = (): void => {
    wake();
    if (!stopped) timer = setTimeout(poll, POLL_MS);
  };
  poll();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running.catch(() => undefined);
      await client?.end().catch(() => undefined);
    },
  };
}
