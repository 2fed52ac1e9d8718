// Tell the log-country function where the user is; fire-and-forget with a 5 s timeout.
import { limits } from '../../../config/limits';
import { supabase } from '../../../lib/supabase';

export function logCountry(country: string): void {
  supabase.functions
    .invoke('log-country', { body: { country }, signal: AbortSignal.timeout(limits.logCountryTimeoutMs) })
    .then(({ error }) => error && console.warn('log-country failed', error))
    .catch((error: unknown) => console.warn('log-country failed', error));
}
