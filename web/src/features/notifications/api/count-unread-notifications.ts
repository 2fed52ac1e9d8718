// How many of the caller's notifications are unread (RLS shows only one's own; the partial
// unread index of supabase/schemas/60-notifications.sql serves the count).
import { toApiError } from '../../../lib/api-error';
import { supabase } from '../../../lib/supabase';

export async function countUnreadNotifications(): Promise<number> {
  const { count, error } = await supabase.from('notifications').select('id', { count: 'exact', head: true }).eq('is_read', false);
  if (error) throw toApiError(error);
  return count ?? 0;
}
