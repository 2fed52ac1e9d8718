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
    testTimeout: 120_000,
    hookTimeout: 240_000,
    teardownTimeout: 60_000,
    reporters: ['default'],
  },
});
