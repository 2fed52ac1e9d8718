// Reading Storage's JSON bodies as storage-api (Fastify) does: at most 1 MiB (413
// EntityTooLarge), invalid JSON is 400 InvalidRequest, and the route's body schema is checked
// with Fastify's `body/<field> must be …` messages (400 InvalidRequest), never a 500.
import type { IncomingMessage } from 'node:http';
import { BadJson, PayloadTooLarge, readJson } from '../shared/http.ts';
import { StorageError } from './db.ts';

/** Fastify's default bodyLimit */
const JSON_BODY_LIMIT = 1024 * 1024;

export const validationError = (message: string) => new StorageError('400', 'Bad Request', message, 400, 'InvalidRequest');

export async function readStorageJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  try {
    return await readJson(req, JSON_BODY_LIMIT);
  } catch (error) {
    if (error instanceof PayloadTooLarge) throw new StorageError('413', 'Payload Too Large', 'Request body is too large', 413, 'EntityTooLarge');
    if (error instanceof BadJson) {
      throw error.message === 'the body is not a JSON object'
        ? validationError('body must be object')
        : new StorageError('400', 'Bad Request', "Body is not valid JSON but content-type is set to 'application/json'", 400, 'InvalidRequest');
    }
    throw error;
  }
}

type Kind = 'string' | 'integer' | 'boolean' | 'object' | 'string[]' | 'number';

const matches: Record<Kind, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  integer: (value) => Number.isInteger(value),
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  boolean: (value) => typeof value === 'boolean',
  object: (value) => !!value && typeof value === 'object' && !Array.isArray(value),
  'string[]': (value) => Array.isArray(value) && value.every((item) => typeof item === 'string'),
};

/** Checks the body's fields against a small schema: `required` ones must be there, all of their kind. */
export function checkBody(body: Record<string, unknown>, schema: Record<string, Kind>, required: string[] = []): void {
  for (const field of required) {
    if (body[field] === undefined) throw validationError(`body must have required property '${field}'`);
  }
  for (const [field, kind] of Object.entries(schema)) {
    const value = body[field];
    if (value === undefined || value === null) continue;
    if (kind === 'string[]' && !Array.isArray(value)) throw validationError(`body/${field} must be array`);
    if (kind === 'string[]' && !matches[kind](value))
      throw validationError(`body/${field}/${(value as unknown[]).findIndex((item) => typeof item !== 'string')} must be string`);
    if (!matches[kind](value)) throw validationError(`body/${field} must be ${kind}`);
  }
}

/** NUL (or any character storage-api refuses) in a name: 400 InvalidKey, before any SQL. */
export function hasControlCharacter(name: string): boolean {
  return /[\u0000-\u001f\u007f]/.test(name);
}
