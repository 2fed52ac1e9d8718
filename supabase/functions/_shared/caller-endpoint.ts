// The part every function called by a signed-in person shares: a CORS preflight is answered,
// any method but POST is 405, a missing, anonymous or expired token is 401, and so is a token
// the database refuses later (CallerRejectedError from a dependency acting as the caller);
// anything unexpected is a logged 500 (withErrorBoundary). `handle` gets the caller.
import { type Caller, callerFromRequest } from './caller.ts';
import { isPreflight, preflightResponse } from './cors.ts';
import { errorResponse, methodNotAllowed, notAuthenticated, withErrorBoundary } from './http.ts';
import { CallerRejectedError } from './postgrest-errors.ts';

export function callerEndpoint(
  name: string,
  now: () => Date,
  handle: (request: Request, caller: Caller) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return withErrorBoundary(name, async (request) => {
    if (isPreflight(request)) return preflightResponse();
    if (request.method !== 'POST') return errorResponse(methodNotAllowed);
    const caller = callerFromRequest(request, now());
    if (!caller) return errorResponse(notAuthenticated);
    try {
      return await handle(request, caller);
    } catch (error) {
      if (error instanceof CallerRejectedError) return errorResponse(notAuthenticated);
      throw error;
    }
  });
}
