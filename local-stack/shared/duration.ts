// Go's time.ParseDuration, which GoTrue uses for the admin API's `ban_duration`
// ("24h", "1h30m", "90s", "-1.5h"), with Go's error texts.
const units: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, μs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Milliseconds, or an Error whose message is Go's. */
export function parseGoDuration(text: string): number {
  const quoted = JSON.stringify(text);
  let rest = text;
  let sign = 1;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    sign = rest.startsWith('-') ? -1 : 1;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (!rest) throw new Error(`time: invalid duration ${quoted}`);
  let total = 0;
  while (rest) {
    const number = /^(\d+(?:\.\d*)?|\.\d+)/.exec(rest);
    if (!number) throw new Error(`time: invalid duration ${quoted}`);
    rest = rest.slice(number[0].length);
    const unit = /^[^\d.]+/.exec(rest)?.[0];
    if (!unit) throw new Error(`time: missing unit in duration ${quoted}`);
    const factor = units[unit];
    if (factor === undefined) throw new Error(`time: unknown unit ${JSON.stringify(unit)} in duration ${quoted}`);
    total += Number(number[0]) * factor;
    rest = rest.slice(unit.length);
  }
  return sign * total;
}
