// supabase-js clients acting as bench users: a JWT signed as the stack's Auth signs one (ES256
// with the stack's signing key), the anon key as apikey, realtime over the `ws` package.
import { createHash } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { signJwt } from '../../local-stack/shared/jwt.ts';
import { ANON_KEY, API_URL } from '../../local-stack/keys.ts';
import { benchUserId } from './db.ts';

export async function userToken(userIndex: number): Promise<string> {
  const sub = benchUserId(userIndex);
  return signJwt({ sub, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600, session_id: sub });
}

export async function clientFor(userIndex: number): Promise<SupabaseClient> {
  const token = await userToken(userIndex);
  return createClient(API_URL, ANON_KEY, {
    accessToken: async () => token,
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

/** The id `bench.chisme_id(i)` gives chisme i of the generated data. */
export function benchChismeId(i: number): string {
  const hex = `bec4c4c5${createHash('md5').update(String(i)).digest('hex').slice(8)}`;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
