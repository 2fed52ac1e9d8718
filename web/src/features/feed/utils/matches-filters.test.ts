import { describe, expect, it } from 'vitest';
import { aChisme } from '../../../test-utils/fixtures';
import { emptyFilters } from '../../../lib/feed-filters';
import { matchesFilters } from './matches-filters';

describe('matchesFilters', () => {
  const chisme = aChisme({ gender: 'Mujer', country: 'España', years: 30, tags: ['#Amor'] });

  it('keeps a chisme when no filter is set', () => {
    expect(matchesFilters(chisme, emptyFilters)).toBe(true);
  });

  it('applies gender, country and the age range as get_feed does (bounds included)', () => {
    expect(matchesFilters(chisme, { ...emptyFilters, gender: 'Hombre' })).toBe(false);
    expect(matchesFilters(chisme, { ...emptyFilters, country: 'México' })).toBe(false);
    expect(matchesFilters(chisme, { ...emptyFilters, yearsFrom: 30, yearsTo: 30 })).toBe(true);
    expect(matchesFilters(chisme, { ...emptyFilters, yearsFrom: 31 })).toBe(false);
    expect(matchesFilters(chisme, { ...emptyFilters, yearsTo: 29 })).toBe(false);
  });

  it('matches tags with or without "#", whatever the case', () => {
    expect(matchesFilters(chisme, { ...emptyFilters, tags: ['amor'] })).toBe(true);
    expect(matchesFilters(chisme, { ...emptyFilters, tags: ['#odio'] })).toBe(false);
  });
});
