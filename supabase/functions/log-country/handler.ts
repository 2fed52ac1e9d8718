// POST JSON { country } → 201 { recorded: true } the first time this user reports this country
// in 24 h, 200 { recorded: false } when it was already recorded, 429 rate_limited (Retry-After)
// past the caller's country rate limit. One database round trip: the
// client calls it fire-and-forget with a 5 s timeout, it must never hold up the UI.
import type { Caller } from '../_shared/caller.ts';
import { callerEndpoint } from '../_shared/caller-endpoint.ts';
import { type ApiFailure, errorResponse, jsonResponse, rateLimitedResponse, readJsonObject } from '../_shared/http.ts';
import { DatabaseRefusedError, RateLimitedError } from '../_shared/postgrest-errors.ts';
import { countryInvalid, parseCountry } from './country.ts';
import { supabaseLogCountryDeps } from './supabase-deps.ts';

export interface LogCountryDeps {
  /** Records (caller, country, now) unless already recorded within 24 h; true if recorded. */
  recordCountry(caller: Caller, country: string): Promise<boolean>;
  now(): Date;
}

const bodyNotJson: ApiFailure = {
  status: 400,
  code: 'body_invalid',
  message: 'Error API: El cuerpo debe ser un objeto JSON con el país',
};

export function createLogCountryHandler(deps: LogCountryDeps): (request: Request) => Promise<Response> {
  return callerEndpoint('log-country', () => deps.now(), async (request, caller) => {
    const body = await readJsonObject(request);
    if (!body) return errorResponse(bodyNotJson);
    const parsed = parseCountry(body.country);
    if (!parsed.ok) return errorResponse(parsed.error);

    try {
      const recorded = await deps.recordCountry(caller, parsed.country);
      return jsonResponse(recorded ? 201 : 200, { recorded });
    } catch (error) {
      if (error instanceof RateLimitedError) return rateLimitedResponse(error.retryAfterSeconds);
      // The only other rules on this insert are the country's (country_required, country_too_long).
      if (error instanceof DatabaseRefusedError) return errorResponse(countryInvalid);
      throw error;
    }
  });
}

export const handler = createLogCountryHandler(supabaseLogCountryDeps);
