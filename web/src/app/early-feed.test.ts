import { describe, expect, it } from 'vitest';
import { feedTabOf, storedCotilleo } from './early-feed';

describe('early feed request', () => {
  it('knows which feed a first load opens', () => {
    expect(feedTabOf('/')).toBe('recent');
    expect(feedTabOf('/chismes')).toBe('recent');
    expect(feedTabOf('/chismes/')).toBe('recent');
    expect(feedTabOf('/chismes/tranding/')).toBe('trending');
    expect(feedTabOf('/chismes/top')).toBe('top');
    expect(feedTabOf('/chismes/old/')).toBe('old');
    expect(feedTabOf('/profile/')).toBeUndefined();
    expect(feedTabOf('/login')).toBeUndefined();
  });

  it('reads the stored mode as useCotilleoMode does', () => {
    const storage = (value: string | null) => ({ getItem: () => value });
    expect(storedCotilleo(storage('true'))).toBe(true);
    expect(storedCotilleo(storage('false'))).toBe(false);
    expect(storedCotilleo(storage(null))).toBe(false);
    expect(storedCotilleo(storage('{broken'))).toBe(false);
  });
});
