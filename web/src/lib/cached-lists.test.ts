// The client cache has one owner (lib/cached-lists.ts) that uses SWR's public API only: no
// file reads SWR's key serialisation ('$inf$…', '@"feed",…') or walks the cache's keys to
// match them by substring. An SWR release that changed that format would otherwise silently
// stop likes, live counts, hiding and notifications from reaching cached lists.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = join(dirname(fileURLToPath(import.meta.url)), '..');
const self = fileURLToPath(import.meta.url);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && path !== self ? [path] : [];
  });
}

// What reading SWR's internals looks like: its infinite prefix, its serialised array keys, a
// walk over the cache's keys, a substring test on a key.
const forbidden = [
  /\$inf\$/,
  /'@"/,
  /\bcache\.keys\(\)/,
  /\bkey\.(includes|startsWith|endsWith|indexOf|match|search)\(/,
  /\bunstable_serialize\b.*\.(includes|startsWith)\(/,
];

describe('the cache through SWR’s public API', () => {
  const sources = files(src).map((path) => ({ path: relative(src, path), text: readFileSync(path, 'utf8') }));

  it('sees the app (this test cannot pass on an empty tree)', () => {
    expect(sources.length).toBeGreaterThan(200);
    expect(sources.some((f) => f.path === 'lib/cached-lists.ts')).toBe(true);
  });

  it('no file reads SWR’s key serialisation or matches a key by substring', () => {
    const offenders = sources.flatMap(({ path, text }) =>
      text
        .split('\n')
        .map((line, index) => ({ line, index }))
        .filter(({ line }) => forbidden.some((pattern) => pattern.test(line)))
        .map(({ line, index }) => `${path}:${index + 1}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });

  it('would catch the patterns it forbids', () => {
    const samples = [`key.startsWith('$inf$@"feed"')`, `key.includes('"notifications"')`, 'for (const key of cache.keys())'];
    for (const sample of samples) expect(forbidden.some((pattern) => pattern.test(sample))).toBe(true);
  });
});
