// The real dependency of log-country: the `log_country` RPC as the caller (table writes by
// clients are refused; docs/api.md). The database takes the user from their token
// (auth.uid()) and skips, without an error, a repeat of the same user and country within 24
// hours (trigger country_logs_before_insert_skip_recent): the RPC then answers false. A
// still-valid token of a deleted user is refused with not_authenticated, like any rejected
// caller (401). Every call counts towards the caller's country rate limit (repeats too), and
// past it the database answers rate_limited (429). Its country rules run on the normalised text
// (a name of only zero-width spaces is empty there: country_required), so their keys are 400.
import type { Caller } from '../_shared/caller.ts';
import {
  CallerRejectedError,
  databaseRefusalKey,
  DatabaseRefusedError,
  isCallerRejected,
  RateLimitedError,
  rateLimitRetryAfter,
} from '../_shared/postgrest-errors.ts';
import { createCallerClient } from '../_shared/supabase-clients.ts';
import type { LogCountryDeps } from './handler.ts';

async function recordCountry(caller: Caller, country: string): Promise<boolean> {
  const { data, error } = await createCallerClient(caller.accessToken).rpc('log_country', { p_country: country });
  if (error) {
    if (isCallerRejected(error)) throw new CallerRejectedError();
    const retryAfter = rateLimitRetryAfter(error);
    if (retryAfter !== null) throw new RateLimitedError(retryAfter);
    const refusal = databaseRefusalKey(error);
    if (refusal) throw new DatabaseRefusedError(refusal);
    throw new Error(`log_country failed: ${error.code ?? ''} ${error.message}`);
  }
  return data === true;
}

export const supabaseLogCountryDeps: LogCountryDeps = { recordCountry, now: () => new Date() };
