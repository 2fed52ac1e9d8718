// Import boundaries of the edge functions (docs/conventions.md, "Edge functions"): Supabase
// deploys each function folder on its own, so a function imports only its own folder and
// `_shared/`; functions never import each other (a rule two functions need moves to `_shared/`).
// Tests too: a unit test may add the token helpers of `_tests/support/`, and the integration
// tests reach the functions only over HTTP, importing no function code but its test fixtures.
import assert from 'node:assert/strict';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const functionsDir = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return [...Deno.readDirSync(dir)].flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Relative imports of a file, as paths from supabase/functions/. */
function importsOf(file: string): string[] {
  const text = Deno.readTextFileSync(file);
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((m) => m[1]!);
  return specifiers.map((s) => relative(functionsDir, normalize(join(dirname(file), s))));
}

const isTest = (path: string) => path.endsWith('.test.ts');
const folderOf = (path: string) => path.split('/')[0]!;

/** Why `from` may not import `to`, or null when it may. Paths are from supabase/functions/. */
function refusal(from: string, to: string): string | null {
  if (isTest(to)) return 'imports a test file';
  const folder = folderOf(from);
  const target = folderOf(to);
  if (folder === '_tests') {
    if (target === '_tests') return null;
    if (from.startsWith('_tests/integration/') && /fixtures\.ts$/.test(to)) return null;
    return 'the integration tests reach functions over HTTP only (fixtures excepted)';
  }
  if (target === folder) return null;
  if (target === '_shared') return null;
  if (isTest(from) && to.startsWith('_tests/support/')) return null;
  if (folder === '_shared') return '_shared/ imports no function';
  return `a function imports only its own folder and _shared/, not ${target}/`;
}

const files = sourceFiles(functionsDir).map((file) => relative(functionsDir, file));
const edges = files.flatMap((from) => importsOf(join(functionsDir, from)).map((to) => ({ from, to })));

Deno.test('functions import only their own folder and _shared/; tests keep to theirs', () => {
  const offenders = edges.flatMap(({ from, to }) => {
    const why = refusal(from, to);
    return why ? [`${from} → ${to}: ${why}`] : [];
  });
  assert.deepEqual(offenders, []);
  // The scan itself works: it sees the imports the functions are known to make.
  assert.ok(edges.some((e) => e.from === 'chisme-image/handler.ts' && e.to === '_shared/http.ts'));
  assert.ok(edges.length > 50, `${edges.length} imports found`);
});

Deno.test('the rule refuses what it should', () => {
  assert.match(refusal('chisme-image-url/handler.ts', 'chisme-image/upload-rules.ts') ?? '', /own folder/);
  assert.match(refusal('_shared/http.ts', 'chisme-image/errors.ts') ?? '', /_shared/);
  assert.match(refusal('_shared/http.ts', '_tests/support/access-token.ts') ?? '', /_shared/);
  assert.match(refusal('_tests/integration/log-country.test.ts', 'log-country/country.ts') ?? '', /HTTP/);
  assert.match(refusal('chisme-image/handler.ts', 'chisme-image/store-image.test.ts') ?? '', /test file/);
  assert.equal(refusal('chisme-image/handler.test.ts', '_tests/support/access-token.ts'), null);
  assert.equal(refusal('_tests/integration/chisme-image.test.ts', 'chisme-image/metadata-fixtures.ts'), null);
});
