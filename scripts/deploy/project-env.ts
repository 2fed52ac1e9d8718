// The values `env()` resolves to in supabase/config.toml, as the Supabase CLI finds them:
// the process environment first, then the dotenv files it loads (apps/cli-go/pkg/config,
// loadNestedEnv: in supabase/, then in the repository root, `.env.<SUPABASE_ENV>.local`,
// `.env.local`, `.env.<SUPABASE_ENV>`, `.env`; a file never overrides a value already set).
// `npm run deploy` runs the CLI with SUPABASE_ENV=production, so the operator's values live in
// supabase/.env.production (git-ignored; supabase/.env.production.example lists them).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';

export const supabaseEnv = 'production';

export function dotenvFiles(root: string): string[] {
  const names = [`.env.${supabaseEnv}.local`, '.env.local', `.env.${supabaseEnv}`, '.env'];
  return [join(root, 'supabase'), root].flatMap((dir) => names.map((name) => join(dir, name)));
}

/** Every variable the CLI would see, by name. */
export function projectEnv(root: string, processEnv: NodeJS.ProcessEnv = process.env): Map<string, string> {
  const values = new Map<string, string>();
  for (const [name, value] of Object.entries(processEnv)) if (value !== undefined) values.set(name, value);
  for (const file of dotenvFiles(root).filter((path) => existsSync(path))) {
    for (const [name, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
      if (!values.has(name) && value !== undefined) values.set(name, value);
    }
  }
  return values;
}
