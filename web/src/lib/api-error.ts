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

// What a refusal's detail may say (i18n/es/errors.ts reads it), each field checked as it
// arrives; a detail with one of these fields of another type is dropped, not trusted.
const isNumber = (value: unknown) => typeof value === 'number';
const isText = (value: unknown) => typeof value === 'string';
const detailFields: Record<keyof NonNullable<ErrorDetail>, (value: unknown) => boolean> = {
  min: isNumber,
  max: isNumber,
  max_bytes: isNumber,
  retry_after: isNumber,
  words: (value) => Array.isArray(value) && value.every(isText),
  action: isText,
  kind: isText,
  until: isText,
};

function isErrorDetail(value: unknown): value is NonNullable<ErrorDetail> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(detailFields).every(([name, check]) => {
    const field: unknown = Reflect.get(value, name);
    return field === undefined || check(field);
  });
}

function parseDetail(details: string | null | undefined): ErrorDetail {
  if (!details) return null;
  try {
    const parsed: unknown = JSON.parse(details);
    return isErrorDetail(parsed) ? parsed : null;
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
