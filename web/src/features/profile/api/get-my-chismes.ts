// The caller's own chismes of one mode, newest first.
import { toApiError } from '../../../lib/api-error';
import { supabase } from '../../../lib/supabase';
import type { FeedChisme } from '../../../types/api';

export const profileKeys = {
  myChismes: (userId: string, cotilleo: boolean) => ['my-chismes', userId, cotilleo] as const,
};

export async function getMyChismes([, , cotilleo]: ReturnType<typeof profileKeys.myChismes>): Promise<FeedChisme[]> {
  const { data, error } = await supabase.rpc('get_my_chismes', { p_cotilleo: cotilleo });
  if (error) throw toApiError(error);
  return (data ?? []) as FeedChisme[];
}
