// One error type for every failed Supabase call, carrying the database's stable key.
import { messageForErrorKey, type ErrorDetail } from '../i18n/es/errors';

export class ApiError extends Error {
  readonly key: string;
  readonly detail: ErrorDetail;
  readonly status: number | undefined;

  constructor(key: string, detail: ErrorDetail = null, status?: number) {
    super(key);
    this.name = 'ApiError';
    this.key = key;
    this.detail = detail;
    this.status = status;
  }
}

type SupabaseLikeError = { message?: string; details?: string | null; code?: string; status?: number };

function parseDetail(details: string | null | undefined): ErrorDetail {
  if (!details) return null;
  try {
    const parsed: unknown = JSON.parse(details);
    return typeof parsed === 'object' && parsed !== null ? (parsed as ErrorDetail) : null;
  } catch {
    return null;
  }
}

/** Turns a PostgREST / functions error into an ApiError whose key is the database's key. */
export function toApiError(error: SupabaseLikeError): ApiError {
  return new ApiError(error.message ?? 'unknown', parseDetail(error.details), error.status);
}

/** The Spanish text to show for any thrown value. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return messageForErrorKey(error.key, error.detail, fallback);
  return fallback;
}
