import { describe, expect, it } from 'vitest';
import { FIRST_CAP_MS, MAX_CAP_MS, MIN_WAIT_MS, reconnectAfterMs } from './reconnect-backoff';

/** A seeded generator, so the spread measured is the same on every run. */
function seeded(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

describe('reconnectAfterMs', () => {
  it('waits 1–16 s on the first try, and up to twice as long on each later one, at most 60 s', () => {
    expect(reconnectAfterMs(1, () => 0)).toBe(MIN_WAIT_MS);
    expect(reconnectAfterMs(1, () => 1)).toBe(FIRST_CAP_MS);
    expect(reconnectAfterMs(2, () => 1)).toBe(2 * FIRST_CAP_MS);
    expect(reconnectAfterMs(3, () => 1)).toBe(MAX_CAP_MS);
    expect(reconnectAfterMs(50, () => 0.5)).toBe(Math.round(MIN_WAIT_MS + 0.5 * (MAX_CAP_MS - MIN_WAIT_MS)));
  });

  it('10,000 people dropped at once rejoin their 3 channels within 2,500 joins in any second', () => {
    const random = seeded(42);
    const joinsPerSecond = new Map<number, number>();
    for (let person = 0; person < 10_000; person++) {
      const second = Math.floor(reconnectAfterMs(1, random) / 1000);
      joinsPerSecond.set(second, (joinsPerSecond.get(second) ?? 0) + 3);
    }
    expect(Math.max(...joinsPerSecond.values())).toBeLessThanOrEqual(2_500);
    expect([...joinsPerSecond.values()].reduce((a, b) => a + b)).toBe(30_000);
  });
});
