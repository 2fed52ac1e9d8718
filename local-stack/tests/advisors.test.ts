// The Supabase CLI works against the stack's database: `supabase db advisors` finds nothing.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { DB_URL } from '../keys.ts';
import { repoRoot } from '../shared/paths.ts';

test('npx supabase db advisors --remote=<stack DB> reports no issues', () => {
  const result = spawnSync('npx', ['supabase', 'db', 'advisors', `--remote=${DB_URL}`, '--fail-on', 'warn'], { cwd: repoRoot, encoding: 'utf8' });
  const output = `${result.stdout}\n${result.stderr}`;
  assert.equal(result.status, 0, output);
  assert.match(output, /No issues found/);
});
