// The project's API keys as the edge runtime hands them to a function. Hosted Supabase sets
// the legacy JWT keys (SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY) and the new ones as JSON
// objects of name → key (SUPABASE_PUBLISHABLE_KEYS, SUPABASE_SECRET_KEYS, e.g.
// {"default":"sb_secret_…"}; Supabase docs, Edge Functions "Environment Variables", and the
// CLI's `functions serve`). The legacy variables stay set after the legacy keys are disabled,
// so a new key is used whenever one is given, and a legacy key only where none is.

/** Where keys are read from: Deno.env, or a Map in tests. */
export interface KeyEnv {
  get(name: string): string | undefined;
}

/** The keys of a `SUPABASE_*_KEYS` variable, `default` first; none when it is unset. */
function namedKeys(env: KeyEnv, variable: string): string[] {
  const raw = env.get(variable);
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(`${variable} is not JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`${variable} is not a JSON object of keys`);
  const entries = Object.entries(parsed as Record<string, unknown>).filter((entry): entry is [string, string] =>
    typeof entry[1] === 'string' && entry[1] !== ''
  );
  return entries.sort(([a], [b]) => Number(b === 'default') - Number(a === 'default')).map(([, key]) => key);
}

function firstKey(env: KeyEnv, newVariable: string, legacyVariable: string): string {
  const key = namedKeys(env, newVariable)[0] ?? env.get(legacyVariable);
  if (!key) throw new Error(`neither ${newVariable} nor ${legacyVariable} is set`);
  return key;
}

/** The key a function bypasses RLS with: the default secret key, else the legacy service_role JWT. */
export function serviceRoleKey(env: KeyEnv = Deno.env): string {
  return firstKey(env, 'SUPABASE_SECRET_KEYS', 'SUPABASE_SERVICE_ROLE_KEY');
}

/** The key a function acts as a caller with: the default publishable key, else the legacy anon JWT. */
export function publishableKey(env: KeyEnv = Deno.env): string {
  return firstKey(env, 'SUPABASE_PUBLISHABLE_KEYS', 'SUPABASE_ANON_KEY');
}

/** Whether `candidate` is one of this project's service keys: any secret key, or the legacy service_role JWT. */
export function isServiceRoleKey(candidate: string, env: KeyEnv = Deno.env): boolean {
  const keys = [...namedKeys(env, 'SUPABASE_SECRET_KEYS'), env.get('SUPABASE_SERVICE_ROLE_KEY') ?? ''].filter((key) => key !== '');
  // Every key is compared (no early exit), each in time independent of where it differs.
  return keys.reduce((found, key) => timingSafeEqual(candidate, key) || found, false);
}

/** The keys a request presents: its `apikey` header (what pg_net sends) and its Bearer token. */
export function presentedKeys(request: Request): string[] {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '')?.[1];
  return [request.headers.get('apikey') ?? '', bearer ?? ''].filter((key) => key !== '');
}

/**
 * Whether a request comes from the service role: one of the keys it presents is one of this
 * project's service keys. For the functions with `verify_jwt = false` that only the scheduled
 * jobs call (an `sb_secret_…` key is no JWT, so the gateway's check would refuse it).
 */
export function carriesServiceRoleKey(request: Request, env: KeyEnv = Deno.env): boolean {
  return presentedKeys(request).some((key) => isServiceRoleKey(key, env));
}

function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
