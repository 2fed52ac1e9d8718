// The stack daemon, started in the background by `npm run stack:start` / ensureStack():
// PostgreSQL, PostgREST and one Deno per edge function as child processes, and the gateway
// with Auth, Storage and Realtime in this process. If any part fails to start or dies
// later, it records one line saying which and why, stops everything it started and exits.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import pg from 'pg';
import { createAuth } from './auth.ts';
import { loadConfig } from './config.ts';
import { cluster, isInitialized, startDatabase, stopDatabase } from './database.ts';
import { startFunctions } from './functions.ts';
import { createGateway } from './gateway.ts';
import { clusterUrl } from './postgres/cluster.ts';
import { startPostgrest } from './postgrest.ts';
import { stopService, type Service } from './processes.ts';
import { createRealtime, type Realtime } from './realtime.ts';
import { createStorage } from './storage.ts';
import { DB_PORT, dbDataDir, GATEWAY_PORT, HOST, logDir, stackDir, storageDir } from './paths.ts';
import { clearState, isAlive, writeState, type StackState } from './state.ts';

const services: Service[] = [];
const pools: pg.Pool[] = [];
let realtime: Realtime | undefined;
let gateway: Server | undefined;
let databaseStarted = false;
let stopping = false;
const state: StackState = { status: 'starting', pid: process.pid, children: [], functions: [], startedAt: new Date().toISOString() };

function log(line: string): void {
  console.log(`${new Date().toISOString()} ${line}`);
}

async function shutdown(): Promise<void> {
  stopping = true;
  await new Promise<void>((resolve) => (gateway ? gateway.close(() => resolve()) : resolve()));
  gateway?.closeAllConnections();
  await realtime?.close();
  await Promise.all(pools.map((pool) => pool.end().catch(() => undefined)));
  await Promise.all(services.map((service) => stopService(service)));
  if (databaseStarted) stopDatabase();
}

async function fail(reason: string): Promise<never> {
  if (stopping) process.exit(1);
  log(`FAILED: ${reason}`);
  writeState({ ...state, status: 'failed', reason });
  await shutdown().catch((error: unknown) => log(`while stopping: ${String(error)}`));
  process.exit(1);
}

function track(service: Service): void {
  services.push(service);
  state.children.push({ name: service.name, pid: service.child.pid ?? -1 });
  writeState(state);
  service.child.on('exit', (code, signal) => {
    if (!stopping) void fail(`${service.name} died (${signal ?? `exit code ${code}`}); see ${service.logFile}`);
  });
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

  const fresh = !isInitialized();
  log(fresh ? 'creating the database (first start)' : 'starting the database');
  try {
    databaseStarted = true;
    await startDatabase();
  } catch (error) {
    if (fresh) {
      // A half-made cluster would look initialised next time: stop it and start over then.
      try { stopDatabase(); } catch { /* already down */ }
      databaseStarted = false;
      rmSync(dbDataDir, { recursive: true, force: true });
      rmSync(`${stackDir}/bootstrap-applied.json`, { force: true });
    }
    throw new Error(`database: ${(error as Error).message}`);
  }

  log('starting PostgREST');
  const postgrest = await startPostgrest(track);

  log('starting edge functions');
  const functions = await startFunctions(track);
  state.functions = functions.map((service) => service.functionName);

  const authPool = new pg.Pool({ connectionString: clusterUrl(DB_PORT, 'supabase_auth_admin'), max: 5 });
  const storagePool = new pg.Pool({ connectionString: clusterUrl(DB_PORT, 'supabase_storage_admin'), max: 5 });
  pools.push(authPool, storagePool);
  for (const pool of pools) pool.on('error', (error) => log(`database connection error: ${error.message}`));
  realtime = await createRealtime(cluster.url);

  gateway = createGateway({
    auth: createAuth(authPool, config),
    storage: createStorage(storagePool, config),
    realtime,
    postgrestPort: postgrest.port,
    functionPorts: new Map(functions.map((service) => [service.functionName, service.port])),
    config,
  });
  await new Promise<void>((resolve, reject) => {
    gateway!.once('error', reject);
    gateway!.listen(GATEWAY_PORT, HOST, () => resolve());
  });
  gateway.on('error', (error) => void fail(`gateway: ${error.message}`));

  watchPostmaster();
  state.status = 'ready';
  writeState(state);
  log(`ready on http://${HOST}:${GATEWAY_PORT}`);
}

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
process.on('uncaughtException', (error) => void fail(`unexpected error: ${error.stack ?? error.message}`));
process.on('unhandledRejection', (error) => void fail(`unexpected error: ${String(error)}`));

main().catch((error: unknown) => fail((error as Error).message));
