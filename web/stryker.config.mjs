// StrykerJS over the web app's pure modules (`npm run mutation`, scripts/mutation.ts), with its
// Vitest runner and per-test coverage: each mutant re-runs only the tests that reach it. The
// modules are the list in vitest.mutation.config.ts (one list for both). In place, not in a
// sandbox: the shared corpus test reads ../supabase/tests/corpus from the working directory;
// Stryker puts every file back when it ends (also on Ctrl-C).
import { readFileSync } from 'node:fs';
import { commonOptions } from '../mutation/stryker-common.mjs';

const vitestConfig = readFileSync(new URL('./vitest.mutation.config.ts', import.meta.url), 'utf8');
const mutate = [...vitestConfig.matchAll(/'(src\/[^']+\.ts)'/g)].map((match) => match[1]);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts' },
  coverageAnalysis: 'perTest',
  mutate,
  inPlace: true,
  // Vitest does not type-check: no `// @ts-nocheck` written into every file of web/ in place.
  disableTypeChecks: false,
  ...commonOptions('web', '../mutation'),
  thresholds: { high: 85, low: 75, break: 70 },
  timeoutMS: 10000,
};
