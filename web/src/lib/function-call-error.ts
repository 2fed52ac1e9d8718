// A failed edge-function call as an ApiError. Its own module, apart from lib/api-error.ts:
// it needs supabase-js's FunctionsHttpError, and api-error.ts is on the first screens' static
// path, which must not reach supabase-js (app/first-screens-static-graph.test.ts).
import { FunctionsHttpError } from '@supabase/supabase-js';
import { ApiError } from './api-error';

/**
 * A failed edge-function call (`supabase.functions.invoke`'s error) as an ApiError: the key and
 * status of the function's `{ error: { code } }` answer (with its Retry-After as the wait of a
 * `rate_limited`), `fallback` when its body has none, and `network` when no answer came at all.
 */
export async function functionCallError(error: unknown, fallback: string): Promise<ApiError> {
  if (!(error instanceof FunctionsHttpError)) return new ApiError('network', null);
  const response = error.context as Response;
  const body = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
  const retryAfter = Number(response.headers.get('Retry-After'));
  return new ApiError(body?.error?.code ?? fallback, retryAfter > 0 ? { retry_after: retryAfter } : null, response.status);
}
