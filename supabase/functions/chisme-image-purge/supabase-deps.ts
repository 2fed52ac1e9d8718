// The real purge dependencies: the service role lists and removes (users can do neither).
import { isServiceRoleKey } from '../_shared/api-keys.ts';
import { removeChismeImages, serviceRpc } from '../_shared/service-role.ts';
import type { PurgeDeps } from './purge.ts';

export const supabasePurgeDeps: PurgeDeps = {
  async listExpired(limit) {
    return (await serviceRpc<string[] | null>('list_expired_chisme_images', { p_limit: limit })) ?? [];
  },
  remove: removeChismeImages,
};

/** Whether a presented key is one of this project's service keys (the only callers allowed). */
export const isServiceKey = (key: string): boolean => isServiceRoleKey(key);
