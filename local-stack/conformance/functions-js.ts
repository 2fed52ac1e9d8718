// functions-js's live files run against the relay stand-in (stand-ins/relay-container.ts), which
// starts each function with real Deno: here, what it needs from the runner, the Deno binary the
// stack uses and the import map of the functions' one remote import.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stdImports } from './deno-tests.ts';

/** The environment the relay stand-in reads (CONFORMANCE_DENO, CONFORMANCE_FUNCTIONS_IMPORT_MAP). */
export function functionsRelayEnv(repoRoot: string, workDir: string): Record<string, string> {
  const importMap = join(workDir, 'functions-js.import-map.json');
  // The suite's functions import std's `serve` without a version (test/functions/*/index.ts).
  writeFileSync(importMap, JSON.stringify({ imports: stdImports() }, null, 2));
  return { CONFORMANCE_DENO: join(repoRoot, 'node_modules/.bin/deno'), CONFORMANCE_FUNCTIONS_IMPORT_MAP: importMap };
}
