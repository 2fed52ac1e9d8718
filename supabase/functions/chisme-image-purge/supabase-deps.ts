// The real purge dependencies: the service role lists and removes (users can do neither).
import { createServiceClient } from '../_shared/supabase-clients.ts';
import type { PurgeDeps } from './purge.ts';

export const supabasePurgeDeps: PurgeDeps = {
  async listExpired(limit) {
    const { data, error } = await createServiceClient().rpc('list_expired_chisme_images', { p_limit: limit });
    if (error) throw new Error(`list_expired_chisme_images failed: ${error.code ?? ''} ${error.message}`);
    return (data ?? []) as string[];
  },
  async remove(names) {
    const { error } = await createServiceClient().storage.from('chismes').remove(names);
    if (error) throw error;
  },
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
