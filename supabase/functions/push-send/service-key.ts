// Who may make this function send: only the project's service key, in the `apikey` header
// (what the pg_cron job sends through pg_net) or as a Bearer token. The function runs with
// verify_jwt = false, since a new `sb_secret_…` key is not a JWT; it accepts the legacy
// service_role key (SUPABASE_SERVICE_ROLE_KEY) and any of the project's secret keys
// (SUPABASE_SECRET_KEYS, a JSON object of name → key, as hosted functions get it).

/** The keys this environment names as the service role's. */
export function serviceKeys(env: (name: string) => string | undefined): string[] {
  const keys = [env('SUPABASE_SERVICE_ROLE_KEY') ?? ''];
  try {
    const secretKeys: unknown = JSON.parse(env('SUPABASE_SECRET_KEYS') ?? '{}');
    if (secretKeys && typeof secretKeys === 'object') keys.push(...Object.values(secretKeys).filter((key) => typeof key === 'string'));
  } catch {
    // not JSON: no secret keys
  }
  return keys.filter((key) => key.length > 0);
}

/** Whether the request carries one of these keys (compared in constant time). */
export function carriesServiceKey(request: Request, keys: string[]): boolean {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '')?.[1];
  const candidates = [request.headers.get('apikey') ?? '', bearer ?? ''].filter((value) => value.length > 0);
  return candidates.some((candidate) => keys.some((key) => sameText(candidate, key)));
}

function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
