// GoTrue's extractBearerToken + parseJWTClaims (supabase/auth internal/api/auth.go): no Bearer
// token is 401 no_authorization; one that does not verify is 403 bad_jwt.
import type { IncomingMessage } from 'node:http';
import { bearerToken, verifyJwt, type Claims } from '../shared/jwt.ts';
import { AuthError } from './store.ts';

export async function bearerClaims(req: IncomingMessage): Promise<Claims> {
  const token = bearerToken(req.headers.authorization);
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  try {
    return await verifyJwt(token);
  } catch (error) {
    throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${(error as Error).message}`);
  }
}
