// The block `npm run stack:start` prints, like `supabase status`, plus the demo accounts.
import { demoAccountsTable } from './demo-accounts.ts';
import { ANON_KEY, API_URL, DB_URL, JWT_SECRET, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY } from '../shared/keys.ts';
import { HOST, MAIL_PORT } from '../shared/paths.ts';
import { readState, type StackState } from './state.ts';

/** One line per supervised service that restarted or is restarting, with the last reason. */
export function healthLines(state: StackState | undefined): string[] {
  return Object.entries(state?.services ?? {})
    .filter(([, health]) => health.restarts > 0 || health.state !== 'running')
    .map(([name, health]) => `${name}: ${health.state}, ${health.restarts} restart(s); last: ${health.reason ?? '?'} at ${health.at ?? '?'}`);
}

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
    '     Mailpit URL: ' + `http://${HOST}:${MAIL_PORT}` + ' (the mails Auth sends)',
    '       Functions: ' + (functions.length ? functions.map((name) => `${API_URL}/functions/v1/${name}`).join(', ') : '(none)'),
    '',
    'Demo accounts:',
    demoAccountsTable(),
  ].join('\n');
}
