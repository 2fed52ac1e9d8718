// supabase/config.toml as the CLI sends it to the production project: the `[remotes.production]`
// block merged over the rest of the file (apps/cli-go/pkg/config/config.go, loadFromFile and
// mergeRemoteConfig: applied when the target's ref is the block's project_id; every key the block
// sets replaces the file's; the seed is off unless the block turns it on), and `env(NAME)` values
// resolved as its LoadEnvHook does (a whole-string match; an unset variable leaves the literal
// text `env(NAME)`, which the CLI would send as the value).
import { join } from 'node:path';
import { readToml } from '../../local-stack/shared/config.ts';

type TomlValue = string | number | boolean | string[];

export const remoteName = 'production';
const remotePrefix = `remotes.${remoteName}`;

/** One setting the production block sets: its value in the file above and in production. */
export interface Override {
  /** e.g. `auth.site_url`, `auth.external.google.client_id` */
  path: string;
  local: TomlValue | undefined;
  /** As written in the block (may hold `env(NAME)`). */
  written: TomlValue;
  /** Resolved from the environment; `env(NAME)` left as is when NAME is unset. */
  resolved: TomlValue;
  /** The variables it names that are not set. */
  unset: string[];
}

export interface ProductionConfig {
  /** The block's project_id, or undefined when config.toml has no [remotes.production]. */
  projectId: string | undefined;
  overrides: Override[];
  /** A setting's value in production: the block's (resolved) if it sets it, else the file's. */
  effective(path: string): TomlValue | undefined;
  /** A setting's value in the rest of the file (what the local stack uses), whatever the block sets. */
  local(path: string): TomlValue | undefined;
  /** Every variable the block names through env(). */
  variables: string[];
}

const envReference = /^env\((.*)\)$/;

function resolveString(value: string, env: Map<string, string>): { value: string; unset: string[] } {
  const name = envReference.exec(value)?.[1];
  if (name === undefined) return { value, unset: [] };
  const given = env.get(name);
  return given ? { value: given, unset: [] } : { value, unset: [name] };
}

function resolve(value: TomlValue, env: Map<string, string>): { value: TomlValue; unset: string[] } {
  if (typeof value === 'string') return resolveString(value, env);
  if (Array.isArray(value)) {
    const items = value.map((item) => resolveString(item, env));
    return { value: items.map((item) => item.value), unset: items.flatMap((item) => item.unset) };
  }
  return { value, unset: [] };
}

export function readProductionConfig(root: string, env: Map<string, string>): ProductionConfig {
  const tables = readToml(join(root, 'supabase', 'config.toml'));
  const base = (path: string): TomlValue | undefined => {
    const cut = path.lastIndexOf('.');
    return tables.get(path.slice(0, cut))?.get(path.slice(cut + 1));
  };
  const overrides: Override[] = [];
  for (const [table, values] of tables) {
    if (table !== remotePrefix && !table.startsWith(`${remotePrefix}.`)) continue;
    const section = table.slice(remotePrefix.length + 1);
    for (const [key, written] of values) {
      if (section === '' && key === 'project_id') continue;
      const path = section ? `${section}.${key}` : key;
      const { value: resolved, unset } = resolve(written, env);
      overrides.push({ path, local: base(path), written, resolved, unset });
    }
  }
  const projectId = tables.get(remotePrefix)?.get('project_id');
  const variables = overrides.flatMap((override) => [override.written].flat()).flatMap((value) => envReference.exec(String(value))?.[1] ?? []);
  return {
    variables: [...new Set(variables)],
    projectId: typeof projectId === 'string' ? projectId : undefined,
    overrides,
    effective(path) {
      const override = overrides.find((candidate) => candidate.path === path);
      if (override) return override.resolved;
      if (path === 'db.seed.enabled') return false;
      return base(path);
    },
    local: base,
  };
}
