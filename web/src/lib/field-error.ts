// The first failing rule of a form, tied to the field it belongs to (spec section 5 reports
// only the first failure). `field: null` is a form-level problem with no input to point at.
export type FieldError<Field extends string> = { field: Field | null; message: string };

/** Runs checks in order and returns the first failure, or null when every check passes. */
export function firstFailure<Field extends string>(checks: ReadonlyArray<readonly [Field | null, () => string | null]>): FieldError<Field> | null {
  for (const [field, check] of checks) {
    const message = check();
    if (message) return { field, message };
  }
  return null;
}
