// The stack daemon, started in the background by `npm run stack:start` / ensureStack():
// PostgreSQL, PostgREST and one Deno per edge function as child processes, and the gateway
// with Auth, Storage and Realtime in this process. If any part fails to start, it records one
// line saying which and why, stops everything it started and exits. Once running, a PostgREST
// or function process that dies, or Realtime's database listener being lost, is restarted on
// its own with back-off (supervisor.ts) while the rest keeps serving; only PostgreSQL dying
// (or the gateway failing) stops the stack.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import pg from 'pg';
import { createAuth } from '../auth/auth.ts';
import { loadConfig } from '../shared/config.ts';
import { ensureSigningKeys } from '../shared/signing-keys.ts';
import { cluster, isInitialized, startDatabase, stopDatabase } from '../postgres/database.ts';
import { functionReady, startFunction, startFunctions } from '../functions/functions.ts';
import { createGateway } from '../gateway/gateway.ts';
import { loadMailTemplates } from '../auth/mail-templates.ts';
import { createMailer } from '../auth/mailer.ts';
import { startMailCatcher, type MailCatcher } from '../mail/catcher.ts';
import { clusterUrl } from '../postgres/cluster.ts';
import { startPostgrest } from '../postgres/postgrest.ts';
import { startCronSeconds, type CronSeconds } from '../postgres/cron-seconds.ts';
import { startPgNetWorker, type PgNetWorker } from '../postgres/pg-net-worker.ts';
import { oneLine, stopService, type Service } from '../shared/processes.ts';
import { createRealtime, type Realtime } from '../realtime/realtime.ts';
import { createStorage } from '../storage/storage.ts';
import { DB_PORT, dbDataDir, GATEWAY_PORT, HOST, logDir, memoryReportFile, stackDir, storageDir } from '../shared/paths.ts';
import { clearState, isAlive, writeState, type StackState } from './state.ts';
import { createSupervisor } from './supervisor.ts';

const services: Service[] = [];
const pools: pg.Pool[] = [];
let realtime: Realtime | undefined;
let mailCatcher: MailCatcher | undefined;
// What pg_cron 1.6 and pg_net's worker do on Supabase (postgres/cron-seconds.ts, postgres/pg-net-worker.ts).
let cronSeconds: CronSeconds | undefined;
let pgNetWorker: PgNetWorker | undefined;
let gateway: Server | undefined;
let databaseStarted = false;
let stopping = false;
let started = false;
const state: StackState = { status: 'starting', pid: process.pid, children: [], functions: [], startedAt: new Date().toISOString(), services: {} };

function log(line: string): void {
  console.log(`${new Date().toISOString()} ${line}`);
}

const supervisor = createSupervisor({
  stopping: () => stopping,
  log,
  update(name, health, service) {
    state.services = { ...state.services, [name]: health };
    if (service) {
      services.push(service);
      state.children = [...state.children.filter((child) => child.name !== name), { name, pid: service.child.pid ?? -1 }];
    }
    if (started) state.status = Object.values(state.services).every((item) => item.state === 'running') ? 'ready' : 'degraded';
    writeState(state);
  },
});

/** Between start-up steps: give up quietly once a shutdown has begun. */
function continueStarting(): void {
  if (stopping) throw new Error('stopping');
}

/**
 * At most `ms` for an in-process close. After PostgreSQL died, node-postgres may never settle
 * `end()` on a connection the server dropped, and that wait kept the daemon (and its children)
 * alive after "postgres died"; the processes are stopped whatever these closes do.
 */
function within(ms: number, what: string, closing: Promise<unknown> | undefined): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => (log(`${what} did not close within ${ms / 1000} s; going on`), resolve()), ms);
    void Promise.resolve(closing)
      .catch(() => undefined)
      .finally(() => (clearTimeout(timer), resolve()));
  });
}

async function shutdown(): Promise<void> {
  stopping = true;
  const closed = new Promise<void>((resolve) => (gateway ? gateway.close(() => resolve()) : resolve()));
  gateway?.closeAllConnections();
  await within(5000, 'the pg_cron second schedules', cronSeconds?.stop());
  await within(5000, "pg_net's worker", pgNetWorker?.stop());
  await within(5000, 'realtime', realtime?.close());
  await within(5000, 'the mail catcher', mailCatcher?.close());
  await within(5000, 'the gateway', closed);
  await within(5000, 'the database pools', Promise.all(pools.map((pool) => pool.end().catch(() => undefined))));
  await Promise.all(services.map((service) => stopService(service)));
  if (databaseStarted) stopDatabase();
}

async function fail(reason: string): Promise<void> {
  if (stopping) return; // a shutdown in progress finishes and exits
  log(`FAILED: ${reason}`);
  writeState({ ...state, status: 'failed', reason });
  await shutdown().catch((error: unknown) => log(`while stopping: ${String(error)}`));
  process.exit(1);
}

function track(service: Service): void {
  services.push(service);
  if (stopping) {
    void stopService(service); // spawned while a shutdown was already under way
    return;
  }
  state.children.push({ name: service.name, pid: service.child.pid ?? -1 });
  writeState(state);
}

