// JWTs as a Supabase project created today signs and checks them (shared/signing-keys.ts): user
// tokens ES256 with the stack's signing key, carrying its `kid` as GoTrue's do; the legacy HS256
// secret still signs what it signs there (the anon and service_role keys, Storage's signed URLs)
// and is still accepted. A token is checked as GoTrue's parseJWTClaims and the edge runtime's
// verifyHybridJWT check it: by its `kid` among the signing keys, else HS256 with the secret.
import { decodeProtectedHeader, importJWK, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { JWT_SECRET } from './keys.ts';
import { publicJwks, signingKey, type SigningJwk } from './signing-keys.ts';

const secret = new TextEncoder().encode(JWT_SECRET);
type ImportedKey = Awaited<ReturnType<typeof importJWK>>;
const imported = new Map<string, Promise<ImportedKey>>();

function keyFor(jwk: SigningJwk, half: 'private' | 'public'): Promise<ImportedKey> {
  const id = `${half}:${jwk.kid}:${jwk.x ?? jwk.n ?? ''}`;
  // WebCrypto takes the key's usages from key_ops, and a private key may only "sign"
  const { key_ops: _keyOps, use: _use, ...bare } = jwk;
  if (!imported.has(id)) imported.set(id, importJWK(bare, jwk.alg));
  return imported.get(id)!;
}

export type Claims = JWTPayload & { role?: string; session_id?: string; email?: string; [key: string]: unknown };

/** A user token as GoTrue signs it: with the signing key, its `kid` in the header. */
export async function signJwt(claims: Record<string, unknown>): Promise<string> {
  const key = signingKey();
  return new SignJWT(claims).setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' }).sign(await keyFor(key, 'private'));
}

/** HS256 with the legacy secret: Storage's signed URLs and the legacy API keys. */
export async function signWithJwtSecret(claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
}

/** The verified claims, or an Error whose message says why the token was refused. */
export async function verifyJwt(token: string): Promise<Claims> {
  const { kid, alg } = decodeProtectedHeader(token);
  const jwk = kid === undefined ? undefined : (publicJwks().keys.find((key) => key.kid === kid) as SigningJwk | undefined);
  if (jwk) {
    const { payload } = await jwtVerify(token, await keyFor(jwk, 'public'), { algorithms: [jwk.alg] });
    return payload as Claims;
  }
  if (alg !== 'HS256') throw new Error(`unrecognized JWT kid ${String(kid)} for algorithm ${String(alg)}`);
  const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
  return payload as Claims;
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return match?.[1]?.trim();
}
