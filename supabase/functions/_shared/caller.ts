// Who is calling: the signed-in user's access token from the Authorization header.
//
// This is a quick gate, not the authority. The JWT's signature is verified by the gateway
// (`verify_jwt = true` in supabase/config.toml) before the function runs, and again by
// PostgREST and Storage on every query made with the token; nothing here is trusted beyond
// turning away, without a round trip, requests that carry no user at all (no header, the anon
// key, a service key, an expired or malformed token).

export interface Caller {
  /** The raw access token, forwarded so the database sees the caller. */
  accessToken: string;
  userId: string;
}

export function callerFromRequest(request: Request, now: Date = new Date()): Caller | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '');
  const accessToken = match?.[1];
  if (!accessToken) return null;
  const claims = decodeClaims(accessToken);
  if (!claims || claims.role !== 'authenticated' || typeof claims.sub !== 'string' || !claims.sub) {
    return null;
  }
  if (typeof claims.exp === 'number' && claims.exp * 1000 <= now.getTime()) return null;
  return { accessToken, userId: claims.sub };
}

function decodeClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload || token.split('.').length !== 3) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));
    const claims: unknown = JSON.parse(json);
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
