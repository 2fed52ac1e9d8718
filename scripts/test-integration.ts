// `npm run test:integration`: the product-rule tests of tests/integration/ through the public
// API. With SUPABASE_URL set (e.g. from `supabase status -o env` after `supabase start`) they
// run against that, and nothing is started. Otherwise against the Docker-free local stack: the
// one already running is used as it is (under `npm test`, the one test:stack used), else one is
// started and stopped again afterwards.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureStack } from '../local-stack/index.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = (): number =>
  spawnSync('npx', ['vitest', 'run', '--config', 'tests/integration/vitest.config.ts', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' }).status ?? 1;

async function main(): Promise<number> {
  if (process.env.SUPABASE_URL) {
    console.log(`test:integration: against ${process.env.SUPABASE_URL}`);
    return vitest();
  }
  const stack = await ensureStack();
  console.log(`test:integration: ${stack.startedHere ? 'started the local stack' : 'using the local stack that was already running'}`);
  try {
    return vitest();
  } finally {
    if (stack.startedHere) await stack.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`test:integration: ${(error as Error).message}`);
    process.exit(1);
  },
);