/** PostgreSQL runs under pg_ctl, not as our child: check its postmaster is still alive. */
function watchPostmaster(): void {
  const pidFile = join(dbDataDir, 'postmaster.pid');
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  setInterval(() => {
    if (!stopping && !isAlive(pid)) void fail(`postgres died; see ${join(logDir, 'postgres.log')}`);
  }, 2000).unref();
}

async function main(): Promise<void> {
  mkdirSync(logDir, { recursive: true });
  mkdirSync(storageDir, { recursive: true });
  writeState(state);
  const config = loadConfig();
  // before anything that signs or checks tokens: Auth, PostgREST, the functions' SUPABASE_JWKS
  await ensureSigningKeys();

  const fresh = !isInitialized();
  log(fresh ? 'creating the database (first start)' : 'starting the database');
  try {
    databaseStarted = true;
    await startDatabase();
  } catch (error) {
    if (fresh) {
      // A half-made cluster would look initialised next time: stop it and start over then.
      try {
        stopDatabase();
      } catch {
        /* already down */
      }
      databaseStarted = false;
      rmSync(dbDataDir, { recursive: true, force: true });
      rmSync(`${stackDir}/bootstrap-applied.json`, { force: true });
      rmSync(`${stackDir}/migrations-applied.json`, { force: true });
    }
    throw new Error(`database: ${(error as Error).message}`);
  }

  continueStarting();
  cronSeconds = startCronSeconds(cluster.adminUrl, log);
  pgNetWorker = startPgNetWorker(cluster.adminUrl, log);

  continueStarting();
  log('starting PostgREST');
  const postgrest = await startPostgrest(track);
  supervisor.superviseProcess(postgrest, postgrest.respawn);

  continueStarting();
  log('starting edge functions');
  const functions = await startFunctions(track, config.disabledFunctions);
  state.functions = functions.map((service) => service.functionName);
  state.functionSockets = Object.fromEntries(functions.map((service) => [service.functionName, service.socketPath]));
  for (const service of functions) {
    supervisor.superviseProcess(service, async () => {
      const next = startFunction(service.functionName);
      return { service: next, ready: functionReady(next) };
    });
  }

  continueStarting();
  log('starting the mail catcher');
  mailCatcher = await startMailCatcher().catch((error: Error) => {
    throw new Error(`mail catcher: ${error.message}`);
  });

  continueStarting();
  const authPool = new pg.Pool({ connectionString: clusterUrl(DB_PORT, 'supabase_auth_admin'), max: 5 });
  const storagePool = new pg.Pool({ connectionString: clusterUrl(DB_PORT, 'supabase_storage_admin'), max: 5 });
  pools.push(authPool, storagePool);
  for (const pool of pools) pool.on('error', (error) => log(`database connection error: ${error.message}`));
  realtime = await createRealtime(cluster.url, supervisor.superviseConnection('realtime'));

  gateway = createGateway({
    auth: createAuth(
      authPool,
      config,
      createMailer({
        emailSentPerHour: config.emailSentPerHour,
        autoconfirm: !config.enableConfirmations,
        templates: loadMailTemplates(),
        siteUrl: config.siteUrl,
        from: config.mailFrom,
      }),
    ),
    storage: createStorage(storagePool, config),
    realtime,
    postgrestPort: postgrest.port,
    functionSockets: new Map(functions.map((service) => [service.functionName, service.socketPath])),
    config,
  });
  await new Promise<void>((resolve, reject) => {
    gateway!.once('error', reject);
    gateway!.listen(GATEWAY_PORT, HOST, () => resolve());
  });
  gateway.on('error', (error) => void fail(`gateway: ${error.message}`));

  continueStarting();
  watchPostmaster();
  started = true;
  state.status = Object.values(state.services ?? {}).every((item) => item.state === 'running') ? 'ready' : 'degraded';
  writeState(state);
  log(`ready on http://${HOST}:${GATEWAY_PORT}`);
}

// A memory report for the stack's own tests: what the daemon holds, after a full GC (started
// with --expose-gc), apart from garbage it has not collected yet, which peak RSS cannot tell.
process.on('SIGUSR2', () => {
  (globalThis as { gc?: () => void }).gc?.();
  writeFileSync(memoryReportFile, JSON.stringify({ at: Date.now(), ...process.memoryUsage() }));
});

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    log(`stopping (${signal})`);
    shutdown()
      .catch((error: unknown) => log(`while stopping: ${String(error)}`))
      .finally(() => {
        clearState();
        process.exit(0);
      });
  });
}
/** A lost database connection is one line; anything else keeps its stack for debugging. */
function unexpected(error: unknown): string {
  const code = (error as { code?: string }).code ?? '';
  const text = oneLine(error);
  if (/^(57P0[1-3]|08\d\d[0-9A-Z]?|ECONNREFUSED|ECONNRESET)$/.test(code) || /Connection terminated|terminating connection/i.test(text)) {
    return `database connection lost: ${text}`;
  }
  return `unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
}
process.on('uncaughtException', (error) => void fail(unexpected(error)));
process.on('unhandledRejection', (error) => void fail(unexpected(error)));

main().catch((error: unknown) => fail((error as Error).message));
