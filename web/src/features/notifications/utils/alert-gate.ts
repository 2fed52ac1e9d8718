// Live alerts (toast and sound) without floods: a new notification alerts unless another
// alert went off within the short gap (a burst is one interruption); a collapsed notification
// that grew ("3 personas comentaron tu chisme") alerts only after the long gap, so a flood on one
// chisme is one toast, not one per comment. The list and the count always update.
export type AlertGaps = { newMs: number; updateMs: number };

export function createAlertGate(gaps: AlertGaps, now: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY;
  return function shouldAlert(isNew: boolean): boolean {
    const t = now();
    if (t - last < (isNew ? gaps.newMs : gaps.updateMs)) return false;
    last = t;
    return true;
  };
}
