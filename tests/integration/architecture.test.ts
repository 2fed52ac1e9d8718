// The integration suite runs unchanged against any Supabase (env.ts): it may know a stack only
// by its public URL and keys. So its files import one another, npm packages, and of the rest of
// the repository only local-stack/keys.ts (the well-known local defaults) and tests/shared/
// (helpers of every Node suite that import nothing of the repository: SQL on a URL it is given,
// a push-protocol server on this machine),
// never a stack's internals or another suite's helpers.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const allowedOutside = new Set(['local-stack/keys.ts', 'tests/shared/sql.ts', 'tests/shared/push-service.ts']);

function outsideImports(file: string, text: string): string[] {
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)]
    .map((m) => relative(root, resolve(dirname(file), m[1]!)))
    .filter((path) => !path.startsWith('tests/integration/') && !allowedOutside.has(path));
}

test('the suite imports nothing of a stack but its public defaults', () => {
  const files = readdirSync(here).filter((name) => name.endsWith('.ts'));
  const offenders = files.flatMap((name) => outsideImports(join(here, name), readFileSync(join(here, name), 'utf8')).map((path) => `${name} → ${path}`));
  expect(offenders).toEqual([]);
  assert.ok(files.length >= 5, `${files.length} files read`);
  // The rule itself: a helper of the stack's contract tests is refused, the keys are not.
  // (Each example is joined at run time, so this file's own text does not hold the import.)
  const example = (name: string, path: string) => [`import { ${name} } from`, `'${path}';`].join(' ');
  assert.deepEqual(outsideImports(join(here, 'x.ts'), example('sql', '../../local-stack/tests/helpers.ts')), ['local-stack/tests/helpers.ts']);
  assert.deepEqual(outsideImports(join(here, 'x.ts'), example('ANON_KEY', '../../local-stack/keys.ts')), []);
});

test('what it may import of tests/shared/ imports nothing of the repository', () => {
  const shared = [...allowedOutside].filter((path) => path.startsWith('tests/shared/'));
  assert.ok(shared.length >= 1, `${shared.length} shared files`);
  const imports = shared.flatMap((path) =>
    [...readFileSync(join(root, path), 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((m) => `${path} → ${m[1]}`),
  );
  expect(imports).toEqual([]);
});
