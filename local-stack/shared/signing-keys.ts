// The stack's JWT signing keys, as a Supabase project created today has them: Auth signs user
// tokens ES256 with an asymmetric key and publishes its public half at
// /auth/v1/.well-known/jwks.json, while the legacy HS256 secret (JWT_SECRET, which signs the anon
// and service_role keys) is still accepted wherever Supabase accepts it. `supabase start` gives
// GoTrue such a key (GOTRUE_JWT_KEYS; supabase/cli pkg/config/config.go, the default SigningKeys)
// and the other services a JWKS with its public half and the secret as an `oct` key
// (ResolveJWKS). The stack makes its own key on its first start, in .local-stack/signing_keys.json
// (the CLI's format: an array of private JWKs), or reads `[auth] signing_keys_path` when
// supabase/config.toml sets one, as the CLI does.
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { readToml } from './config.ts';
import { JWT_SECRET } from './keys.ts';
import { stackDir, supabaseDir } from './paths.ts';

export const stackSigningKeysFile = resolve(stackDir, 'signing_keys.json');

export interface SigningJwk extends JWK {
  kid: string;
  alg: string;
}

/** `[auth] signing_keys_path` of supabase/config.toml (relative to supabase/, as the CLI reads it), else the stack's own file. */
export function signingKeysFile(): string {
  const configured = readToml(resolve(supabaseDir, 'config.toml')).get('auth')?.get('signing_keys_path');
  return typeof configured === 'string' && configured ? resolve(supabaseDir, configured) : stackSigningKeysFile;
}

/** Makes the stack's ES256 key unless there is one (a configured file must exist: the CLI refuses a missing one too). */
export async function ensureSigningKeys(): Promise<void> {
  const file = signingKeysFile();
  if (existsSync(file)) return;
  if (file !== stackSigningKeysFile) throw new Error(`[auth] signing_keys_path: ${file} does not exist (supabase gen signing-key writes one)`);
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), use: 'sig', key_ops: ['sign', 'verify'], alg: 'ES256', ext: true };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify([jwk], null, 2) + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
}

let cached: { file: string; mtimeMs: number; keys: SigningJwk[] } | undefined;

/** The private JWKs (read again when the file changes: `stack:reset` makes a new key); the first whose key_ops include "sign" signs (GoTrue's GetSigningJwk). */
export function signingKeys(): SigningJwk[] {
  const file = cached?.file ?? signingKeysFile();
  if (!existsSync(file)) throw new Error(`no JWT signing key yet (${file}): start the local stack first`);
  const { mtimeMs } = statSync(file);
  if (cached?.mtimeMs !== mtimeMs) cached = { file, mtimeMs, keys: JSON.parse(readFileSync(file, 'utf8')) as SigningJwk[] };
  return cached.keys;
}

export function signingKey(): SigningJwk {
  const key = signingKeys().find((jwk) => jwk.key_ops?.includes('sign'));
  if (!key) throw new Error('no signing key: a key of signing_keys.json must have "sign" in key_ops');
  return key;
}

/** A key's public half as GoTrue publishes it: `use` sig, `key_ops` verify (conf/jwk.go). */
function publicHalf(jwk: SigningJwk): JWK {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, k: _k, ext: _ext, ...rest } = jwk;
  return { ...rest, use: 'sig', key_ops: ['verify'] };
}

/** What /auth/v1/.well-known/jwks.json answers (HMAC keys are never published) and edge functions get as SUPABASE_JWKS. */
export function publicJwks(): { keys: JWK[] } {
  return {
    keys: signingKeys()
      .filter((jwk) => jwk.kty !== 'oct')
      .map(publicHalf),
  };
}

/**
 * What PostgREST (PGRST_JWT_SECRET), Realtime and Storage verify with under `supabase start`: the
 * public keys and, unless `signing_keys_path` is set, the legacy secret (ResolveJWKS).
 */
export function verifyingJwks(): { keys: JWK[] } {
  const secret: JWK = { kty: 'oct', k: Buffer.from(JWT_SECRET).toString('base64url') };
  return { keys: [...publicJwks().keys, ...(signingKeysFile() === stackSigningKeysFile ? [secret] : [])] };
}
