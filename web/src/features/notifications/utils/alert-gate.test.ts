import { describe, expect, it } from 'vitest';
import { createAlertGate } from './alert-gate';

const gaps = { newMs: 1_500, updateMs: 10_000 };

describe('createAlertGate', () => {
  it('a flood of updates to one collapsed notification is one alert', () => {
    let t = 1_000;
    const shouldAlert = createAlertGate(gaps, () => t);
    const results = [shouldAlert(true)];
    for (let i = 0; i < 300; i += 1) {
      t += 10; // 300 updates in 3 seconds
      results.push(shouldAlert(false));
    }
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(results[0]).toBe(true);
  });

  it('a burst of new notifications within the short gap is one alert', () => {
    let t = 0;
    const shouldAlert = createAlertGate(gaps, () => t);
    expect(shouldAlert(true)).toBe(true);
    t = 1_000;
    expect(shouldAlert(true)).toBe(false);
  });

  it('separate new notifications each alert once the short gap has passed', () => {
    let t = 0;
    const shouldAlert = createAlertGate(gaps, () => t);
    expect(shouldAlert(true)).toBe(true);
    t = 2_000;
    expect(shouldAlert(true)).toBe(true);
    t = 4_000;
    expect(shouldAlert(false)).toBe(false);
    t = 12_000;
    expect(shouldAlert(false)).toBe(true);
  });
});
