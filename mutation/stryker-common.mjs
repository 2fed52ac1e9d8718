// What the two StrykerJS configs (web/stryker.config.mjs, supabase/functions/stryker.config.mjs)
// share: two workers on this 2-core machine, incremental runs, and their reports, incremental
// file and sandbox in mutation/ under the target's name (`dir` is mutation/ as seen from the
// target's folder, Stryker's working directory; scripts/mutation.ts reads the reports there).
/** @returns {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export function commonOptions(name, dir) {
  return {
    concurrency: 2,
    incremental: true,
    incrementalFile: `${dir}/.stryker-incremental-${name}.json`,
    reporters: ['json', 'clear-text', 'progress'],
    jsonReporter: { fileName: `${dir}/.report-${name}.json` },
    tempDirName: `${dir}/.stryker-tmp-${name}`,
    cleanTempDir: 'always',
  };
}
