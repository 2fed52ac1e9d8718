// The project's API keys as `supabase projects api-keys --reveal -o json` prints them: the
// Management API's list ({ name, api_key, type: legacy | publishable | secret }). A deploy uses
// the default secret key for the scheduled jobs' Vault secret and names the publishable key for the
// web host; the legacy JWT keys only where the project has no new ones.
export interface ProjectKeys {
  /** sb_secret_… (or the legacy service_role JWT): bypasses RLS, never leaves the server side. */
  service: string;
  /** sb_publishable_… (or the legacy anon JWT): what the web app ships. */
  publishable: string;
}

interface ApiKey {
  name?: unknown;
  api_key?: unknown;
  type?: unknown;
}

function pick(keys: ApiKey[], type: 'secret' | 'publishable', legacyName: string): string | undefined {
  const ofType = keys.filter((key) => key.type === type && typeof key.api_key === 'string');
  const chosen = ofType.find((key) => key.name === 'default') ?? ofType[0] ?? keys.find((key) => key.name === legacyName && key.type !== 'secret');
  return typeof chosen?.api_key === 'string' && !chosen.api_key.includes('*') ? chosen.api_key : undefined;
}

export function parseProjectKeys(output: string): ProjectKeys {
  let keys: unknown;
  try {
    keys = JSON.parse(output);
  } catch {
    throw new Error(`supabase projects api-keys printed no JSON: ${output.trim().slice(0, 200)}`);
  }
  if (!Array.isArray(keys)) throw new Error('supabase projects api-keys printed no list of keys');
  const service = pick(keys as ApiKey[], 'secret', 'service_role');
  const publishable = pick(keys as ApiKey[], 'publishable', 'anon');
  if (!service || !publishable)
    throw new Error('the project has no revealed secret/service_role and publishable/anon keys (is the access token allowed to read them?)');
  return { service, publishable };
}
