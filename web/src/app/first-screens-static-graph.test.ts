// supabase-js (47 KB as served, brotli) stays off the first screens' path: nothing the entry or a first
// screen's route module imports statically may reach lib/supabase.ts, only `import()` may.
// A static import puts it in the route's preload list and before the first card: the profile's
// LCP went from 2.3 to 2.9 s that way (bench/README.md, "The profile's first card").
// Likewise Mantine's Menu (with Popover, FocusTrap and floating-ui, ~25 KB gzip of the entry):
// the cards' and comments' menus load it on their first press (components/deferred-menu.tsx).
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

/** The chain of static imports from `entry` to `target`, or null. */
function staticPath(entry: string, target: string): string[] | null {
  const seen = new Set<string>([entry]);
  const queue: string[][] = [[entry]];
  while (queue.length > 0) {
    const chain = queue.shift()!;
    for (const next of staticImports(chain.at(-1)!)) {
      if (next === target) return [...chain, next].map((p) => relative(src, p));
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...chain, next]);
      }
    }
  }
  return null;
}

const supabase = join(src, 'lib', 'supabase.ts');
const firstScreens = ['main.tsx', 'app/routes/feed.tsx', 'app/routes/chisme.tsx', 'app/routes/profile.tsx', 'app/routes/login.tsx'];

describe('first screens without supabase-js', () => {
  it.each(firstScreens)('%s reaches lib/supabase only through import()', (entry) => {
    expect(staticPath(join(src, entry), supabase)).toBeNull();
  });

  it('finds a static path where there is one', () => {
    expect(staticPath(join(src, 'features/comments/components/comment-thread.tsx'), supabase)).not.toBeNull();
  });
});

/** Every module `entry` reaches by static imports, itself included. */
function staticReach(entry: string): string[] {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  while (queue.length > 0) {
    for (const next of staticImports(queue.shift()!)) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return [...seen];
}

const importsMantineMenu = (file: string) => /^import\s*\{[^}]*\bMenu\b[^}]*\}\s*from\s*'@mantine\/core'/m.test(readFileSync(file, 'utf8'));

describe("first screens without Mantine's Menu", () => {
  it.each(firstScreens)('%s imports Menu only through import()', (entry) => {
    expect(
      staticReach(join(src, entry))
        .filter(importsMantineMenu)
        .map((p) => relative(src, p)),
    ).toEqual([]);
  });

  it('finds a static import where there is one', () => {
    expect(importsMantineMenu(join(src, 'features/chisme/components/chisme-menu-loaded.tsx'))).toBe(true);
  });
});
