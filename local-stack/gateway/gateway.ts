// The gateway on 127.0.0.1:54321 (what Kong is in `supabase start`, local-stack/CONTRACT.md §0): routes
// /auth/v1, /rest/v1, /storage/v1, /realtime/v1 and /functions/v1 as the CLI's kong.yml does,
// answers CORS preflights itself on every route and sets Authorization from the keys (kong.ts).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { StackConfig } from '../shared/config.ts';
import { verifyJwt } from '../shared/jwt.ts';
import { sendJson, type Handler } from '../shared/http.ts';
import { proxyBounded } from './bounded-proxy.ts';
import { answerPreflight, applyKongAuthorization, KONG_RESPONSE_HEADERS, kongQueryToken } from './kong.ts';
import type { Realtime } from '../realtime/realtime.ts';

// What the in-process services expose to browsers through their own CORS middleware (the real
// ones answer CORS too; Kong only overrides Allow-Origin). GoTrue: rs/cors with
// `ExposedHeaders: X-Total-Count, Link, X-Supabase-Api-Version` (supabase/auth internal/api/api.go).
// Storage and Realtime REST keep the list the stack has always exposed for them. PostgREST and
// the functions are real processes and send their own.
const AUTH_EXPOSED_HEADERS = 'X-Total-Count, Link, X-Supabase-Api-Version';
const STORAGE_EXPOSED_HEADERS = [
  'Content-Range',
  'Range-Unit',
  'Content-Location',
  'Content-Disposition',
  'Content-Length',
  'ETag',
  'X-Supabase-Api-Version',
  'X-Sb-Error-Code',
  'X-Relay-Error',
].join(', ');

/** Kong routes /auth/v1/verify, /callback and /authorize to GoTrue with `cors` only: no Authorization rewrite. */
const AUTH_OPEN_PATHS = /^\/(verify|callback|authorize)(\/|$)/;

export interface GatewayTargets {
  auth: Handler;
  storage: Handler;
  realtime: Realtime;
  postgrestPort: number;
  /** function name → the port its Deno process listens on */
  /** each function's Unix socket (functions/functions.ts) */
  functionSockets: Map<string, string>;
  config: StackConfig;
}

/**
 * Supabase documents no request-size limit for Edge Functions and local Kong sets none; the
 * stack bounds them anyway so that no function route can make the gateway (or a function
 * that reads its whole body) take an unbounded upload. Functions with a stricter limit stop
 * reading themselves (chisme-image after about 1.1 MiB); the gateway then stops as well.
 */
export const FUNCTION_BODY_LIMIT = 20 * 1024 * 1024;

/**
 * The largest REST body the app sends is a chisme or a comment (400 characters and a few
 * fields); 1 MiB leaves room for any honest RPC call and bounds what a client can make
 * PostgREST read, parse and hand to PostgreSQL. Over it: 413 before PostgREST sees a byte.
 */
export const REST_BODY_LIMIT = 1024 * 1024;

const upstreamUnavailable = (res: ServerResponse, error: Error): void => sendJson(res, 502, { message: `Upstream unavailable: ${error.message}` });

const functionUnavailable = (res: ServerResponse, error: Error): void =>
  sendJson(res, 503, { msg: `Function unavailable (see .local-stack/logs): ${error.message}` }, { 'x-relay-error': 'true' });

/**
 * The CLI's edge-runtime main service (apps/cli-go/internal/functions/serve/templates/main.ts,
 * getAuthToken): no Authorization, or one whose first space-separated word is not exactly
 * `Bearer`, is refused before the function runs; the error's text is the answer's `msg`.
 */
function functionToken(authorization: string | undefined): { token: string } | { msg: string } {
  if (!authorization) return { msg: 'Error: Missing authorization header' };
  const [bearer, token] = authorization.split(' ');
  if (bearer !== 'Bearer') return { msg: "Error: Auth header is not 'Bearer {token}'" };
  return { token: token ?? '' };
}

export function createGateway(targets: GatewayTargets): Server {
  async function functions(req: IncomingMessage, res: ServerResponse, path: string, search: string): Promise<void> {
    const name = path.split('/')[1] ?? '';
    const socketPath = targets.functionSockets.get(name);
    if (socketPath === undefined) return sendJson(res, 404, { msg: 'Function not found' });
    if (req.method !== 'OPTIONS' && (targets.config.verifyJwt.get(name) ?? true)) {
      const auth = functionToken(req.headers.authorization);
      if ('msg' in auth) return sendJson(res, 401, { msg: auth.msg });
      try {
        await verifyJwt(auth.token);
      } catch {
        return sendJson(res, 401, { msg: 'Invalid JWT' });
      }
    }
    // Retried for a few seconds while `deno --watch` restarts the function after an edit (its
    // socket is closed for a moment); no body byte is read before the connection is made.
    proxyBounded(req, res, {
      socketPath,
      path: path + search,
      limit: FUNCTION_BODY_LIMIT,
      timeoutMs: 150_000,
      retryRefusedMs: 5000,
      unavailable: functionUnavailable,
      responseHeaders: KONG_RESPONSE_HEADERS,
    });
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const [, prefix = '', version = '', ...rest] = url.pathname.split('/');
    const path = '/' + rest.join('/');
    const routed = version === 'v1' && ['auth', 'rest', 'storage', 'realtime', 'functions'].includes(prefix);
    if (!routed) return sendJson(res, 404, { message: 'no Route matched with those values' });
    // Every route has Kong's `cors` plugin, which runs before the request-transformer and the service.
    if (answerPreflight(req, res)) return;
    for (const [name, value] of Object.entries(KONG_RESPONSE_HEADERS)) res.setHeader(name, value);
    const open = prefix === 'auth' && AUTH_OPEN_PATHS.test(path);
    if (!open) applyKongAuthorization(req);
    switch (prefix) {
      case 'auth':
        if (req.headers.origin) res.setHeader('Access-Control-Expose-Headers', AUTH_EXPOSED_HEADERS);
        return targets.auth(req, res, path, url);
      case 'rest':
        // PostgREST 12 has no body-size setting and reads the whole body before its transaction,
        // so the gateway caps it (docs/api.md "Request bodies"); the body is streamed, never held.
        return proxyBounded(req, res, {
          port: targets.postgrestPort,
          path: path + url.search,
          limit: REST_BODY_LIMIT,
          timeoutMs: 60_000,
          unavailable: upstreamUnavailable,
          responseHeaders: KONG_RESPONSE_HEADERS,
        });
      case 'storage':
        res.setHeader('Access-Control-Expose-Headers', STORAGE_EXPOSED_HEADERS);
        return targets.storage(req, res, path, url);
      case 'realtime':
        res.setHeader('Access-Control-Expose-Headers', STORAGE_EXPOSED_HEADERS);
        return targets.realtime.api(req, res, path, url);
      default:
        return functions(req, res, path, url.search);
    }
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      console.error('gateway:', error);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal gateway error' });
      else res.destroy();
    });
  });

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/realtime/v1/websocket' && url.pathname !== '/realtime/v1/websocket/') {
      socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      return;
    }
    // Realtime reads the x-api-key header first, else the apikey query parameter
    // (lib/realtime_web/channels/user_socket.ex); Kong rewrites only the latter (kong.ts).
    const header = req.headers['x-api-key'];
    const token = (typeof header === 'string' ? header : kongQueryToken(url.searchParams.get('apikey'))) ?? '';
    targets.realtime.upgrade(req, socket, head, token, url.searchParams.get('vsn') ?? '1.0.0').catch((error: unknown) => {
      console.error('realtime upgrade:', error);
      socket.destroy();
    });
  });
  return server;
}
