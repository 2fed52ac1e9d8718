// Import boundaries of the house style (bulletproof-react): shared code never imports features
// or the app, features never import each other, and only feature api files (plus the realtime
// hooks and the session provider) reach the Supabase client. The first two hold for tests too
// (a test imports, or mocks with `vi.mock`, what its own layer may import); tests may mock the
// Supabase client. The edge functions have their own: supabase/functions/_tests/architecture.test.ts.
// Then the types of what the API answers: from the generated lib/database.ts, checked where
// they arrive, never re-declared in a types/api.ts nor cast (lib/answer-shape.ts says why).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && name !== 'database.ts' ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import|mock)\s*\(?\s*'(\.[^']+)'/g)].map((m) => m[1]!);
  return specifiers.map((s) => relative(src, resolve(dirname(file), s)).replace(/\\/g, '/'));
}

const files = sourceFiles(src).map((file) => ({ path: relative(src, file).replace(/\\/g, '/'), imports: importsOf(file) }));
const isTest = (path: string) => /\.test\.tsx?$/.test(path);
const featureOf = (path: string) => /^features\/([^/]+)\//.exec(path)?.[1] ?? null;
const isApiFile = (path: string) => /^features\/[^/]+\/api\//.test(path);
const isShared = (path: string) => /^(components|hooks|lib|config|i18n|types|test-utils)\//.test(path) || path === 'theme.ts';

describe('import boundaries', () => {
  it('shared code imports neither features nor the app', () => {
    const offenders = files
      .filter((f) => isShared(f.path))
      .flatMap((f) => f.imports.filter((i) => i.startsWith('features/') || i.startsWith('app/')).map((i) => `${f.path} → ${i}`));
    expect(offenders).toEqual([]);
  });

  it('features never import another feature or the app', () => {
    const offenders = files
      .filter((f) => featureOf(f.path))
      .flatMap((f) =>
        f.imports.filter((i) => i.startsWith('app/') || (featureOf(i) !== null && featureOf(i) !== featureOf(f.path))).map((i) => `${f.path} → ${i}`),
      );
    expect(offenders).toEqual([]);
  });

  it('only api files, realtime hooks and the session provider use the Supabase client', () => {
    const allowed = (path: string) =>
      isApiFile(path) || /^features\/[^/]+\/hooks\/use-[a-z-]+-realtime\.ts$/.test(path) || path === 'lib/auth.tsx' || path === 'lib/rpc.ts';
    const code = files.filter((f) => !isTest(f.path));
    const offenders = code.filter((f) => f.imports.includes('lib/supabase') && !allowed(f.path)).map((f) => f.path);
    expect(offenders).toEqual([]);
    expect(code.filter((f) => f.imports.includes('lib/supabase')).length).toBeGreaterThan(10);
  });

  it('sees the tests too', () => {
    const tests = files.filter((f) => isTest(f.path));
    expect(tests.length).toBeGreaterThan(50);
    expect(tests.some((f) => f.imports.some((i) => i.startsWith('test-utils/')))).toBe(true);
  });
});

/** The code of a file without its comments and the text of its string literals, so that only
 *  code is searched (a comment may well say "as served"). */
function codeOnly(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const two = text.slice(i, i + 2);
    if (two === '//') i = text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i);
    else if (two === '/*') i = text.indexOf('*/', i + 2) === -1 ? text.length : text.indexOf('*/', i + 2) + 2;
    else if (text[i] === "'" || text[i] === '"' || text[i] === '`') {
      const quote = text[i]!;
      i += 1;
      while (i < text.length && text[i] !== quote) i += text[i] === '\\' ? 2 : 1;
      i += 1;
      out += `${quote}${quote}`;
    } else {
      out += text[i];
      i += 1;
    }
  }
  return out;
}

/** Type assertions in `code` other than `as const`: `x as T`, `<T>x` is not used in .ts(x) with JSX. */
const assertions = (code: string) => [...code.matchAll(/\bas\s+(?!const\b)[A-Za-z_{[(]/g)].length;

// Where answers arrive: the api files and the shared modules that type and check them.
const answerBoundary = (path: string) =>
  !isTest(path) &&
  (isApiFile(path) ||
    [
      'lib/rpc.ts',
      'lib/answer-shape.ts',
      'lib/feed-chisme.ts',
      'lib/thread-comment.ts',
      'lib/app-notification.ts',
      'lib/early-request.ts',
      'lib/api-error.ts',
    ].includes(path));

describe('types of the API come from the generator', () => {
  it('types/api.ts, the hand-written copy of the row types, is gone and nothing imports it', () => {
    expect(existsSync(join(src, 'types', 'api.ts'))).toBe(false);
    expect(files.filter((f) => f.imports.some((i) => i.startsWith('types/'))).map((f) => f.path)).toEqual([]);
  });

  it('what an RPC or a table read answers is checked or typed by the generator, never cast', () => {
    const boundary = files.filter((f) => answerBoundary(f.path));
    const offenders = boundary.filter((f) => assertions(codeOnly(readFileSync(join(src, f.path), 'utf8'))) > 0).map((f) => f.path);
    expect(offenders).toEqual([]);
    expect(boundary.length).toBeGreaterThan(30);
  });

  it('finds a cast of an answer where there is one', () => {
    expect(assertions(codeOnly('const rows = (data ?? []) as FeedChisme[]; // as served\nconst n = data as number;'))).toBe(2);
    expect(assertions(codeOnly("const key = ['a'] as const; const text = 'as Type';"))).toBe(0);
  });

  it('only api files call lib/rpc', () => {
    const offenders = files.filter((f) => !isTest(f.path) && !isApiFile(f.path) && f.imports.includes('lib/rpc')).map((f) => f.path);
    expect(offenders).toEqual([]);
  });
});
