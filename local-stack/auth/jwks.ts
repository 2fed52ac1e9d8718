// GoTrue's GET /.well-known/jwks.json (supabase/auth internal/api/jwks.go): the public halves of
// the signing keys (never an HMAC key), cacheable for 10 minutes.
import type { ServerResponse } from 'node:http';
import { sendJson } from '../shared/http.ts';
import { publicJwks } from '../shared/signing-keys.ts';

export function sendJwks(res: ServerResponse): void {
  sendJson(res, 200, publicJwks(), { 'Cache-Control': 'public, max-age=600' });
}
