// The real dependency of log-country: one call to the database as the caller.
// PROVISIONAL until the db branch lands: written against `public.log_country(p_country)`
// returning whether a row was recorded; adapted to the real schema on merge.
import type { Caller } from '../_shared/caller.ts';
import { CallerRejectedError, isCallerRejected } from '../_shared/postgrest-errors.ts';
import { createCallerClient } from '../_shared/supabase-clients.ts';
import type { LogCountryDeps } from './handler.ts';

async function recordCountry(caller: Caller, country: string): Promise<boolean> {
  // As the caller: the database takes the user from their token (auth.uid()), never from us.
  const { data, error } = await createCallerClient(caller.accessToken).rpc('log_country', { p_country: country });
  if (error) {
    if (isCallerRejected(error)) throw new CallerRejectedError();
    throw new Error(`log_country failed: ${error.code ?? ''} ${error.message}`);
  }
  return data === true;
}

export const supabaseLogCountryDeps: LogCountryDeps = { recordCountry, now: () => new Date() };
