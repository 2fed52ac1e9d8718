// `npm run test:integration`: the product's rules through the public API of a running
// Supabase (tests/integration/env.ts says which). One file at a time: the files share the
// database's rate-limit settings and its clock-aligned one-minute windows.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/integration/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    // A flood waits up to 11 s for a fresh minute, then sends 20 requests at once on 2 cores.
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
