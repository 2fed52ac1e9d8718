// Edge functions: every folder of supabase/functions (except _shared) runs in the real Deno with
// --watch, one process per function, so editing a function's files reloads it without a restart.
// Each listens on a Unix socket of its own name (DENO_SERVE_ADDRESS, so a plain Deno.serve() binds
// it): no port is picked for it beforehand, so no two functions can meet on one, and an answer on
// a function's socket can only come from that function's process. It is announced once it
// answers there; if its Deno reports an error first, the start fails with those lines of its log.
// Functions get the environment hosted edge functions get (supabase/cli internal/functions/serve:
// serve.go and templates/main.ts; Supabase's docs, "Environment Variables").
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readdirSync, readSync, closeSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hookFunctionEnv } from '../auth/send-email-hook.ts';
import { loadConfig } from '../shared/config.ts';
import { ANON_KEY, API_URL, DB_URL, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY } from '../shared/keys.ts';
import { binDir, functionsDir, logDir, repoRoot } from '../shared/paths.ts';
import { spawnService, type Service } from '../shared/processes.ts';
import { publicJwks } from '../shared/signing-keys.ts';

export interface FunctionService extends Service {
  functionName: string;
  socketPath: string;
  /** where the function's log had got to when it was spawned */
  logStart: number;
}

/**
 * The functions' sockets: short paths (a Unix socket's is limited to 107 bytes, a checkout's may be
 * deep), one folder per checkout, readable by its owner only.
 */
export const socketsDir = join(tmpdir(), `chismes-functions-${createHash('sha256').update(repoRoot).digest('hex').slice(0, 10)}`);

export const functionSocket = (name: string, dir = socketsDir): string => join(dir, `${name}.sock`);

export function functionNames(disabled: Set<string> = new Set(), dir = functionsDir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && !entry.name.startsWith('.'))
    .filter((entry) => existsSync(join(dir, entry.name, 'index.ts')) && !disabled.has(entry.name))
    .map((entry) => entry.name);
}

/** What a hosted edge function finds in its environment, with the stack's values. */
export function functionEnv(): Record<string, string> {
  return {
    SUPABASE_URL: API_URL,
    SUPABASE_ANON_KEY: ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
    SUPABASE_DB_URL: DB_URL,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: PUBLISHABLE_KEY }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: SECRET_KEY }),
    SUPABASE_JWKS: JSON.stringify(publicJwks()),
  };
}

export interface FunctionsPlace {
  /** the folder of the function folders (supabase/functions) */
  dir: string;
  /** the folder of their sockets */
  sockets: string;
  env: Record<string, string>;
}

const stackPlace = (): FunctionsPlace => ({ dir: functionsDir, sockets: socketsDir, env: functionEnv() });

/** Spawns one function's Deno on its socket (a stale socket of an earlier process is removed first). */
export function startFunction(name: string, place: FunctionsPlace = stackPlace()): FunctionService {
  mkdirSync(place.sockets, { recursive: true, mode: 0o700 });
  const socketPath = functionSocket(name, place.sockets);
  rmSync(socketPath, { force: true });
  const envFile = join(place.dir, '.env');
  const args = ['run', '--allow-all', '--watch', '--no-clear-screen'];
  if (existsSync(envFile)) args.push(`--env-file=${envFile}`);
  args.push(join(place.dir, name, 'index.ts'));
  const logName = `function-${name}`;
  // spawnService appends to the log: what this process writes starts at its size now
  const logFile = join(logDir, `${logName}.log`);
  const logStart = existsSync(logFile) ? statSync(logFile).size : 0;
  const service = spawnService(
    logName,
    join(binDir, 'deno'),
    args,
    {
      ...place.env,
      DENO_SERVE_ADDRESS: `unix:${socketPath}`,
      NO_COLOR: '1',
      // Functions use their own deno.json; the repository's npm workspace is not theirs.
      DENO_NO_PACKAGE_JSON: '1',
      // The Send Email hook's function: its secrets and SMTP server (auth/send-email-hook.ts).
      ...hookFunctionEnv(name, loadConfig()),
    },
    join(place.dir, name),
  );
  return { ...service, functionName: name, socketPath, logStart };
}

/** What the function's Deno wrote since it was spawned. */
function logSince(service: FunctionService): string {
  const fd = openSync(service.logFile, 'r');
  try {
    const length = Math.max(0, statSync(service.logFile).size - service.logStart);
    const buffer = Buffer.alloc(Math.min(length, 64 * 1024));
    readSync(fd, buffer, 0, buffer.length, service.logStart);
    return buffer.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** Whether anything answers HTTP on the socket. */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ socketPath, path: '/', method: 'OPTIONS', timeout: 2000 }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

/**
 * Waits until the function answers on its socket (the first start may download npm packages).
 * Fails at once, with the lines Deno printed, when Deno reports an error instead (`deno --watch`
 * then only waits for a change) or exits.
 */
export async function functionReady(service: FunctionService, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await answers(service.socketPath)) return;
    const output = logSince(service);
    const error = /^error: [\s\S]*/m.exec(output)?.[0];
    if (error || service.child.exitCode !== null) {
      const lines = (error ?? output)
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => /[A-Za-z0-9]/.test(line) && !/^(Watcher |Stack backtrace)/.test(line));
      throw new Error(
        `function ${service.functionName} did not start: ${lines.slice(0, 4).join(' | ') || `exit ${service.child.exitCode}`} (see ${service.logFile})`,
      );
    }
    if (Date.now() > deadline) throw new Error(`function ${service.functionName} did not answer within ${timeoutMs / 1000} s (see ${service.logFile})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Spawns every function, hands each to track() at once, then waits until all answer. */
export async function startFunctions(
  track: (service: Service) => void,
  disabled: Set<string>,
  place: FunctionsPlace = stackPlace(),
): Promise<FunctionService[]> {
  const services = functionNames(disabled, place.dir).map((name) => startFunction(name, place));
  for (const service of services) track(service);
  await Promise.all(services.map((service) => functionReady(service)));
  return services;
}
