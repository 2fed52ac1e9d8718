// `npm run test:e2e`: the product's journeys in headless Chromium, with timeouts generous
// enough for 2 cores. Three groups, one after the other (sequence.groupOrder):
//   1. "journeys", two files at a time. Each makes its own accounts, and what it checks is its
//      own (its chismes by their unique text, its feed fixtures by a tag only they carry, its
//      own notifications), so another journey's activity cannot change its outcome.
//   2. "quiet-feed", two files at a time: 04 checks that its post is the FIRST card of an
//      unfiltered Recent feed, so nobody else may post meanwhile; 18 posts nothing, and the
//      chunk it hides for a while (the profile screen's) is one 04 never loads.
//   3. "alone": 12 stops the whole stack mid-journey.
// The global set-up (build, fresh stack, static server) runs once for all groups. Within a
// group Vitest's own order applies: slowest first by the last run's times, else largest file
// first, which keeps both workers busy until the end (the numbered order left one idle).
import { defineConfig } from 'vitest/config';

const root = new URL('..', import.meta.url).pathname;
const journey = (name: string) => `e2e/journeys/${name}.test.ts`;
const quietFeed = ['04-post', '18-stale-chunk-installable'].map(journey);
const alone = ['12-robustness'].map(journey);

const shared = {
  root,
  pool: 'forks' as const,
  // 240 s: every new screen and dialog is also scanned with axe in two schemes (support/axe.ts);
  // under a load of ~20 on 2 cores journeys 1 and 2 took 132 and 138 s with the scans.
  testTimeout: 240_000,
  hookTimeout: 240_000,
  teardownTimeout: 60_000,
  // expect.poll waits 1 s by default: on a loaded machine a service worker showing a push took
  // longer. A deadline only says "never happened"; speed is the benches'.
  expect: { poll: { timeout: 15_000 } },
};

export default defineConfig({
  test: {
    root,
    globalSetup: ['e2e/support/global-setup.ts'],
    reporters: ['default'],
    // Projects do not inherit this config (no `extends`): the global set-up must run once.
    projects: [
      { test: { ...shared, name: 'journeys', include: [journey('*')], exclude: [...quietFeed, ...alone], maxWorkers: 2, sequence: { groupOrder: 0 } } },
      { test: { ...shared, name: 'quiet-feed', include: quietFeed, maxWorkers: 2, sequence: { groupOrder: 1 } } },
      { test: { ...shared, name: 'alone', include: alone, maxWorkers: 1, sequence: { groupOrder: 2 } } },
    ],
  },
});
