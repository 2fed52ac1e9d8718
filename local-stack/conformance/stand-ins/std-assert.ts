// Stand-in for `https://deno.land/std@0.220.1/assert/mod.ts` (the host is unreachable here): the
// two assertions supabase-js's Deno tests import, with std's meaning (deep equality; not null
// and not undefined). Mapped in by the import map the conformance runner writes (deno-tests.ts).
// Deno code: not type checked with the project (tsconfig.json excludes this folder).
import { isDeepStrictEqual, inspect } from 'node:util';

export class AssertionError extends Error {
  override name = 'AssertionError';
}

export function assertEquals<T>(actual: unknown, expected: T, message?: string): asserts actual is T {
  if (isDeepStrictEqual(actual, expected)) return;
  throw new AssertionError(message ?? `Values are not equal:\n  actual: ${inspect(actual, { depth: 6 })}\n  expected: ${inspect(expected, { depth: 6 })}`);
}

export function assertExists<T>(actual: T, message?: string): asserts actual is NonNullable<T> {
  if (actual === null || actual === undefined) throw new AssertionError(message ?? `actual: "${actual}" expected to not be null or undefined`);
}
