// Mark read (one or all) and delete. One notification that is already gone (the 100-cap or
// the 30-day retention) answers false and is not an error: the list simply drops it.
import { toApiError } from '../../../lib/api-error';
import { supabase } from '../../../lib/supabase';

export async function markNotificationRead(id: string): Promise<void> {
  const { error } = await supabase.rpc('mark_notification_read', { p_id: id });
  if (error) throw toApiError(error);
}

export async function markAllNotificationsRead(): Promise<number> {
  const { data, error } = await supabase.rpc('mark_all_notifications_read');
  if (error) throw toApiError(error);
  return (data ?? 0) as number;
}

export async function deleteNotification(id: string): Promise<void> {
  const { error } = await supabase.rpc('delete_notification', { p_id: id });
  if (error) throw toApiError(error);
}
