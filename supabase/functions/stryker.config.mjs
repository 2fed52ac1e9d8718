// StrykerJS over the edge functions' pure modules (`npm run mutation`, scripts/mutation.ts):
// the rule-carrying modules that are neither an entry point (index.ts) nor a handler, each
// with its unit tests (or, for view-rules.ts and purge.ts, the handler tests that drive them).
// Deno has no Stryker runner, so the command runner runs mutation/deno-unit-tests.sh in a
// sandbox copy of this folder, once per mutant (no per-test coverage: the suite of the
// mutant's folder, ~1 s). Left out to keep the run short: http.ts, store-image.ts and the
// image sanitiser (sanitize-image.ts, jpeg-colour-segments.ts: ~600 mutants on their own).
import { fileURLToPath } from 'node:url';
import { commonOptions } from '../../mutation/stryker-common.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
process.env.CHISMES_DENO = `${root}node_modules/.bin/deno`;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'command',
  commandRunner: { command: `${root}mutation/deno-unit-tests.sh` },
  coverageAnalysis: 'off',
  mutate: [
    '_shared/caller.ts',
    '_shared/chisme-image-rules.ts',
    '_shared/postgrest-errors.ts',
    'chisme-image/file-type.ts',
    'chisme-image/size-limit.ts',
    'chisme-image/upload-rules.ts',
    'chisme-image-url/view-rules.ts',
    'chisme-image-purge/purge.ts',
    'log-country/country.ts',
  ],
  ignorePatterns: ['_tests/integration', 'stryker.config.mjs'],
  ...commonOptions('functions', '../../mutation'),
  thresholds: { high: 90, low: 80, break: 80 },
  timeoutMS: 20000,
};
