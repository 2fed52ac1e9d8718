// `npm test`: every suite, cheapest and most fundamental first, stopping at none:
// each suite runs and the run fails if any failed.
import { spawnSync } from 'node:child_process';

const suites = ['test:db', 'test:web', 'test:stack', 'test:functions', 'test:e2e'];

const failed: string[] = [];
for (const suite of suites) {
  console.log(`\n━━━ npm run ${suite}`);
  const result = spawnSync('npm', ['run', '--silent', suite], { stdio: 'inherit' });
  if (result.status !== 0) failed.push(suite);
}
console.log(`\n${suites.length - failed.length} passed, ${failed.length} failed`);
if (failed.length) {
  console.error(`failed suites: ${failed.join(', ')}`);
  process.exit(1);
}
