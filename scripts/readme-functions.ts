// README.md's "Edge functions" table names every edge function, and only those: each folder of
// supabase/functions/ but the shared ones (`_shared/`, `_tests/`) is a row, by its name in
// backticks in the first column. A function added without a row (or a row left after its
// folder went) fails `npm run form`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const functionsDir = join(root, 'supabase', 'functions');

function functionFolders(): string[] {
  return readdirSync(functionsDir)
    .filter((name) => !name.startsWith('_') && statSync(join(functionsDir, name)).isDirectory())
    .sort();
}

/** The names in the first column of the table under `## Edge functions`. */
function readmeFunctions(readme: string): string[] {
  const section = /^## Edge functions\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(readme)?.[1] ?? '';
  return [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1]!).sort();
}

const folders = functionFolders();
const listed = readmeFunctions(readFileSync(join(root, 'README.md'), 'utf8'));
const missing = folders.filter((name) => !listed.includes(name));
const stale = listed.filter((name) => !folders.includes(name));
if (missing.length || stale.length || folders.length === 0) {
  if (missing.length) console.error(`README.md "Edge functions" lacks: ${missing.join(', ')}`);
  if (stale.length) console.error(`README.md "Edge functions" lists functions without a folder: ${stale.join(', ')}`);
  if (folders.length === 0) console.error(`no edge function found in ${functionsDir}`);
  process.exit(1);
}
console.log(`README.md lists the ${folders.length} edge functions: ${folders.join(', ')}`);
