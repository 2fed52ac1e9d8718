// The edge functions a deploy sends: every folder of supabase/functions with an index.ts,
// except the shared and test folders (`_…`) and those switched off with `enabled = false`,
// each with its config.toml `verify_jwt` (default true, as the CLI). Discovered, never listed
// by hand, so a function added later is deployed with no edit here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readToml } from '../../local-stack/shared/config.ts';

export interface EdgeFunction {
  name: string;
  verifyJwt: boolean;
}

export function discoverFunctions(functionsDir: string, configFile: string): EdgeFunction[] {
  const config = readToml(configFile);
  return readdirSync(functionsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && existsSync(join(functionsDir, entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .filter((name) => config.get(`functions.${name}`)?.get('enabled') !== false)
    .sort()
    .map((name) => ({ name, verifyJwt: config.get(`functions.${name}`)?.get('verify_jwt') !== false }));
}

/**
 * Variables the edge runtime sets for every function (Supabase docs, Edge Functions
 * "Environment Variables"); `supabase secrets set` refuses names starting with SUPABASE_
 * (apps/cli-go/internal/secrets/set: "Env name cannot start with SUPABASE_, skipping").
 */
export const isPlatformVariable = (name: string) => /^(SUPABASE_|SB_|DENO_)/.test(name);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' || entry.name === 'node_modules' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * The environment variables the deployed code reads by name (`Deno.env.get('X')`, `env.get('X')`,
 * `env('X')`, `requireEnv('X')`), in the functions and `_shared/`, sorted.
 */
export function variablesRead(functionsDir: string, functions: EdgeFunction[]): string[] {
  const dirs = [...functions.map((fn) => join(functionsDir, fn.name)), join(functionsDir, '_shared')].filter((dir) => existsSync(dir));
  const names = new Set<string>();
  for (const file of dirs.flatMap(sourceFiles)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\b(?:env(?:\.get)?|requireEnv)\(\s*'([A-Z][A-Z0-9_]*)'/g)) names.add(match[1]!);
  }
  return [...names].sort();
}

/** The variables the functions read that the platform does not set: they go in as function secrets. */
export function functionSecretNames(functionsDir: string, functions: EdgeFunction[]): string[] {
  return variablesRead(functionsDir, functions).filter((name) => !isPlatformVariable(name));
}
