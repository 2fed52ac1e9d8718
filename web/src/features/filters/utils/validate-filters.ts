// Filter validation of spec section 5.
import { limits } from '../../../config/limits';
import { filters } from '../../../i18n/es/filters';

const parseAge = (value: string): number | null | 'invalid' => {
  if (value.trim() === '') return null;
  return /^\d+$/.test(value.trim()) ? Number(value.trim()) : 'invalid';
};

export type AgeField = 'from' | 'to';

/** The first problem with the age range and the input it points at, or the parsed range. */
export function validateAgeRange(from: string, to: string): { field: AgeField; error: string } | { from: number | null; to: number | null } {
  const a = parseAge(from);
  const b = parseAge(to);
  if (a === 'invalid' || b === 'invalid') return { field: a === 'invalid' ? 'from' : 'to', error: filters.validation.ageNotNumber };
  const outOfRange = (n: number | null) => n !== null && (n < limits.filterAge.min || n > limits.filterAge.max);
  if (outOfRange(a) || outOfRange(b)) return { field: outOfRange(a) ? 'from' : 'to', error: filters.validation.ageOutOfRange };
  if (a !== null && b !== null && a > b) return { field: 'from', error: filters.validation.rangeInvalid };
  return { from: a, to: b };
}
