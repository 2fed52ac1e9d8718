// `npm run test:e2e`: the product's journeys in headless Chromium, with timeouts generous
// enough for 2 cores. Two groups, one after the other (sequence.groupOrder):
//   1. "journeys": two files at a time. Each journey makes its own accounts, and what it
//      checks is its own (its chismes by their unique text, its feed fixtures by a tag only
//      they carry, its own notifications), so another journey's activity cannot change it.
//   2. "exclusive": one file at a time, alone, for journeys whose checks a second journey
//      running beside them would break, or that break a second journey:
//        04 checks its post is the FIRST card of an unfiltered Recent feed (anyone's post
//           landing meanwhile would take the top);
//        12 stops the whole stack mid-journey;
//        18 removes a chunk of the served build (the profile screen's) for a while.
// The global set-up (build, fresh stack, static server) runs once for both groups. Within a
// group Vitest's own order applies: slowest first by the last run's times, else largest file
// first, which keeps both workers busy until the end (the numbered order left one idle).
import { defineConfig } from 'vitest/config';

const root = new URL('..', import.meta.url).pathname;
const exclusive = ['04-post', '12-robustness', '18-stale-chunk-installable'].map((name) => `e2e/journeys/${name}.test.ts`);

const shared = {
  root,
  pool: 'forks' as const,
  // 240 s: every new screen and dialog is also scanned with axe in two schemes (support/axe.ts);
  // under a load of ~20 on 2 cores journeys 1 and 2 took 132 and 138 s with the scans.
  testTimeout: 240_000,
  hookTimeout: 240_000,
  teardownTimeout: 60_000,
};

export default defineConfig({
  test: {
    root,
    globalSetup: ['e2e/support/global-setup.ts'],
    reporters: ['default'],
    // Projects do not inherit this config (no `extends`): the global set-up must run once.
    projects: [
      {
        test: {
          ...shared,
          name: 'journeys',
          include: ['e2e/journeys/**/*.test.ts'],
          exclude: exclusive,
          maxWorkers: 2,
          sequence: { shuffle: false, groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'exclusive',
          include: exclusive,
          maxWorkers: 1,
          fileParallelism: false,
          sequence: { shuffle: false, groupOrder: 1 },
        },
      },
    ],
  },
});
