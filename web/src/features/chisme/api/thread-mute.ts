// Muting a thread's notifications (its author or a commenter): the state, null when the thread
// is not the caller's to mute, and the switch. Only the chisme id travels.
import { toApiError } from '../../../lib/api-error';

export const threadMuteKeys = { state: (chismeId: string) => ['thread-mute', chismeId] as const };

export async function getThreadMute([, chismeId]: ReturnType<typeof threadMuteKeys.state>): Promise<boolean | null> {
  const { supabase } = await import('../../../lib/supabase');
  const { data, error } = await supabase.rpc('get_thread_mute', { p_chisme_id: chismeId });
  if (error) throw toApiError(error);
  return data;
}

export async function setThreadMute(chismeId: string, muted: boolean): Promise<boolean> {
  const { supabase } = await import('../../../lib/supabase');
  const { data, error } = await supabase.rpc('mute_thread', { p_chisme_id: chismeId, p_muted: String(muted) });
  if (error) throw toApiError(error);
  return data;
}
