// Filter validation of spec section 5.
import { limits } from '../../../config/limits';
import { filters } from '../../../i18n/es/filters';

const parseAge = (value: string): number | null | 'invalid' => {
  if (value.trim() === '') return null;
  return /^\d+$/.test(value.trim()) ? Number(value.trim()) : 'invalid';
};

/** The first problem with the age range, or the parsed range. */
export function validateAgeRange(from: string, to: string): { error: string } | { from: number | null; to: number | null } {
  const a = parseAge(from);
  const b = parseAge(to);
  if (a === 'invalid' || b === 'invalid') return { error: filters.validation.ageNotNumber };
  const outOfRange = (n: number | null) => n !== null && (n < limits.filterAge.min || n > limits.filterAge.max);
  if (outOfRange(a) || outOfRange(b)) return { error: filters.validation.ageOutOfRange };
  if (a !== null && b !== null && a > b) return { error: filters.validation.rangeInvalid };
  return { from: a, to: b };
}
