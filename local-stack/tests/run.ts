// `npm run test:stack`: starts the local stack (unless one already runs; then it is used
// as is), runs the contract tests against it with the real supabase-js, and stops the stack
// if this run started it, whether the tests pass or fail.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureStack } from '../index.ts';

const testsDir = fileURLToPath(new URL('.', import.meta.url));

async function main(): Promise<number> {
  const started = Date.now();
  const stack = await ensureStack({ fresh: process.argv.includes('--fresh') });
  console.log(
    stack.startedHere ? `started the local stack in ${((Date.now() - started) / 1000).toFixed(1)} s` : 'using the local stack that was already running',
  );
  const stop = () => stack.stop();
  process.on('SIGINT', () => void stop().finally(() => process.exit(130)));
  try {
    const files = readdirSync(testsDir)
      .filter((name) => name.endsWith('.test.ts'))
      .sort()
      .map((name) => join(testsDir, name));
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], { stdio: 'inherit' });
    return result.status ?? 1;
  } finally {
    await stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`test:stack: ${(error as Error).message}`);
    process.exit(1);
  },
);
