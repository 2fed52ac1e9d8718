// JSON responses in the house shape: success bodies as given, errors as
// `{ "error": { "code", "message" } }`; every response carries the CORS headers.
import { corsHeaders } from './cors.ts';

export interface ApiError {
  /** Stable, machine-readable key the web app maps to its texts. */
  code: string;
  /** Spanish text, ready to show when the client has no better one. */
  message: string;
}

/** An error a handler can answer with: its HTTP status and body. */
export interface ApiFailure extends ApiError {
  status: number;
}

/**
 * No function answer may be reused: an answer names short-lived things (a signed image URL
 * lives at most 60 s) or one person's state, so browsers and proxies keep none of them
 * (private: never a shared cache; max-age=0: never past the moment it was given).
 */
export const FUNCTION_CACHE_CONTROL = 'private, max-age=0';

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': FUNCTION_CACHE_CONTROL },
  });
}

/**
 * The request's JSON body when it is an object (not an array), else null (not JSON, or another
 * value): a handler then answers its own "invalid" error. A body longer than `maxChars` is
 * null too: refused unread when its Content-Length says so, else after reading.
 */
export async function readJsonObject(request: Request, maxChars = Infinity): Promise<Record<string, unknown> | null> {
  if (Number(request.headers.get('Content-Length') ?? '0') > maxChars) return null;
  try {
    const text = await request.text();
    if (text.length > maxChars) return null;
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function errorResponse({ status, code, message }: ApiFailure): Response {
  return jsonResponse(status, { error: { code, message } });
}

export const methodNotAllowed: ApiFailure = {
  status: 405,
  code: 'method_not_allowed',
  message: 'Error API: Método no permitido',
};

export const notAuthenticated: ApiFailure = {
  status: 401,
  code: 'not_authenticated',
  message: 'Error API: Debes iniciar sesión',
};

const rateLimited: ApiFailure = {
  status: 429,
  code: 'rate_limited',
  message: 'Error API: Vas demasiado rápido. Espera un momento antes de volver a intentarlo.',
};

/** The database's per-user rate limit refused the write: 429 with the wait in Retry-After. */
export function rateLimitedResponse(retryAfterSeconds: number): Response {
  const response = errorResponse(rateLimited);
  response.headers.set('Retry-After', String(retryAfterSeconds));
  return response;
}

export const internalError: ApiFailure = {
  status: 500,
  code: 'internal_error',
  message: 'Error API: Error interno, inténtalo de nuevo más tarde',
};

/**
 * Wraps a handler so that an unexpected exception still answers JSON with CORS headers (a
 * browser would otherwise report a bare network error), and is logged for the operator.
 */
export function withErrorBoundary(
  name: string,
  handler: (request: Request) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    try {
      return await handler(request);
    } catch (error) {
      console.error(`${name}: unexpected error`, error);
      return errorResponse(internalError);
    }
  };
}
