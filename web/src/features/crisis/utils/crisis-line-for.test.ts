import { describe, expect, it } from 'vitest';
import { crisisLines } from '../../../config/crisis-lines';
import { crisisLineFor } from './crisis-line-for';

describe('crisisLineFor', () => {
  it('finds the line by code or Spanish name', () => {
    expect(crisisLineFor('ES')?.number).toBe('024');
    expect(crisisLineFor('México')?.number).toBe('800 911 2000');
    expect(crisisLineFor('Chile')?.tel).toBe('*4141');
  });

  it('gives null (the fallback) for other or unknown countries', () => {
    expect(crisisLineFor('Francia')).toBeNull();
    expect(crisisLineFor('Desconocido')).toBeNull();
    expect(crisisLineFor(null)).toBeNull();
  });

  it('covers the countries the product must, each with an https source', () => {
    expect(Object.keys(crisisLines).sort()).toEqual(['AR', 'CL', 'CO', 'ES', 'MX', 'PE', 'US']);
    for (const line of Object.values(crisisLines)) expect(line.source).toMatch(/^https:\/\//);
  });
});
