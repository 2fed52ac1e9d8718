// Reading errors PostgREST (through supabase-js) returns for calls made as the caller.

export interface PostgrestLikeError {
  code?: string;
  message?: string;
  details?: string | null;
}

/**
 * The caller's token was refused: PostgREST's JWT errors (PGRST301 invalid, PGRST302 anonymous
 * access off, PGRST303 claims invalid/expired) or the database's own `not_authenticated` key.
 */
export function isCallerRejected(error: PostgrestLikeError): boolean {
  return /^PGRST30[123]$/.test(error.code ?? '') || error.message === 'not_authenticated';
}

/** Raised by the real dependencies when the database refuses the caller's token. */
export class CallerRejectedError extends Error {
  constructor() {
    super('the database refused the caller token');
    this.name = 'CallerRejectedError';
  }
}

/**
 * Seconds until the caller may write again when the database refused the write with its
 * `rate_limited` key (detail `{"action", "retry_after"}`), else null.
 */
export function rateLimitRetryAfter(error: PostgrestLikeError): number | null {
  if (error.message !== 'rate_limited') return null;
  try {
    const seconds = Number((JSON.parse(error.details ?? '') as { retry_after?: unknown }).retry_after);
    return Number.isFinite(seconds) && seconds >= 1 ? Math.ceil(seconds) : 1;
  } catch {
    return 1;
  }
}

/** Raised by the real dependencies when the database refuses a write over the caller's rate limit. */
export class RateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`rate limited for ${retryAfterSeconds} s`);
    this.name = 'RateLimitedError';
  }
}

/** The key of a refusal by one of the database's rules (P0001, a snake_case key as the message), else null. */
export function databaseRefusalKey(error: PostgrestLikeError): string | null {
  return error.code === 'P0001' && /^[a-z][a-z_]*$/.test(error.message ?? '') ? error.message! : null;
}

/** Raised by the real dependencies when one of the database's rules refuses the input (its key). */
export class DatabaseRefusedError extends Error {
  constructor(readonly key: string) {
    super(`the database refused the input: ${key}`);
    this.name = 'DatabaseRefusedError';
  }
}
