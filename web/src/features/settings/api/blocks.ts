// The caller's blocks: how many people ("N personas bloqueadas") and "Desbloquear a todas".
// Neither names anyone: the database keeps who, the client only ever gets a count.
import { toApiError } from '../../../lib/api-error';
import { supabase } from '../../../lib/supabase';

export const blockKeys = { count: (userId: string) => ['blocks', userId, 'count'] as const };

export async function getBlockCount(): Promise<number> {
  const { data, error } = await supabase.rpc('get_block_count');
  if (error) throw toApiError(error);
  return data ?? 0;
}

export async function unblockAll(): Promise<number> {
  const { data, error } = await supabase.rpc('unblock_all');
  if (error) throw toApiError(error);
  return data ?? 0;
}
