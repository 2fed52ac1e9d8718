// Reading Auth requests as GoTrue reads them: a JSON body of at most 1 MiB whatever its
// Content-Type (413 request_entity_too_large past it, 400 bad_json when it does not parse into
// the parameters object), e-mail addresses checked for length and format, and metadata that
// PostgreSQL can store (no NUL characters).
import type { IncomingMessage } from 'node:http';
import { AuthError } from './store.ts';
import { BadJson, hasNul, PayloadTooLarge, readJson } from '../shared/http.ts';

/** GoTrue's limitRequestBody middleware. */
export const AUTH_BODY_LIMIT = 1 << 20;

export async function readAuthJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  try {
    const body = await readJson(req, AUTH_BODY_LIMIT);
    // GoTrue unmarshals into typed parameters: a wrongly typed e-mail or password does not parse.
    for (const key of ['email', 'password', 'refresh_token', 'phone']) {
      if (body[key] !== undefined && body[key] !== null && typeof body[key] !== 'string') {
        throw new BadJson(`json: cannot unmarshal ${Array.isArray(body[key]) ? 'array' : typeof body[key]} into Go struct field .${key} of type string`);
      }
    }
    return body;
  } catch (error) {
    if (error instanceof PayloadTooLarge) {
      throw new AuthError(413, 'request_entity_too_large', `Request body too large (max ${AUTH_BODY_LIMIT} bytes)`);
    }
    if (error instanceof BadJson) throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${error.message}`);
    throw error;
  }
}

/** GoTrue's format check (badoux/checkmail ValidateFormat, used by validateEmail). */
const EMAIL_FORMAT = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** GoTrue's validateEmail: required, at most 255 bytes, a valid address; returned lower-cased. */
export function validateEmail(raw: string): string {
  const email = raw.trim();
  if (!email) throw new AuthError(400, 'validation_failed', 'An email address is required');
  if (Buffer.byteLength(email) > 255) throw new AuthError(400, 'validation_failed', 'An email address is too long');
  if (!EMAIL_FORMAT.test(email)) {
    throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }
  return email.toLowerCase();
}

/** An e-mail no account can have (too long or with control characters): no lookup needed. */
export function impossibleEmail(email: string): boolean {
  return Buffer.byteLength(email) > 255 || /[\u0000-\u001f\u007f]/.test(email);
}

/** User metadata (`data`) must be storable in the jsonb column. */
export function checkMetadata(data: unknown): void {
  if (hasNul(data)) throw new AuthError(400, 'validation_failed', 'User metadata cannot contain the NUL character (\\u0000)');
}
