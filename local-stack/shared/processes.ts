// Child processes of the stack daemon: spawned with their output in a log file, and
// reported (once, with the reason) when one dies while the stack is meant to run.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { logDir } from './paths.ts';

export interface Service {
  name: string;
  child: ChildProcess;
  logFile: string;
}

export function spawnService(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, cwd?: string): Service {
  if (!existsSync(command)) throw new Error(`${name}: missing binary ${command} (run npm run setup)`);
  const logFile = join(logDir, `${name}.log`);
  const out = openSync(logFile, 'a');
  const child = spawn(command, args, { env: { ...process.env, ...env }, cwd, stdio: ['ignore', out, out] });
  return { name, child, logFile };
}

/** Polls url until it answers with a status below 500, or fails after timeoutMs. */
export async function waitForHttp(url: string, timeoutMs: number, service?: Service, anyStatus = false): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (service && service.child.exitCode !== null) {
      throw new Error(`${service.name} exited with code ${service.child.exitCode} (see ${service.logFile})`);
    }
    try {
      const response = await fetch(url);
      if (anyStatus || response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${service?.name ?? url} did not answer ${url} within ${timeoutMs / 1000} s${service ? ` (see ${service.logFile})` : ''}`);
}

export async function stopService(service: Service): Promise<void> {
  const { child } = service;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** The first line of an error, for one-line reasons in stack.log and stack.json. */
export function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0]!.trim();
}
