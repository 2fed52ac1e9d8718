import { describe, expect, it } from 'vitest';
import { handoffName, takeFirstFeed } from './handoff';

describe('first feed handoff', () => {
  it('is taken once', () => {
    const handoff = { tab: 'recent', cotilleo: false, at: 1, page: Promise.resolve([]) };
    const win = { [handoffName]: handoff } as unknown as Window;
    expect(takeFirstFeed(win)).toBe(handoff);
    expect(takeFirstFeed(win)).toBeUndefined();
  });
});
