// `npm run stack:start | stack:stop | stack:status | stack:reset`.
import { ANON_KEY, API_URL, DB_URL, JWT_SECRET, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY } from './keys.ts';
import { demoAccountsText } from './demo-accounts.ts';
import { isStackRunning, startStack, stopStack } from './index.ts';
import { readState } from './state.ts';

export function statusBlock(): string {
  const functions = readState()?.functions ?? [];
  return [
    '         API URL: ' + API_URL,
    '          DB URL: ' + DB_URL,
    '      JWT secret: ' + JWT_SECRET,
    '        anon key: ' + ANON_KEY,
    'service_role key: ' + SERVICE_ROLE_KEY,
    ' Publishable key: ' + PUBLISHABLE_KEY,
    '      Secret key: ' + SECRET_KEY,
    '       Functions: ' + (functions.length ? functions.map((name) => `${API_URL}/functions/v1/${name}`).join(', ') : '(none)'),
    '',
    'Demo accounts:',
    demoAccountsText(),
  ].join('\n');
}

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
        console.log('The local Supabase stack is not running (npm run stack:start).');
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
