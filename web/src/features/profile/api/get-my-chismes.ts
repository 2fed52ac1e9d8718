// The caller's own chismes of one mode, newest first. A read: over GET (docs/api.md), with the
// person's new chismes a read replica may not have yet (lib/own-content.ts).
import { toApiError } from '../../../lib/api-error';
import { getArgs } from '../../../lib/get-args';
import { withOwnChismes } from '../../../lib/own-content';
import { supabase } from '../../../lib/supabase';
import type { FeedChisme } from '../../../types/api';

export const profileKeys = {
  myChismes: (userId: string, cotilleo: boolean) => ['my-chismes', userId, cotilleo] as const,
};

export async function getMyChismes([, , cotilleo]: ReturnType<typeof profileKeys.myChismes>): Promise<FeedChisme[]> {
  const { data, error } = await supabase.rpc('get_my_chismes', getArgs({ p_cotilleo: cotilleo }), { get: true });
  if (error) throw toApiError(error);
  // The whole list comes in one answer: no page size limits where a held chisme fits.
  return withOwnChismes((data ?? []) as FeedChisme[], (c) => c.cotilleo === cotilleo, Number.POSITIVE_INFINITY);
}
