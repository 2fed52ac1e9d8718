// Runtime checks of an RPC answer where the generated types (lib/database.ts) cannot say what it
// is. Two cases, both limits of what PostgreSQL tells the generator, not of the database:
// - a `json`/`jsonb` answer (create_chisme, add_comment, like_chisme…: they answer json so that a
//   refusal can be answered and counted, docs/decisions/0024-refused-writes-count.md) is `Json`;
// - a composite type's fields (feed_chisme, thread_comment, moderation_item) are all nullable,
//   because a composite type has no NOT NULL.
// Casting such an answer to the row type the app uses would be a claim nothing checks. Instead
// each row type is written as one check per field of the generated type (`Shape`: none missing,
// none extra, each no wider than the generated field), the type is read off the checks
// (`Checked`), and the answer is checked where it arrives: a mismatch is an ApiError
// ('unexpected_answer', shown as the caller's own failure text), not a wrong row on screen.
// Answers the generator types exactly (scalars, `returns table`, table rows) need none of this.
import { ApiError } from './api-error';

/** A type guard for one value. */
export type Check<T> = (value: unknown) => value is T;

export const isString: Check<string> = (value): value is string => typeof value === 'string';
export const isNumber: Check<number> = (value): value is number => typeof value === 'number';
export const isBoolean: Check<boolean> = (value): value is boolean => typeof value === 'boolean';
export const isNull: Check<null> = (value): value is null => value === null;

export function arrayOf<T>(check: Check<T>): Check<T[]> {
  return (value): value is T[] => Array.isArray(value) && value.every(check);
}

export function orNull<T>(check: Check<T>): Check<T | null> {
  return (value): value is T | null => value === null || check(value);
}

/** Exactly `expected` (a discriminant, or one of an enumeration's values with `oneOf`). */
export function oneOf<const T extends string | boolean>(...expected: T[]): Check<T> {
  return (value): value is T => expected.some((candidate) => candidate === value);
}

/** One check per field of the generated row type `Generated`: the compiler refuses a missing or
 * an extra field, and a check wider than the generated field's type. */
export type Shape<Generated> = { [K in keyof Generated]-?: Check<Generated[K]> };

/** The row type a shape checks. */
export type Checked<S> = { [K in keyof S]: S[K] extends Check<infer T> ? T : never };

type AnyShape = Record<string, Check<unknown>>;

/** Whether `value` is an object whose every field of `shape` passes its check (other fields are left as they are). */
export function conforms<S extends AnyShape>(value: unknown, shape: S): value is Checked<S> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(shape).every(([key, check]) => check(Reflect.get(value, key)));
}

/** A check of an object of `shape`. */
export function shaped<S extends AnyShape>(shape: S): Check<Checked<S>> {
  return (value): value is Checked<S> => conforms(value, shape);
}

/** `value[key]` when `value` is an object (an answer read one field at a time), else undefined. */
export function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}

/** `answer` when `check` holds; otherwise the ApiError every caller shows as its own failure. */
export function expectAnswer<T>(answer: unknown, check: Check<T>, rpcName: string): T {
  if (check(answer)) return answer;
  throw new ApiError('unexpected_answer', { kind: rpcName });
}
