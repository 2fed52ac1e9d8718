// `npm run stack:start | stack:stop | stack:status | stack:reset`.
import { gatewayAnswers, isStackRunning, startStack, stopStack } from './index.ts';
import { readState } from './state.ts';
import { statusBlock } from './status.ts';

async function main(command: string | undefined): Promise<void> {
  switch (command) {
    case 'start':
    case 'reset': {
      const started = Date.now();
      if (command === 'start' && (await isStackRunning())) {
        console.log('The local Supabase stack is already running.\n');
      } else {
        if (command === 'reset') await stopStack();
        await startStack({ fresh: command === 'reset' });
        console.log(`Started the local Supabase stack in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
      }
      console.log(statusBlock());
      return;
    }
    case 'stop':
      console.log((await stopStack()) ? 'Stopped the local Supabase stack.' : 'The local Supabase stack is not running.');
      return;
    case 'status':
      if (await isStackRunning()) {
        console.log(`The local Supabase stack is running (pid ${readState()?.pid}).\n`);
        console.log(statusBlock());
      } else {
        const state = readState();
        const failure = state?.status === 'failed' ? ` Its last start failed: ${state.reason}` : '';
        const other = !state && (await gatewayAnswers()) ? ' (a stack from another checkout holds its ports)' : '';
        console.log(`The local Supabase stack is not running${other}.${failure}`);
        process.exitCode = 1;
      }
      return;
    default:
      throw new Error('usage: tsx local-stack/cli.ts start|stop|status|reset');
  }
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(`local stack: ${(error as Error).message}`);
  process.exit(1);
});
