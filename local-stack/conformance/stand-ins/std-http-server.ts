// Stand-in for `https://deno.land/std@0.x/http/server.ts` (the host is unreachable here), which
// the official suites' functions import for `serve`: the same call on Deno.serve, with std's
// defaults (0.0.0.0:8000; DENO_SERVE_ADDRESS, which the local stack sets, overrides them as it
// does for Deno.serve). Mapped in by the import maps the conformance runner writes. Deno code:
// not type checked with the project (tsconfig.json excludes this folder).
type Handler = (request: Request, connInfo: { remoteAddr: Deno.Addr }) => Response | Promise<Response>;

interface ServeInit {
  port?: number;
  hostname?: string;
  signal?: AbortSignal;
  onListen?: (params: { hostname: string; port: number }) => void;
  onError?: (error: unknown) => Response | Promise<Response>;
}

export function serve(handler: Handler, options: ServeInit = {}): Promise<void> {
  const server = Deno.serve(
    { port: options.port ?? 8000, hostname: options.hostname ?? '0.0.0.0', signal: options.signal, onListen: options.onListen, onError: options.onError },
    (request, info) => handler(request, { remoteAddr: info.remoteAddr }),
  );
  return server.finished;
}
