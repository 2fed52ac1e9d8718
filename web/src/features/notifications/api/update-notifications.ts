// Mark read (one or all) and delete.
import { toApiError } from '../../../lib/api-error';
import { supabase } from '../../../lib/supabase';

export async function markNotificationRead(id: string): Promise<void> {
  const { error } = await supabase.from('notifications').update({ is_read: true }).eq('id', id);
  if (error) throw toApiError(error);
}

export async function markAllNotificationsRead(): Promise<number> {
  const { data, error } = await supabase.rpc('mark_all_notifications_read');
  if (error) throw toApiError(error);
  return (data ?? 0) as number;
}

export async function deleteNotification(id: string): Promise<void> {
  const { error } = await supabase.from('notifications').delete().eq('id', id);
  if (error) throw toApiError(error);
}
