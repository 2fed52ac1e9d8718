// `npm run stack:start | stack:stop | stack:status | stack:reset`.
import { gatewayAnswers, isStackRunning, startStack, stopStack } from './stack.ts';
import { readState } from './state.ts';
import { healthLines, statusBlock } from './status.ts';

let interrupted = false;

async function main(command: string | undefined): Promise<void> {
  switch (command) {
    case 'start':
    case 'reset': {
      const started = Date.now();
      if (command === 'start' && (await isStackRunning())) {
        console.log('The local Supabase stack is already running.\n');
      } else {
        // Ctrl-C while starting stops the half-started stack instead of leaving it behind.
        process.once('SIGINT', () => {
          interrupted = true;
          void stopStack().finally(() => {
            console.error('local stack: start interrupted; stopped what it had started.');
            process.exit(130);
          });
        });
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
        for (const line of healthLines(readState())) console.log(line);
        console.log(statusBlock());
      } else if (readState()?.status === 'degraded') {
        console.log(`The local Supabase stack is running degraded (pid ${readState()?.pid}); restarting what died:`);
        for (const line of healthLines(readState())) console.log(line);
        process.exitCode = 1;
      } else {
        const state = readState();
        const failure = state?.status === 'failed' ? ` Its last run failed: ${state.reason}` : '';
        const other = !state && (await gatewayAnswers()) ? ' (a stack from another checkout holds its ports)' : '';
        console.log(`The local Supabase stack is not running${other}.${failure}`);
        process.exitCode = 1;
      }
      return;
    default:
      throw new Error('usage: tsx local-stack/runtime/cli.ts start|stop|status|reset');
  }
}

main(process.argv[2]).catch((error: unknown) => {
  if (interrupted) return; // the SIGINT handler reports and exits
  console.error(`local stack: ${(error as Error).message}`);
  process.exit(1);
});
