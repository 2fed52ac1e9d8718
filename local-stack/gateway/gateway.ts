// The gateway on 127.0.0.1:54321 (what Kong is in `supabase start`, local-stack/CONTRACT.md §0): routes
// /auth/v1, /rest/v1, /storage/v1, /realtime/v1 and /functions/v1, answers CORS preflights,
// exposes the headers browsers need, and maps `apikey` to `Authorization` as local Kong does.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { StackConfig } from '../config.ts';
import { bearerToken, verifyJwt } from '../jwt.ts';
import { ANON_KEY, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY } from '../keys.ts';
import { sendJson, type Handler } from '../http.ts';
import { proxyBounded } from './bounded-proxy.ts';
import type { Realtime } from '../realtime/realtime.ts';

const EXPOSED_HEADERS = [
  'Content-Range', 'Range-Unit', 'Content-Location', 'Content-Disposition', 'Content-Length', 'ETag',
  'X-Supabase-Api-Version', 'X-Sb-Error-Code', 'X-Relay-Error',
].join(', ');

export interface GatewayTargets {
  auth: Handler;
  storage: Handler;
  realtime: Realtime;
  postgrestPort: number;
  /** function name → the port its Deno process listens on */
  functionPorts: Map<string, number>;
  config: StackConfig;
}

/** New-style keys become the matching JWT; a JWT apikey is copied as is (local-stack/CONTRACT.md §0). */
export function mapApiKey(apikey: string | undefined): string | undefined {
  if (apikey === SECRET_KEY) return SERVICE_ROLE_KEY;
  if (apikey === PUBLISHABLE_KEY) return ANON_KEY;
  return apikey;
}

function applyKeyMapping(req: IncomingMessage): void {
  const authorization = req.headers.authorization;
  if (authorization && !/^Bearer\s+sb_/i.test(authorization)) return;
  const apikey = mapApiKey(typeof req.headers.apikey === 'string' ? req.headers.apikey : undefined);
  if (apikey) req.headers.authorization = `Bearer ${apikey}`;
  else delete req.headers.authorization;
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

const upstreamUnavailable = (res: ServerResponse, error: Error): void =>
  sendJson(res, 502, { message: `Upstream unavailable: ${error.message}` });

const functionUnavailable = (res: ServerResponse, error: Error): void =>
  sendJson(res, 503, { msg: `Function unavailable (see .local-stack/logs): ${error.message}` }, { 'x-relay-error': 'true' });

export function createGateway(targets: GatewayTargets): Server {
  async function functions(req: IncomingMessage, res: ServerResponse, path: string, search: string): Promise<void> {
    const name = path.split('/')[1] ?? '';
    const port = targets.functionPorts.get(name);
    if (port === undefined) return sendJson(res, 404, { msg: 'Function not found' });
    if (req.method !== 'OPTIONS' && (targets.config.verifyJwt.get(name) ?? true)) {
      const token = bearerToken(req.headers.authorization);
      if (!token) return sendJson(res, 401, { msg: 'Error: Missing authorization header' });
      try {
        await verifyJwt(token);
      } catch {
        return sendJson(res, 401, { msg: 'Invalid JWT' });
      }
    }
    // Retried for a few seconds while `deno --watch` restarts the function after an edit (its
    // port is closed for a moment); no body byte is read before the connection is made.
    proxyBounded(req, res, {
      port, path: path + search, limit: FUNCTION_BODY_LIMIT, timeoutMs: 150_000, retryRefusedMs: 5000, unavailable: functionUnavailable,
    });
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    // Function preflights pass through unchecked: functions answer CORS themselves (local-stack/CONTRACT.md §4).
    if (req.method === 'OPTIONS' && !url.pathname.startsWith('/functions/v1/')) {
      res.writeHead(200, {
        'Access-Control-Allow-Methods': 'GET,POST,PUT,PATCH,DELETE,HEAD,OPTIONS',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
        'Access-Control-Max-Age': '3600',
        'Content-Length': '0',
      });
      return void res.end();
    }
    applyKeyMapping(req);
    const [, prefix = '', version = '', ...rest] = url.pathname.split('/');
    const path = '/' + rest.join('/');
    if (version !== 'v1') return sendJson(res, 404, { message: 'no Route matched with those values' });
    switch (prefix) {
      case 'auth':
        return targets.auth(req, res, path, url);
      case 'rest':
        // PostgREST 12 has no body-size setting and reads the whole body before its transaction,
        // so the gateway caps it (docs/api.md "Request bodies"); the body is streamed, never held.
        return proxyBounded(req, res, {
          port: targets.postgrestPort, path: path + url.search, limit: REST_BODY_LIMIT, timeoutMs: 60_000, unavailable: upstreamUnavailable,
        });
      case 'storage':
        return targets.storage(req, res, path, url);
      case 'realtime':
        return targets.realtime.api(req, res, path, url);
      case 'functions':
        return functions(req, res, path, url.search);
      default:
        return sendJson(res, 404, { message: 'no Route matched with those values' });
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
    const header = req.headers['x-api-key'] ?? req.headers.apikey;
    const token = mapApiKey(url.searchParams.get('apikey') ?? (typeof header === 'string' ? header : undefined)) ?? '';
    targets.realtime.upgrade(req, socket, head, token, url.searchParams.get('vsn') ?? '1.0.0').catch((error: unknown) => {
      console.error('realtime upgrade:', error);
      socket.destroy();
    });
  });
  return server;
}
