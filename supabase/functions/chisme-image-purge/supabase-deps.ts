// The real purge dependencies: the service role lists and removes (users can do neither).
import { removeChismeImages, serviceRpc } from '../_shared/service-role.ts';
import type { PurgeDeps } from './purge.ts';

export const supabasePurgeDeps: PurgeDeps = {
  async listExpired(limit) {
    return (await serviceRpc<string[] | null>('list_expired_chisme_images', { p_limit: limit })) ?? [];
  },
  remove: removeChismeImages,
};

/** Whether a bearer token is this project's service role key (the only caller allowed). */
export function isServiceKey(token: string): boolean {
  const key = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
  return !!key && token.length === key.length && timingSafeEqual(token, key);
}

function timingSafeEqual(a: string, b: string): boolean {
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
