// Edge functions: every folder of supabase/functions (except _shared) runs in the real Deno
// with --watch, one process per function on its own port (Deno.serve() listens where
// DENO_SERVE_ADDRESS says), so editing a function's files reloads it without a restart.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { hookFunctionEnv } from '../auth/send-email-hook.ts';
import { freePort } from '../postgres/cluster.ts';
import { loadConfig } from '../shared/config.ts';
import { ANON_KEY, API_URL, DB_URL, SERVICE_ROLE_KEY } from '../shared/keys.ts';
import { binDir, functionsDir, HOST } from '../shared/paths.ts';
import { spawnService, waitForHttp, type Service } from '../shared/processes.ts';

export interface FunctionService extends Service {
  functionName: string;
  port: number;
}

export function functionNames(disabled: Set<string> = new Set()): string[] {
  if (!existsSync(functionsDir)) return [];
  return readdirSync(functionsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && !entry.name.startsWith('.'))
    .filter((entry) => existsSync(join(functionsDir, entry.name, 'index.ts')) && !disabled.has(entry.name))
    .map((entry) => entry.name);
}

/** Spawns one function's Deno (on `port`, or a free one). */
export async function startFunction(name: string, port?: number): Promise<FunctionService> {
  port ??= await freePort();
  const envFile = join(functionsDir, '.env');
  const args = ['run', '--allow-all', '--watch', '--no-clear-screen'];
  if (existsSync(envFile)) args.push(`--env-file=${envFile}`);
  args.push(join(functionsDir, name, 'index.ts'));
  const service = spawnService(
    `function-${name}`,
    join(binDir, 'deno'),
    args,
    {
      DENO_SERVE_ADDRESS: `tcp:${HOST}:${port}`,
      SUPABASE_URL: API_URL,
      SUPABASE_ANON_KEY: ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
      SUPABASE_DB_URL: DB_URL,
      NO_COLOR: '1',
      // Functions use their own deno.json; the repository's npm workspace is not theirs.
      DENO_NO_PACKAGE_JSON: '1',
      // The Send Email hook's function: its secrets and SMTP server (auth/send-email-hook.ts).
      ...hookFunctionEnv(name, loadConfig()),
    },
    join(functionsDir, name),
  );
  return { ...service, functionName: name, port };
}

/** Waits until a function's Deno listens (the first start may download npm packages). */
export const functionReady = (service: FunctionService): Promise<void> => waitForHttp(`http://${HOST}:${service.port}/`, 90_000, service, true);

/** Spawns every function, hands each to track() at once, then waits until all listen. */
export async function startFunctions(track: (service: Service) => void, disabled: Set<string>): Promise<FunctionService[]> {
  const services: FunctionService[] = [];
  for (const name of functionNames(disabled)) {
    const service = await startFunction(name);
    track(service);
    services.push(service);
  }
  // The first start may download npm packages into Deno's cache.
  await Promise.all(services.map(functionReady));
  return services;
}
