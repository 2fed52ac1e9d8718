// Checks each out-of-scope reason that names a feature off by default against the CLI's own
// `supabase init` config (generated offline into a temporary folder by the npm `supabase`
// binary): the setting must be false or absent (commented out) there. A reason that claims a default the CLI
// does not have stops the run.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readToml } from '../shared/config.ts';
import { binDir } from '../shared/paths.ts';
import type { OutOfScope } from './out-of-scope.ts';

export function checkAgainstInit(entries: OutOfScope[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'supabase-init-'));
  try {
    execFileSync(join(binDir, 'supabase'), ['init', '--force'], { cwd: dir, stdio: 'ignore' });
    const toml = readToml(join(dir, 'supabase', 'config.toml'));
    const seen = new Set<string>();
    const lines: string[] = [];
    for (const entry of entries) {
      if (!entry.initOff) continue;
      const [table, key] = entry.initOff;
      const name = `[${table}] ${key}`;
      if (seen.has(name)) continue;
      seen.add(name);
      const value = toml.get(table)?.get(key);
      if (value !== undefined && value !== false)
        throw new Error(`out-of-scope.ts says ${name} is off in \`supabase init\`'s config, but it is ${JSON.stringify(value)} there`);
      lines.push(`${name} = ${value === undefined ? '(absent: off)' : String(value)} in \`supabase init\`'s config`);
    }
    return lines;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
