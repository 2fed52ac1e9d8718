// Where supabase-js keeps the session for an API URL (its default name, spelled out so the shell
// and the first-load script in index.html can read it without loading supabase-js).
export const authStorageKeyFor = (supabaseUrl: string): string => `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;

/** supabase-js's EXPIRY_MARGIN_MS: a stored token closer than this to its expiry is refreshed before use. */
export const sessionExpiryMarginMs = 90_000;
