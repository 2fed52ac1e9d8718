// `npm run test:e2e`: the product's journeys in headless Chromium, one file at a time in the
// order of issue 7 (the files are numbered), with timeouts generous enough for 2 cores.
import { defineConfig } from 'vitest/config';
import { ByFileName } from './support/sequencer.ts';

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/journeys/**/*.test.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    sequence: { shuffle: false, sequencer: ByFileName },
    // 240 s: every screen and dialog is also scanned with axe in two schemes (support/axe.ts);
    // under a load of ~20 on 2 cores journeys 1 and 2 took 132 and 138 s with the scans.
    testTimeout: 240_000,
    hookTimeout: 240_000,
    teardownTimeout: 60_000,
    reporters: ['default'],
  },
});
