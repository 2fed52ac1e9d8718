import { describe, expect, it } from 'vitest';
import { validateAgeRange } from './validate-filters';

describe('validateAgeRange', () => {
  it('rejects values that are not numbers', () => {
    expect(validateAgeRange('a', '')).toEqual({ field: 'from', error: 'Introduce rangos de edad válidos' });
  });
  it('rejects ages outside 0 to 99', () => {
    expect(validateAgeRange('', '100')).toEqual({ field: 'to', error: 'La edad debe estar entre 0 y 99' });
  });
  it('rejects a from greater than to, only when both are given', () => {
    expect(validateAgeRange('30', '20')).toEqual({ field: 'from', error: 'El rango de edad no es válido' });
    expect(validateAgeRange('30', '')).toEqual({ from: 30, to: null });
  });
  it('accepts an empty range', () => {
    expect(validateAgeRange('', '')).toEqual({ from: null, to: null });
  });
});
