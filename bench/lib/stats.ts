// Percentiles and timing helpers: every figure is a median or p95 over many runs.

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export interface Summary {
  p50: number;
  p95: number;
  n: number;
}

export function summarize(samples: number[]): Summary {
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), n: samples.length };
}

export const nowMs = (): number => Number(process.hrtime.bigint()) / 1e6;

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export const round = (value: number, digits = 2): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/** Runs `work` from `concurrency` loops until `total` calls are done; returns each call's ms and the wall time. */
export async function runConcurrently(
  total: number,
  concurrency: number,
  work: (index: number, worker: number) => Promise<void>,
): Promise<{ samples: number[]; wallMs: number }> {
  const samples: number[] = [];
  let next = 0;
  const start = nowMs();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (next < total) {
        const index = next++;
        const t0 = nowMs();
        await work(index, worker);
        samples.push(nowMs() - t0);
      }
    }),
  );
  return { samples, wallMs: nowMs() - start };
}
