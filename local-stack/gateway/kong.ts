// What Kong does in `supabase start` besides routing (local-stack/CONTRACT.md §0), from the
// CLI's own configuration: apps/cli-go/internal/start/templates/kong.yml (every route has the
// `cors` plugin with no config; auth, rest, storage, functions and realtime REST also have a
// `request-transformer` that sets Authorization from the BearerToken expression in
// apps/cli-go/internal/start/start.go) and Kong 2.8's `cors` plugin (kong/plugins/cors/handler.lua).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ANON_KEY, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY } from '../shared/keys.ts';

/**
 * The CLI's BearerToken expression, term by term: an Authorization that is not `Bearer sb_…`
 * (a case-sensitive prefix test, Lua's `sub(1, 10)`) is kept; else the secret key becomes the
 * service_role JWT and the publishable key the anon JWT, as bearers; else the raw `apikey`
 * value, WITHOUT `Bearer ` — so a legacy JWT apikey alone reaches GoTrue as a header it cannot
 * read (401 no_authorization) and PostgREST as no token at all (the anon role).
 */
export function kongAuthorization(authorization: string | undefined, apikey: string | undefined): string | undefined {
  if (authorization !== undefined && authorization.slice(0, 10) !== 'Bearer sb_') return authorization;
  if (apikey === SECRET_KEY) return `Bearer ${SERVICE_ROLE_KEY}`;
  if (apikey === PUBLISHABLE_KEY) return `Bearer ${ANON_KEY}`;
  return apikey;
}

/** The CLI's QueryToken expression for the websocket's `apikey` query parameter (no `Bearer`). */
export function kongQueryToken(apikey: string | null): string | null {
  if (apikey === SECRET_KEY) return SERVICE_ROLE_KEY;
  if (apikey === PUBLISHABLE_KEY) return ANON_KEY;
  return apikey;
}

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** The request-transformer step: `add` + `replace` of Authorization, or its removal when the expression is empty. */
export function applyKongAuthorization(req: IncomingMessage): void {
  const value = kongAuthorization(req.headers.authorization, single(req.headers.apikey));
  if (value) req.headers.authorization = value;
  else delete req.headers.authorization;
}

// The CLI configures `cors` with no options, so Kong 2.8's defaults apply: any origin (`*`), the
// requested headers reflected, these methods, no Max-Age, no credentials, no exposed headers.
export const KONG_CORS_METHODS = 'GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS,TRACE,CONNECT';

/**
 * The plugin's access phase: a preflight (OPTIONS with Origin and Access-Control-Request-Method)
 * is answered here with 200 and never reaches the service, functions included; true when answered.
 * An OPTIONS without those headers is not a preflight and goes on to the service.
 */
export function answerPreflight(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'OPTIONS' || !req.headers.origin || !req.headers['access-control-request-method']) return false;
  const headers: Record<string, string> = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': KONG_CORS_METHODS,
    'Content-Length': '0',
  };
  const requested = single(req.headers['access-control-request-headers']);
  if (requested) headers['Access-Control-Allow-Headers'] = requested;
  res.writeHead(200, headers);
  res.end();
  return true;
}

/** The plugin's header_filter phase: every other answer of a matched route gets `Access-Control-Allow-Origin: *`, replacing the service's own. */
export const KONG_RESPONSE_HEADERS = { 'access-control-allow-origin': '*' } as const;
