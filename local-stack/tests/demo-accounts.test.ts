// The demo accounts of supabase/demo-accounts.json exist on the seeded stack with those
// passwords, and README.md's "Demo accounts" table is exactly the same list.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { demoAccounts, demoAccountsTable } from '../runtime/demo-accounts.ts';
import { repoRoot } from '../shared/paths.ts';
import { client } from './helpers.ts';

describe('demo accounts', () => {
  test('each listed account signs in with its listed password', async () => {
    const accounts = demoAccounts();
    assert.ok(accounts.length >= 4, 'the three people and the moderator');
    for (const account of accounts) {
      const { data, error } = await client().auth.signInWithPassword({ email: account.email, password: account.password });
      assert.equal(error, null, `${account.email} signs in`);
      assert.equal(data.user?.email, account.email);
    }
  });

  test('README.md shows the same table', () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    assert.ok(readme.includes(demoAccountsTable()), 'README "Demo accounts" table equals supabase/demo-accounts.json');
  });
});
