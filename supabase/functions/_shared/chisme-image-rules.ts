// The rules of a cotilleo image that both image functions apply: chisme-image (upload) and
// chisme-image-url (view). Functions never import each other; what they share lives here.
import type { ApiFailure } from './http.ts';

/**
 * A cotilleo image can be seen for 20 minutes after the chisme is created (spec; the storage
 * read policy enforces it). An image stored later could never be seen, so it is refused.
 */
export const IMAGE_VIEW_WINDOW_MS = 20 * 60 * 1000;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isChismeId(value: unknown): value is string {
  return typeof value === 'string' && uuidPattern.test(value);
}

/** The refusals both answer alike, before and after reading the chisme as the caller. */
export const chismeRefusals = {
  chismeIdInvalid: { status: 400, code: 'chisme_id_invalid', message: 'Error API: Identificador de chisme no válido' },
  chismeNotFound: { status: 404, code: 'chisme_not_found', message: 'Error API: El chisme no existe' },
} as const satisfies Record<string, ApiFailure>;
