// The real dependency of log-country: one insert into `public.country_logs` as the caller.
// The database takes the user from their token (auth.uid()) and skips, without an error, a
// repeat of the same user and country within 24 hours (trigger
// country_logs_before_insert_skip_recent): the insert then returns no row. A still-valid token
// of a deleted user fails the user_id foreign key: refused like any rejected caller (401).
import type { Caller } from '../_shared/caller.ts';
import { CallerRejectedError, isCallerRejected } from '../_shared/postgrest-errors.ts';
import { createCallerClient } from '../_shared/supabase-clients.ts';
import type { LogCountryDeps } from './handler.ts';

async function recordCountry(caller: Caller, country: string): Promise<boolean> {
  const { data, error } = await createCallerClient(caller.accessToken)
    .from('country_logs')
    .insert({ country })
    .select('id');
  if (error) {
    // 23503: the only foreign key is user_id → auth.users, so the token's user was deleted
    // while the token is still valid; answered 401 like any token of a missing user.
    if (isCallerRejected(error) || error.code === '23503') throw new CallerRejectedError();
    throw new Error(`country_logs insert failed: ${error.code ?? ''} ${error.message}`);
  }
  return data.length > 0;
}

export const supabaseLogCountryDeps: LogCountryDeps = { recordCountry, now: () => new Date() };
