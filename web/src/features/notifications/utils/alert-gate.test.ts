import { describe, expect, it } from 'vitest';
import { createAlertGate } from './alert-gate';

describe('createAlertGate', () => {
  it('lets one alert through per gap, however many events arrive', () => {
    let t = 1_000;
    const shouldAlert = createAlertGate(10_000, () => t);
    const results: boolean[] = [];
    for (let i = 0; i < 300; i += 1) {
      results.push(shouldAlert());
      t += 10; // 300 events in 3 seconds
    }
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(results[0]).toBe(true);
  });

  it('alerts again once the gap has passed', () => {
    let t = 0;
    const shouldAlert = createAlertGate(10_000, () => t);
    expect(shouldAlert()).toBe(true);
    t = 9_999;
    expect(shouldAlert()).toBe(false);
    t = 10_000;
    expect(shouldAlert()).toBe(true);
  });
});
