// Import boundaries of the house style (bulletproof-react): shared code never imports features
// or the app, features never import each other, and only feature api files (plus the realtime
// hooks and the session provider) reach the Supabase client. The first two hold for tests too
// (a test imports, or mocks with `vi.mock`, what its own layer may import); tests may mock the
// Supabase client. The edge functions have their own: supabase/functions/_tests/architecture.test.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
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
      /^features\/[^/]+\/api\//.test(path) || /^features\/[^/]+\/hooks\/use-[a-z-]+-realtime\.ts$/.test(path) || path === 'lib/auth.tsx';
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
