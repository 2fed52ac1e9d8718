// Supervision of the stack's services (docs/decisions/0023-local-stack-supervision.md): a service that dies is restarted on
// its own, after a back-off that doubles with each quick death (0.5 s … 30 s) and starts over
// once it has stayed up for a minute, with a one-line reason in the log and in stack.json.
import { oneLine, type Service } from '../shared/processes.ts';

export interface ServiceHealth {
  state: 'running' | 'restarting';
  restarts: number;
  /** why it last went down, one line */
  reason?: string;
  /** when it last went down */
  at?: string;
}

export interface SupervisorHooks {
  stopping(): boolean;
  log(line: string): void;
  /** called whenever a service's health (or its process) changes */
  update(name: string, health: ServiceHealth, service?: Service): void;
}

export const STABLE_MS = 60_000;

export function backoffMs(attempt: number): number {
  return Math.min(500 * 2 ** Math.max(0, attempt - 1), 30_000);
}

/** A restart whose failure was already reported another way (its process exited). */
class AlreadyReported extends Error {}

export function createSupervisor(hooks: SupervisorHooks) {
  const health = new Map<string, ServiceHealth>();

  /** Reports a lost service and brings it back with back-off until a restart succeeds. */
  function lost(name: string, reason: string, restart: () => Promise<void>, upSince: number, attempt = 0): void {
    if (hooks.stopping()) return;
    const previous = health.get(name) ?? { state: 'running', restarts: 0 };
    const next = Date.now() - upSince > STABLE_MS ? 1 : attempt + 1;
    const delay = backoffMs(next);
    const current: ServiceHealth = { state: 'restarting', restarts: previous.restarts + 1, reason, at: new Date().toISOString() };
    health.set(name, current);
    hooks.update(name, current);
    hooks.log(`${name}: ${reason}; restarting in ${(delay / 1000).toFixed(1)} s (restart ${current.restarts})`);
    setTimeout(() => {
      if (hooks.stopping()) return;
      restart().then(
        () => {
          const running: ServiceHealth = { ...current, state: 'running' };
          health.set(name, running);
          hooks.update(name, running);
          hooks.log(`${name}: back up after restart ${current.restarts}`);
        },
        (error: unknown) => {
          if (!(error instanceof AlreadyReported)) lost(name, `restart failed: ${oneLine(error)}`, restart, Date.now(), next);
        },
      );
    }, delay).unref();
  }

  /**
   * Supervises a child process: when it exits (not during a shutdown) it is spawned again by
   * `spawn`, which returns the new process and a promise of it serving.
   */
  function superviseProcess(first: Service, spawn: () => Promise<{ service: Service; ready: Promise<void> }>, attempt = 0): void {
    const upSince = Date.now();
    health.set(first.name, health.get(first.name) ?? { state: 'running', restarts: 0 });
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      const reason = `died (${signal ?? `exit code ${code}`}); see ${first.logFile}`;
      lost(
        first.name,
        reason,
        async () => {
          const { service, ready } = await spawn();
          hooks.update(first.name, health.get(first.name)!, service);
          superviseProcess(service, spawn, attempt + 1);
          try {
            await ready;
          } catch (error) {
            // Not serving: its exit (now, or after this kill) reports it and restarts it again.
            if (service.child.exitCode === null && service.child.signalCode === null) service.child.kill('SIGKILL');
            hooks.log(`${first.name}: restart did not come up: ${oneLine(error)}`);
            throw new AlreadyReported();
          }
        },
        upSince,
        attempt,
      );
    };
    // It may have died already, between becoming ready and being handed over here.
    if (first.child.exitCode !== null || first.child.signalCode !== null) onExit(first.child.exitCode, first.child.signalCode);
    else first.child.once('exit', onExit);
  }

  /** For a connection (not a process): the `onLost` hook that brings it back with back-off. */
  function superviseConnection(name: string): (reason: string, reconnect: () => Promise<void>) => void {
    health.set(name, { state: 'running', restarts: 0 });
    let upSince = Date.now();
    let attempt = 0;
    return (reason, reconnect) => {
      const previous = Date.now() - upSince > STABLE_MS ? 0 : attempt;
      attempt = previous + 1;
      lost(
        name,
        reason,
        async () => {
          await reconnect();
          upSince = Date.now();
        },
        Date.now(),
        previous,
      );
    };
  }

  return { lost, superviseProcess, superviseConnection, health };
}
