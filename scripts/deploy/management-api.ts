// The one Management API call a deploy makes itself rather than through the CLI: the Auth
// settings supabase/config.toml cannot carry (supabase/auth-hosted.json, by their API names), sent
// with `PATCH /v1/projects/{ref}/config/auth` (the API's v1UpdateAuthServiceConfig). It
// authenticates as the CLI does: SUPABASE_ACCESS_TOKEN, else the token `supabase login` left in
// ~/.supabase/access-token (a login kept in the system keyring is the CLI's alone: then set the
// variable).
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const managementApiUrl = 'https://api.supabase.com';

export function accessToken(env: Record<string, string | undefined>): string | undefined {
  if (env.SUPABASE_ACCESS_TOKEN) return env.SUPABASE_ACCESS_TOKEN;
  const file = join(env.HOME || homedir(), '.supabase', 'access-token');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || undefined : undefined;
}

export const missingTokenLine =
  'no Supabase access token: set SUPABASE_ACCESS_TOKEN (supabase.com → Account → Access Tokens); the deploy sends supabase/auth-hosted.json to the Management API with it, and a `supabase login` kept in the system keyring is readable by the CLI only';

/** The settings of supabase/auth-hosted.json (its `$comment` aside). */
export function hostedAuthSettings(root: string): Record<string, unknown> {
  const file = JSON.parse(readFileSync(join(root, 'supabase', 'auth-hosted.json'), 'utf8')) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(file).filter(([name]) => !name.startsWith('$')));
}

export interface ManagementApi {
  url: string;
  token: string | undefined;
}

export async function patchAuthConfig(api: ManagementApi, projectRef: string, settings: Record<string, unknown>): Promise<void> {
  if (!api.token) throw new Error(missingTokenLine);
  const response = await fetch(`${api.url}/v1/projects/${projectRef}/config/auth`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${api.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(settings),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`PATCH /v1/projects/${projectRef}/config/auth answered ${response.status}: ${text.slice(0, 300)}`);
  const answer = JSON.parse(text || '{}') as Record<string, unknown>;
  const differing = Object.entries(settings).filter(([name, value]) => name in answer && answer[name] !== value);
  if (differing.length) throw new Error(`the project kept ${differing.map(([name]) => `${name} = ${JSON.stringify(answer[name])}`).join(', ')}`);
}
