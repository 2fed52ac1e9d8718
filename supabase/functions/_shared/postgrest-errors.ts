// Reading errors PostgREST (through supabase-js) returns for calls made as the caller.

export interface PostgrestLikeError {
  code?: string;
  message?: string;
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
