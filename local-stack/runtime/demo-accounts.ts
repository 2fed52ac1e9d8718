// The demo accounts `supabase/seed.sql` creates, as data: `npm run stack:start` prints them and
// the stack's contract tests (local-stack/tests/demo-accounts.test.ts) sign in with each one and
// check that README.md's table lists the same, so the seed, this file and the README cannot drift.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../shared/paths.ts';

export type DemoAccount = { email: string; password: string; notes: string };

export const demoAccountsFile = join(repoRoot, 'supabase', 'demo-accounts.json');

export function demoAccounts(): DemoAccount[] {
  return JSON.parse(readFileSync(demoAccountsFile, 'utf8')) as DemoAccount[];
}

/** The accounts as the Markdown table README.md shows (and `stack:start` prints). */
export function demoAccountsTable(accounts: DemoAccount[] = demoAccounts()): string {
  return [
    '| e-mail | password | notes |',
    '|---|---|---|',
    ...accounts.map((account) => `| \`${account.email}\` | \`${account.password}\` | ${account.notes} |`),
  ].join('\n');
}
