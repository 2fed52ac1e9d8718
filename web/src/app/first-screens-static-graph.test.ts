// supabase-js (47 KB as served, brotli) stays off the first screens' path: nothing the entry or a first
// screen's route module imports statically may reach lib/supabase.ts or any module that imports
// an `@supabase/` package at run time (not `import type`); only `import()` may.
// A static import puts it in the route's preload list and before the first card (about 0.6 s
// of LCP: bench/HISTORY.md, "The profile's first card" and "supabase-js back out of the entry").
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Relative imports that stay in the module graph at run time: not `import()`, not `import type`. */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s*'(\.[^']+)'/gm), ...text.matchAll(/^import\s+'(\.[^']+)'/gm)].map(
    (m) => m[1]!,
  );
  return specifiers.flatMap((s) => {
    const base = resolve(dirname(file), s);
    const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => existsSync(p) && p.match(/\.tsx?$/));
    return found ? [found] : [];
  });
}

/** Whether a module imports an `@supabase/` package at run time. */
function importsSupabasePackage(file: string): boolean {
  return /^(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s*'@supabase\//m.test(readFileSync(file, 'utf8'));
}

/** The chain of static imports from `entry` to a module `isTarget` accepts, or null. */
function staticPath(entry: string, isTarget: (file: string) => boolean): string[] | null {
  const seen = new Set<string>([entry]);
  const queue: string[][] = [[entry]];
  while (queue.length > 0) {
    const chain = queue.shift()!;
    for (const next of staticImports(chain.at(-1)!)) {
      if (isTarget(next)) return [...chain, next].map((p) => relative(src, p));
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...chain, next]);
      }
    }
  }
  return null;
}

const supabase = join(src, 'lib', 'supabase.ts');
const reachesSupabase = (file: string) => file === supabase || importsSupabasePackage(file);
const firstScreens = ['main.tsx', 'app/routes/feed.tsx', 'app/routes/chisme.tsx', 'app/routes/profile.tsx', 'app/routes/login.tsx'];

describe('first screens without supabase-js', () => {
  it.each(firstScreens)('%s reaches supabase-js only through import()', (entry) => {
    expect(staticPath(join(src, entry), reachesSupabase)).toBeNull();
  });

  it('finds a static path where there is one', () => {
    // The moderation console's api module imports the client for its offensive-word list.
    expect(staticPath(join(src, 'features/moderation/components/moderation-console.tsx'), reachesSupabase)).not.toBeNull();
  });

  it('counts a module importing an @supabase/ package as supabase-js', () => {
    expect(staticPath(join(src, 'features/settings/api/account.ts'), (file) => file !== supabase && importsSupabasePackage(file))).not.toBeNull();
  });
});
