// HS256 JWTs signed with the local demo secret, as GoTrue, storage-api and Realtime use them.
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { JWT_SECRET } from './keys.ts';

const secret = new TextEncoder().encode(JWT_SECRET);

export type Claims = JWTPayload & { role?: string; session_id?: string; email?: string; [key: string]: unknown };

export async function signJwt(claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
}

/** The verified claims, or an Error whose message says why the token was refused. */
export async function verifyJwt(token: string): Promise<Claims> {
  const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
  return payload as Claims;
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return match?.[1]?.trim();
}
