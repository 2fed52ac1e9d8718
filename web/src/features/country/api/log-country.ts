// Tell the log-country function where the user is; fire-and-forget with a 5 s timeout.
// Resolves true when it was stored or already known (never rejects).
import { limits } from '../../../config/limits';
import { supabase } from '../../../lib/supabase';

export function logCountry(country: string): Promise<boolean> {
  return supabase.functions
    .invoke('log-country', { body: { country }, signal: AbortSignal.timeout(limits.logCountryTimeoutMs) })
    .then(({ error }) => {
      if (error) console.warn('log-country failed', error);
      return !error;
    })
    .catch((error: unknown) => {
      console.warn('log-country failed', error);
      return false;
    });
}
