// One live alert (toast and sound) per gap: a flood of notifications, even collapsed ones
// updated live, interrupts the person once, not once per event. The list still updates.
export function createAlertGate(gapMs: number, now: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY;
  return function shouldAlert(): boolean {
    const t = now();
    if (t - last < gapMs) return false;
    last = t;
    return true;
  };
}
