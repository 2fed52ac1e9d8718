// Stand-in for functions-js's test/relay/container.ts (same exports: `Relay`, `runRelay`),
// copied over it in the conformance workspace. The original starts `supabase/deno-relay:v1.5.0`
// in Docker through testcontainers; no Docker engine runs here. This does what that container
// does, with real Deno and no container:
// - the function runs as the relay runs it, `deno run --allow-all --watch <slug>/index.ts`,
//   serving on DENO_ORIGIN (http://localhost:8000, std `serve`'s default port); its
//   `deno.land/std` import is mapped to ../stand-ins/std-http-server.ts by the import map the
//   runner writes (CONFORMANCE_FUNCTIONS_IMPORT_MAP);
// - the relay listens on a port of its own (what `getMappedPort(8081)` returns), verifies the
//   caller's HS256 JWT with the test's per-file secret (JWT_SECRET), answers a missing or
//   invalid one with `x-relay-error: true` (what functions-js turns into FunctionsRelayError,
//   "Relay Error invoking the Edge Function"; the relay's source is not at hand, so its status and
//   body here are ours: the tests read only that header), and forwards everything else to
//   DENO_ORIGIN + path and query, so the function sees `http://localhost:8000/<slug>`.
// With CONFORMANCE_FUNCTIONS_URL (the stack's `/functions/v1`), no Deno of its own: the stack
// serves the functions (the runner put them in supabase/functions/ with `verify_jwt = false`,
// this relay having checked the token) and the relay forwards `/<slug>…` under that URL instead.
// Runs inside the workspace's jest (CommonJS through ts-jest), not in the project: not type
// checked with it (tsconfig.json excludes this folder).
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { sign, verify } from 'jsonwebtoken';

/** What the tests use of testcontainers' StartedTestContainer. */
interface StartedRelay {
  getMappedPort(port: number): number;
}

export class Relay {
  container: StartedRelay;
  id: string;
  constructor(
    container: StartedRelay,
    id: string,
    private readonly server: Server,
    private readonly deno?: ChildProcess,
  ) {
    this.container = container;
    this.id = id;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    const deno = this.deno;
    if (deno && deno.exitCode === null) {
      const exited = new Promise<void>((resolve) => deno.once('exit', () => resolve()));
      deno.kill('SIGTERM');
      await exited;
    }
  }
}

function relayError(res: import('node:http').ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json', 'x-relay-error': 'true' });
  res.end(JSON.stringify({ msg: message }));
}

export async function runRelay(slug: string, jwtSecret: string, denoOrigin = 'http://localhost:8000', env?: Map<string, string>): Promise<Relay> {
  const stackFunctions = process.env.CONFORMANCE_FUNCTIONS_URL;
  const target = new URL(stackFunctions ?? denoOrigin);
  const child = stackFunctions ? undefined : startFunction(slug, jwtSecret, denoOrigin, env);
  const pathPrefix = stackFunctions ? target.pathname.replace(/\/$/, '') : '';

  const server = createServer((req, res) => {
    const [scheme, token] = (req.headers.authorization ?? '').split(' ');
    if (scheme !== 'Bearer' || !token) return relayError(res, 401, 'Missing authorization header');
    try {
      verify(token, jwtSecret, { algorithms: ['HS256'] });
    } catch {
      return relayError(res, 401, 'Invalid JWT');
    }
    const upstream = request(
      // Host is the target's (the function's request.url on the relay's own Deno); the
      // connection goes to IPv4, where Deno's serve listens (0.0.0.0).
      {
        hostname: target.hostname === 'localhost' ? '127.0.0.1' : target.hostname,
        port: target.port || 80,
        method: req.method,
        path: pathPrefix + (req.url ?? '/'),
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => (res.headersSent ? res.destroy() : relayError(res, 502, error.message)));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, () => resolve()));
  const port = (server.address() as AddressInfo).port;
  const relay = new Relay({ getMappedPort: () => port }, `${slug}-${process.pid}`, server, child);

  // Ready when the function answers through the relay, as the original's health check.
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      const check = await fetch(`http://localhost:${port}/${slug}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${sign({ name: 'check' }, jwtSecret)}` },
      });
      await check.arrayBuffer();
      if (check.ok) return relay;
    } catch {
      // not listening yet
    }
    if (child && child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await relay.stop();
  throw new Error(`function ${slug} did not start ${child ? `(deno exit code ${child.exitCode})` : 'in the stack'}`);
}

/** The function as the relay container runs it: `deno run --allow-all --watch`, with JWT_SECRET and DENO_ORIGIN. */
function startFunction(slug: string, jwtSecret: string, denoOrigin: string, env?: Map<string, string>): ChildProcess {
  const deno = process.env.CONFORMANCE_DENO;
  const importMap = process.env.CONFORMANCE_FUNCTIONS_IMPORT_MAP;
  if (!deno || !importMap) throw new Error('run through local-stack/conformance/run.ts (CONFORMANCE_DENO, CONFORMANCE_FUNCTIONS_IMPORT_MAP)');
  const functionEnv: Record<string, string> = { JWT_SECRET: jwtSecret, DENO_ORIGIN: denoOrigin, ...Object.fromEntries(env ?? []) };
  return spawn(deno, ['run', '--allow-all', '--watch', '--no-clear-screen', `--import-map=${importMap}`, join(__dirname, '../functions', slug, 'index.ts')], {
    env: { ...process.env, ...functionEnv, NO_COLOR: '1', DENO_NO_PACKAGE_JSON: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}
